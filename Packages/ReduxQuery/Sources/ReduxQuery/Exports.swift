// A query cache lives in a functional store's state and is driven by its actions, so one import
// gives the store, the slices and the cache.
@_exported public import FunctionalStore
