public import Observation

/// The part of a store that applies an action: the state, the reducer, the subscribers and the
/// `Observable` bookkeeping.
///
/// It is separate from ``StoreEngine`` so that the middleware chain (owned by the engine) can
/// hold this strongly without a retain cycle: a `next` function kept by a middleware after its
/// store is gone still points to valid memory and harms nothing.
@usableFromInline
@MainActor
final class EngineCore<State, Action>: Observable {
  /// The state lives behind a pointer: a class's stored `var` would pay a dynamic exclusivity
  /// check on every `inout` access. Exclusivity is kept by construction instead: only
  /// ``reduce(_:)`` writes it, and reading or dispatching while a reducer runs stops with a message.
  @usableFromInline let storage: UnsafeMutablePointer<State>
  @usableFromInline var reducer: @MainActor (inout State, Action) -> Void
  @usableFromInline var subscribers = SubscriberList<State>()
  /// Numbers the notification rounds, so shared key path comparisons run once per round.
  @usableFromInline var round: UInt64 = 0
  @usableFromInline var isReducing = false
  /// Whether anyone may be tracking ``trackedState`` through Observation since the last change.
  /// Observation tracking fires once and must be re-armed by reading again, so while this is
  /// `false` nobody can be waiting for a change, and a dispatch skips the registrar entirely.
  @usableFromInline var mayBeTracked = false
  @usableFromInline let registrar = ObservationRegistrar()

  @usableFromInline
  init(state: State, reducer: @escaping @MainActor (inout State, Action) -> Void) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: state)
    self.reducer = reducer
  }

  isolated deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// The state, read without Observation tracking (for middlewares and the store's own use).
  @inlinable
  var state: State {
    if _slowPath(isReducing) { ReduxError.readDuringReduce() }
    return storage.pointee
  }

  /// The state, read with Observation tracking, for ``StoreEngine/state``.
  @inlinable
  var trackedState: State {
    mayBeTracked = true
    registrar.access(self, keyPath: \.trackedState)
    return state
  }

  /// Runs the reducer once, then tells every subscriber once.
  @inlinable
  func reduceAndNotify(_ action: Action) {
    if _slowPath(mayBeTracked) {
      reduceWhileTracked(action)
    } else {
      reduce(action)
    }
    if !subscribers.isEmpty { notify() }
  }

  @inlinable
  func reduce(_ action: Action) {
    isReducing = true
    reducer(&storage.pointee, action)
    isReducing = false
  }

  @usableFromInline
  func reduceWhileTracked(_ action: Action) {
    mayBeTracked = false
    registrar.willSet(self, keyPath: \.trackedState)
    reduce(action)
    registrar.didSet(self, keyPath: \.trackedState)
  }

  /// Calls every subscriber of a snapshot of the list, in the order they subscribed.
  @inlinable
  func notify() {
    round &+= 1
    let round = round
    let snapshot = subscribers.entries
    let state = storage.pointee
    snapshot.withUnsafeBufferPointer { entries in
      for index in entries.indices {
        entries[index].notify(state, round)
      }
    }
  }
}
