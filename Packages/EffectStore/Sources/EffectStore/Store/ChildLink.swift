/// How a parent's subscriber reaches a child store without keeping it alive or loading a weak
/// reference at every change: the child says when it goes.
///
/// A weak reference would give the child a side table, which made every retain and release of
/// it take the runtime's slow path, and each load check exclusivity: a third of a send to a child.
/// The link is held by the subscriber (strongly), the child by the link (`unowned(unsafe)`),
/// and the child's deinitializer marks the link dead before the child's memory goes, so a
/// subscriber still in a notification round's snapshot skips a child released meanwhile.
@usableFromInline
final class ChildLink<State, Action>: ChildLiveness {
  @usableFromInline unowned(unsafe) let child: ScopedStore<State, Action>

  @inlinable
  init(_ child: ScopedStore<State, Action>) {
    self.child = child
  }

  /// Ends the child (its element left the collection), if it is still there.
  @inlinable
  func end() {
    if isAlive { child.end() }
  }

  /// Gives the child its part's new state, if the child is still there.
  ///
  /// While nobody watches the child, the state is set without a retain of the child: it is
  /// alive (it would have marked the link otherwise), and setting a value runs no code that
  /// could release it. A watched child takes it through a dispatch, whose observers may release
  /// the child: that path holds it.
  @inlinable
  func update(_ state: State) {
    guard isAlive else { return }
    let tookQuietly = Unmanaged.passUnretained(child)._withUnsafeGuaranteedRef {
      $0.engine.replaceStateIfUnwatched(with: state)
    }
    if !tookQuietly { child.update(state) }
  }
}

/// Whether a child store is still there, whatever its types: what a collection's follower checks.
@usableFromInline
class ChildLiveness {
  // Exclusivity: written once by the child's deinitializer and read by the parent's subscriber,
  // both in the store's domain, never during each other.
  @exclusivity(unchecked) @usableFromInline final var isAlive = true

  @inlinable init() {}
}
