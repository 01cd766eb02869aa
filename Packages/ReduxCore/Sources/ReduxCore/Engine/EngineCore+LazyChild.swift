/// A child store that nobody watches reads its part from its parent when asked, and costs the
/// parent nothing per action; the first watcher makes it follow its parent.
extension EngineCore {
  /// Reads a lazy child's part from its parent; apart, so that a read's fast path stays small.
  @usableFromInline @inline(never)
  func readLazyPart() {
    if let lazyPart { storedState = lazyPart.read() }
  }

  /// Makes a child store nobody watched follow its parent from now on: someone is about to
  /// subscribe to it or track it.
  @usableFromInline @inline(never)
  func followParentIfLazy() {
    guard let part = lazyPart else { return }
    storedState = part.read()
    lazyPart = nil
    part.startFollowing()
  }
}

/// How a child store's engine reads its part of its parent's state before anyone watches it,
/// and how it starts following the parent when someone does: a child nobody watches costs its
/// parent nothing per action.
@usableFromInline
final class LazyPart<State> {
  @usableFromInline let read: () -> State
  @usableFromInline let startFollowing: () -> Void

  @usableFromInline
  init(read: @escaping () -> State, startFollowing: @escaping () -> Void) {
    self.read = read
    self.startFollowing = startFollowing
  }
}
