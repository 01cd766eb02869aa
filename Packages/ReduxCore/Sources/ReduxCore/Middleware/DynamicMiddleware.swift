/// A place in a store's middleware chain that takes middlewares later: a feature loaded on
/// demand, a debug panel, analytics after consent. Redux Toolkit's `createDynamicMiddleware`.
///
/// Put its ``middleware`` in the chain where the added ones should run, then ``add(_:)`` them:
/// from the next action on, they run there, in the order added, inside the middlewares before
/// the place and outside those after it. (`store.addMiddleware(_:)` adds at the innermost
/// place instead, with no placeholder.)
///
/// ```swift
/// let features = DynamicMiddleware<Counter, CounterAction>()
/// let store = createStore(
///   reducer: counterReducer, initialState: Counter(),
///   enhancer: applyMiddleware(features.middleware, logger))
/// features.add(analytics)  // runs before the logger from now on
/// ```
///
/// Its placeholder is a ``Middleware``, so it works in every style. One dynamic middleware may
/// be given to several stores: each runs the added middlewares with its own context, prepared
/// for it (their outer functions run once per store, when added or when the store is made).
/// Make it where the stores are made, like a middleware. Redux Toolkit's `withMiddleware`
/// action, which adds from a dispatch and returns the new `dispatch`, has no equivalent: a
/// Swift `dispatch` returns nothing, and a store's actions are the app's own type; call
/// ``add(_:)``.
public final class DynamicMiddleware<State, Action> {
  /// The middlewares added, in order.
  private var added: [Middleware<State, Action>] = []
  /// One per store the placeholder is in.
  private var placements: [WeakPlacement] = []
  /// The actor it was made on, whose stores it serves.
  private let madeOn: ObjectIdentifier?

  /// Makes an empty place.
  ///
  /// ```swift
  /// let features = DynamicMiddleware<Counter, CounterAction>()
  /// ```
  /// - Parameter isolation: Where it is made; leave the default, the caller's actor.
  public init(isolation: (any Actor)? = #isolation) {
    madeOn = isolation.map { ObjectIdentifier($0) }
  }

  /// The placeholder to put in a store's chain: it passes each action through the added
  /// middlewares (straight on while there are none).
  ///
  /// ```swift
  /// let features = DynamicMiddleware<Counter, CounterAction>()
  /// let store = createStore(
  ///   reducer: counterReducer, initialState: Counter(), enhancer: applyMiddleware(features.middleware))
  /// ```
  public var middleware: Middleware<State, Action> {
    Middleware(madeOn: madeOn) { [self] context in
      let placement = Placement(context: context, prepared: added.map { $0.prepare(context) })
      placements.removeAll { $0.placement == nil }
      placements.append(WeakPlacement(placement))
      return { next in
        let link = Link(next: next)
        return { action in placement.run(action, through: link) }
      }
    }
  }

  /// Adds middlewares at this place, in every store it is in, from each store's next action on.
  ///
  /// ```swift
  /// let features = DynamicMiddleware<Counter, CounterAction>()
  /// features.add(analytics, logger)
  /// ```
  /// - Parameter middlewares: Outermost first; each runs inside those added before.
  public func add(_ middlewares: Middleware<State, Action>...) {
    for middleware in middlewares where middleware.madeOn != nil && middleware.madeOn != madeOn {
      ProgrammerError.dynamicMiddlewareFromAnotherActor()
    }
    added += middlewares
    for placement in placements.compactMap(\.placement) {
      placement.prepared += middlewares.map { $0.prepare(placement.context) }
      placement.version += 1
    }
  }

  /// The added middlewares as prepared for one store.
  private final class Placement {
    let context: MiddlewareContext<State, Action>
    var prepared: [(@escaping Middleware<State, Action>.Next) -> Middleware<State, Action>.Next]
    /// Counts additions, so that a link knows its chain is old.
    var version = 0

    init(
      context: MiddlewareContext<State, Action>,
      prepared: [(@escaping Middleware<State, Action>.Next) -> Middleware<State, Action>.Next]
    ) {
      self.context = context
      self.prepared = prepared
    }

    /// Runs `action` through the added middlewares to the link's `next`, linking them again
    /// only after an addition.
    func run(_ action: Action, through link: Link) {
      if link.version != version || link.entry == nil {
        link.entry = prepared.reversed().reduce(link.next) { inner, wrap in wrap(inner) }
        link.version = version
      }
      link.entry.unsafelyUnwrapped(action)
    }
  }

  /// One linking of a store's chain: the `next` it was given, and the added middlewares linked
  /// in front of it.
  private final class Link {
    let next: Middleware<State, Action>.Next
    var entry: Middleware<State, Action>.Next?
    var version = 0

    init(next: @escaping Middleware<State, Action>.Next) {
      self.next = next
    }
  }

  private struct WeakPlacement {
    weak var placement: Placement?
    init(_ placement: Placement) { self.placement = placement }
  }
}
