/// A step between `dispatch` and the reducer, shared by every store style.
///
/// A middleware receives each action with a ``MiddlewareContext`` and a `next` function. It may
/// pass the action on (`next(action)`), drop it (not call `next`), replace it (`next(other)`),
/// pass several, read the state before and after `next`, dispatch new actions, or start async
/// work that dispatches later. Nothing assumes `Action` is an enum: for the class-based style the
/// action is the commit of a mutation.
///
/// Write one as a closure that receives all three at once:
///
/// ```swift
/// let logger = Middleware<Counter, CounterAction> { context, action, next in
///   print("will apply", action, "to", context.state)
///   next(action)
///   print("now", context.state)
/// }
/// ```
///
/// or in the curried Redux form, `context -> next -> action`, when you want to do work once when
/// the chain is built:
///
/// ```swift
/// let counting = Middleware<Counter, CounterAction>(curried: { context in
///   { next in
///     { action in next(action) }
///   }
/// })
/// ```
///
/// A store builds its chain once, when it is created: the first middleware given is the
/// outermost. A dispatch then costs one function call per middleware and allocates nothing.
///
/// > Note: It runs in its store's isolation domain, synchronously, and is not `Sendable`: a
/// > middleware made on the main actor (or in an actor's method) may use that actor's state, and
/// > a `Task` it starts there may dispatch its result through ``MiddlewareContext/dispatch(_:)``.
/// > One made outside any actor works with any store. It is `Sendable`, so that a middleware can
/// > be a global constant, as in Redux; a store refuses, with a message, one made on another
/// > actor than its own (checked once, when the store is made). That check is what makes
/// > `@unchecked Sendable` safe here: its functions are called only by the stores it is given
/// > to, in their own domain.
public struct Middleware<State, Action>: @unchecked Sendable {
  /// The function that receives the rest of the chain.
  public typealias Next = (Action) -> Void

  /// Given one store's context, returns what wraps a `next` for it; called once per store (its
  /// outer functions, which may keep state, run once), its result whenever the store's chain
  /// is linked.
  @usableFromInline let prepare: (MiddlewareContext<State, Action>) -> (@escaping Next) -> Next
  /// The actor the middleware was made on, whose state its functions may use; `nil` for one
  /// made outside any actor, which any store may use.
  @usableFromInline let madeOn: ObjectIdentifier?

  /// Makes a middleware in the curried Redux form: given the context, then the next function, it
  /// returns the function that handles each action.
  ///
  /// The two outer functions run once, when the store builds its chain; only the innermost one
  /// runs per action. Dispatching from the outer functions is a programmer error that stops with
  /// a message: the store is not ready to take actions while its chain is being built.
  ///
  /// ```swift
  /// let passThrough = Middleware<Counter, CounterAction>(curried: { context in
  ///   { next in { action in next(action) } }
  /// })
  /// ```
  /// - Parameters:
  ///   - body: `context -> next -> action`.
  ///   - isolation: Where the middleware is made; leave the default, the caller's actor.
  @inlinable
  public init(
    curried body:
      @escaping (MiddlewareContext<State, Action>)
      -> (@escaping Next) -> Next,
    isolation: (any Actor)? = #isolation
  ) {
    self.prepare = body
    madeOn = isolation.map { ObjectIdentifier($0) }
  }

  /// Makes a middleware from one function that receives the context, the action and `next`.
  ///
  /// ```swift
  /// let dropResets = Middleware<Counter, CounterAction> { _, action, next in
  ///   if action != .reset { next(action) }
  /// }
  /// ```
  /// - Parameters:
  ///   - body: Called once per action that reaches this middleware.
  ///   - isolation: Where the middleware is made; leave the default, the caller's actor.
  @inlinable
  public init(
    _ body: @escaping (MiddlewareContext<State, Action>, Action, @escaping Next) -> Void,
    isolation: (any Actor)? = #isolation
  ) {
    self.prepare = { context in { next in { action in body(context, action, next) } } }
    madeOn = isolation.map { ObjectIdentifier($0) }
  }

  /// A middleware made of `prepare`, made on the actor `madeOn` identifies.
  @usableFromInline
  init(
    madeOn: ObjectIdentifier?,
    prepare: @escaping (MiddlewareContext<State, Action>) -> (@escaping Next) -> Next
  ) {
    self.prepare = prepare
    self.madeOn = madeOn
  }

  /// Wraps `next` for the store whose context this is.
  @inlinable
  func wrap(_ context: MiddlewareContext<State, Action>, _ next: @escaping Next) -> Next {
    prepare(context)(next)
  }
}

extension Middleware {
  /// Composes middlewares in order into a single one; the first is outermost.
  ///
  /// ```swift
  /// let standard = Middleware.chain([logger, analytics])
  /// let store = createStore(reducer: counterReducer, initialState: Counter(), enhancer: applyMiddleware(standard))
  /// ```
  /// - Parameter middlewares: The middlewares to run, outermost first.
  /// - Returns: A middleware that runs them all, in order.
  public static func chain(_ middlewares: [Middleware]) -> Middleware {
    // Made where its parts were: a chain of middlewares made outside any actor works anywhere.
    Middleware(madeOn: middlewares.lazy.compactMap(\.madeOn).first) { context in
      let parts = middlewares.map { $0.prepare(context) }
      return { next in parts.reversed().reduce(next) { inner, wrap in wrap(inner) } }
    }
  }
}
