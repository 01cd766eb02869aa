/// What a middleware can reach besides the action: the store's current state and its dispatch.
///
/// A middleware reads ``state`` at any moment: before calling `next` it sees the state the action
/// will be applied to, after `next` it sees the result. ``dispatch(_:)`` sends a new action in at
/// the top of the chain, so every middleware sees it too. If a dispatch is already running, the new
/// action is queued and runs as soon as the current one has finished (see `StoreEngine`).
///
/// ```swift
/// let resetAtTen = Middleware<Counter, CounterAction> { context, action, next in
///   next(action)
///   if case .increment = action, context.state.count >= 10 {
///     context.dispatch(.reset)
///   }
/// }
/// ```
///
/// The context holds its store weakly: when the store has been freed, ``state`` returns the last
/// state the store had and ``dispatch(_:)`` drops the action. That makes it safe to keep a
/// context in a task that outlives the store.
///
/// > Note: It belongs to its store's isolation domain, like the store: use it there (from the
/// > middleware, or from a task on the store's actor).
public struct MiddlewareContext<State, Action> {
  @usableFromInline let readState: () -> State
  @usableFromInline let send: (Action) -> Void
  /// Where the store's async work comes back to, read when needed (the store may learn its
  /// home after its chain is built).
  @usableFromInline let readHome: () -> StoreHome?
  /// Registers work to run when the store's state is set without an action (undo, time travel).
  @usableFromInline let observeReplacement: (@escaping () -> Void) -> Void

  /// Makes a context from two functions; stores make their own, and tests use this to drive a
  /// middleware without a store.
  ///
  /// ```swift
  /// var sent: [CounterAction] = []
  /// let context = MiddlewareContext<Counter, CounterAction>(
  ///   getState: { Counter(count: 10) }, dispatch: { sent.append($0) })
  /// context.dispatch(.reset)  // sent == [.reset]; context.state.count == 10
  /// ```
  /// - Parameters:
  ///   - getState: Returns the store's current state.
  ///   - dispatch: Sends an action to the top of the store's middleware chain.
  public init(
    getState: @escaping () -> State,
    dispatch: @escaping (Action) -> Void
  ) {
    self.init(getState: getState, dispatch: dispatch, home: { nil }, onStateReplaced: { _ in })
  }

  /// A store's context, with the store's home.
  @usableFromInline
  package init(
    getState: @escaping () -> State,
    dispatch: @escaping (Action) -> Void,
    home: @escaping () -> StoreHome?,
    onStateReplaced: @escaping (@escaping () -> Void) -> Void
  ) {
    self.readState = getState
    self.send = dispatch
    self.readHome = home
    self.observeReplacement = onStateReplaced
  }

  /// Runs `work` each time the store's state is set without an action (an undo, a jump through
  /// the store's history), which no middleware sees as an action: what a middleware that keeps
  /// the state elsewhere (persistence) needs to stay in step. Call it when the chain is built.
  ///
  /// ```swift
  /// context.whenStateIsReplaced { scheduler.stateMayHaveChanged() }
  /// ```
  package func whenStateIsReplaced(_ work: @escaping () -> Void) {
    observeReplacement(work)
  }

  /// Where the store's async work comes back to; `nil` while the store has no known actor.
  package var home: StoreHome? { readHome() }

  /// The store's state at this moment.
  @inlinable public var state: State { readState() }

  /// Returns the store's state at this moment (the Redux spelling of ``state``).
  @inlinable public func getState() -> State { readState() }

  /// Dispatches a new action through the whole middleware chain.
  ///
  /// During a dispatch the action is queued and runs right after the current one, before the
  /// outermost `dispatch` returns.
  @inlinable public func dispatch(_ action: Action) { send(action) }
}
