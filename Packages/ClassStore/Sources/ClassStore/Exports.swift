// Middleware, subscriptions and state streams come with the style, so one import is enough.
@_exported public import ReduxCore
