// Middleware, subscriptions, state streams and IdentifiedArray come with the style.
@_exported public import ReduxCore
