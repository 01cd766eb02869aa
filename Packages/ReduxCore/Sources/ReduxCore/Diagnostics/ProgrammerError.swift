/// The messages for programmer errors: each says what happened and what to do instead.
///
/// These stop the program (like an out-of-range index) rather than throw, because they can only
/// come from code that breaks the store's rules, and carrying on would lose or corrupt state.
/// They call `fatalError`, never `preconditionFailure`: an optimized (`-c release`) build drops
/// a precondition's text and prints only "Illegal instruction", which helps nobody.
@usableFromInline
enum ProgrammerError {
  @usableFromInline
  static func dispatchDuringReduce(_ action: Any, in style: StoreStyle) -> Never {
    fatalError(
      """
      \(style.module): \(style.sent(action)). \(style.changingCodeStartingASentence) must only \
      change the state it is given: \(style.followUpAdvice(for: action)).
      """)
  }

  @usableFromInline
  static func readDuringReduce(in style: StoreStyle) -> Never {
    fatalError(
      """
      \(style.module): the store's state was read from inside \(style.changingCode). \
      \(style.changingCodeStartingASentence) already has the state as its `inout` parameter: use \
      that instead of reading the store.
      """)
  }

  @usableFromInline
  static func subscribeDuringReduce(in style: StoreStyle) -> Never {
    fatalError(
      """
      \(style.module): subscribe was called from inside \(style.changingCode). \
      \(style.changingCodeStartingASentence) must only change the state it is given: subscribe \
      from the code that creates the store, or from a subscriber.
      """)
  }

  @usableFromInline
  static func dispatchWhileBuildingMiddleware(_ action: Any) -> Never {
    fatalError(
      """
      ReduxCore: dispatch(\(action)) was called while the middleware chain was being built. The \
      outer functions of a curried middleware run once, before the store can take actions: \
      dispatch from the innermost function (the one that receives each action) instead.
      """)
  }

  static func disposeDuringReduce(in style: StoreStyle) -> Never {
    fatalError(
      """
      \(style.module): dispose() was called from inside \(style.changingCode). \
      \(style.changingCodeStartingASentence) must only change the state it is given: dispose of \
      the store from the code that owns it, or from a subscriber.
      """)
  }

  static func travelDuringDispatch(_ operation: String) -> Never {
    fatalError(
      """
      ReduxDevTools: \(operation) was called during a dispatch (from a reducer, a mutation, a \
      middleware or a subscriber). Moving a store through its history replaces its state, which \
      would cut into the action being applied: call it from the code that drives the store (a \
      button's action, a menu command, a task), after the dispatch.
      """)
  }

  @usableFromInline
  static func replaceReducerDuringReduce() -> Never {
    fatalError(
      """
      ReduxCore: replaceReducer was called from inside a reducer. Replace the reducer from the \
      code that owns the store, outside a dispatch.
      """)
  }

  @usableFromInline
  static func middlewareFromAnotherActor() -> Never {
    fatalError(
      """
      ReduxCore: a store was given a middleware made on another actor than the store's own (or \
      on an actor, for a store made outside any). A middleware made on an actor may use that \
      actor's state, and would run on the store's. Make the middleware where the store is made, \
      or in a nonisolated function (a global constant is one), so that any store may use it.
      """)
  }

  @usableFromInline
  static func installMiddlewareDuringDispatch() -> Never {
    fatalError(
      """
      ReduxCore: middlewares were installed during a dispatch. A store builds its middleware \
      chain once, when it is created: pass the middlewares to the store's initializer (or to \
      applyMiddleware) instead.
      """)
  }

  static func madeOnTheMainThreadUsedElsewhere() -> Never {
    fatalError(
      """
      ReduxCore: this store was made on the main thread where Swift reports no actor, so it took \
      the main actor as its home, but it is now used on another thread: it belongs to an actor \
      that made it in its initializer or in a property's default value, which run before the \
      actor is isolated. Make the store in one of the actor's methods (keep it in an optional \
      property, `private var store: FeatureStore<State, Action>?`), where it learns its actor.
      """)
  }

  @usableFromInline
  static func changeMiddlewareDuringReduce(in style: StoreStyle) -> Never {
    fatalError(
      """
      \(style.module): a middleware was added or removed from inside \(style.changingCode). \
      \(style.changingCodeStartingASentence) must only change the state it is given: add or \
      remove middlewares from the code that owns the store, or from a middleware or a subscriber.
      """)
  }

  @usableFromInline
  static func unsubscribeDuringReduce(in style: StoreStyle) -> Never {
    fatalError(
      """
      \(style.module): a subscription was cancelled (or a listener unsubscribed, or a token \
      released) from inside \(style.changingCode). \(style.changingCodeStartingASentence) must \
      only change the state it is given: cancel subscriptions from the code that owns them, or \
      from a subscriber.
      """)
  }

  static func batchingWithoutHome(in style: StoreStyle) -> Never {
    fatalError(
      """
      \(style.module): batchNotifications was called on a store made outside any actor. The held \
      notification is sent later, on the store's actor, and this store has none: make the store \
      on the actor that uses it (the main actor for an app's screens), or in an actor's method.
      """)
  }

  static func dynamicMiddlewareFromAnotherActor() -> Never {
    fatalError(
      """
      ReduxCore: a DynamicMiddleware was given a middleware made on another actor than \
      its own. The added middleware runs in the stores the dynamic one serves, on their actor, \
      and may use its own actor's state: make it where the DynamicMiddleware and its stores are \
      made, or in a nonisolated function.
      """)
  }
}
