// The collection element child stores and `ForEachElement` work on (`IdentifiedArrayOf`), as
// TCA users have it in their models: `import EffectStore` is all a feature file needs.
@_exported public import IdentifiedCollections
// Its `ids` are an `OrderedSet`: comparing or searching them needs this module in scope too.
@_exported public import OrderedCollections
// Middleware, subscriptions and state streams come with the style, so one import is enough.
@_exported public import ReduxCore
