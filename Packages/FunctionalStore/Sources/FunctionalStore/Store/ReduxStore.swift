/// A Redux store: the state, changed only by dispatching actions through a pure reducer.
///
/// Make one with ``createStore(reducer:initialState:enhancer:isolation:)`` (or this type's
/// initializer) and use its members as functions or as methods:
///
/// ```swift
/// let store = createStore(reducer: counterReducer, initialState: 0)
/// let unsubscribe = store.listen { [unowned store] in print("count:", store.getState()) }
/// store.dispatch(.increment)
/// unsubscribe()
/// ```
///
/// Redux's `subscribe(listener)` is `listen(_:)` here: in every style of this
/// package `listen` is a listener that lives until you call its `Unsubscribe`, and `subscribe`
/// returns a `Subscription` token that also ends when it is released.
///
/// The store is `Observable` (read fields as members, `store.count`, in a SwiftUI body or inside
/// `withObservationTracking`), offers async streams of its states
/// (`states(bufferingPolicy:)`) and token-based subscriptions with selectors,
/// all from ReduxCore.
///
/// > Note: It belongs to the isolation domain that makes it (the main actor in an app, your
/// > actor on a server) and is used there synchronously; async work goes in a thunk
/// > (``AsyncThunk``), which runs there too (see `Docs/Concurrency.md`).
public class ReduxStore<State, Action>: StateStore {
  /// The engine behind the store. Not API (see `StateStore.engine`).
  @_documentation(visibility: internal)
  public let engine: StoreEngine<State, Action>

  /// Makes a store; ``createStore(reducer:initialState:enhancer:isolation:)`` is the same with
  /// an enhancer.
  ///
  /// ```swift
  /// let store = ReduxStore(reducer: counterReducer, initialState: 0)
  /// ```
  /// - Parameters:
  ///   - reducer: Applies each action.
  ///   - initialState: The state before any action.
  ///   - isolation: Where the store lives; leave the default, the caller's actor.
  @inlinable
  public convenience init(
    reducer: ReduxReducer<State, Action>, initialState: State, isolation: (any Actor)? = #isolation
  ) {
    self.init(reducer: reducer, initialState: initialState, home: isolation)
  }

  /// Makes a store that lives on `home` (`nil`: outside any actor).
  @usableFromInline
  package init(reducer: ReduxReducer<State, Action>, initialState: State, home: (any Actor)?) {
    engine = StoreEngine(initialState: initialState, home: home, reducer: reducer.reduce)
    engine.applyPlugins(storeName: String(describing: State.self), style: .functional)
  }

  /// What an async thunk dispatched here gets as its `api.extra`: none, but in a store made
  /// with an extra argument.
  var extraForAsyncThunks: Any? { nil }

  /// Sends an action through the middlewares to the reducer, then calls the listeners.
  ///
  /// Dispatching while a dispatch is in progress (from a listener or a middleware) queues the
  /// action; it runs before the outermost dispatch returns.
  ///
  /// ```swift
  /// store.dispatch(.increment)
  /// ```
  /// - Parameter action: The action.
  @inlinable
  public final func dispatch(_ action: Action) {
    engine.dispatch(action)
  }

  /// The current state.
  ///
  /// Listeners and thunks call this all the time, so it does not register Observation
  /// interest (which would make every later dispatch pay for Observation): in a SwiftUI body or
  /// `withObservationTracking`, read `state` instead.
  ///
  /// ```swift
  /// let count = store.getState()
  /// ```
  /// - Returns: The state.
  @inlinable
  public final func getState() -> State {
    engine.untrackedState
  }

  /// Replaces the reducer and keeps the state, for code splitting or hot reloading.
  ///
  /// ```swift
  /// appStore.replaceReducer(combineReducers(.slice(\AppState.todos, todosReducer), statsReducer))
  /// ```
  /// - Parameter reducer: The reducer for the next actions.
  public final func replaceReducer(_ reducer: ReduxReducer<State, Action>) {
    engine.replaceReducer(reducer.reduce)
  }

  /// Redux's name for `listen(_:)`; renamed so that `subscribe` means one
  /// thing, a token subscription, in every style.
  ///
  /// ```swift
  /// let unsubscribe = store.listen { [unowned store] in print(store.getState()) }
  /// ```
  /// - Parameter listener: Called after each dispatch.
  /// - Returns: The function that removes the listener.
  @available(
    *, deprecated, renamed: "listen(_:)",
    message: "a Redux listener is `listen { }`; `subscribe` returns a token"
  )
  @discardableResult
  public final func subscribe(_ listener: @escaping () -> Void) -> Unsubscribe {
    listen(listener)
  }
}
