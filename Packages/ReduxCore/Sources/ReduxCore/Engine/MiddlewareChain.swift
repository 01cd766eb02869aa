/// The entry of a store's middleware chain, held by its ``EngineCore``.
///
/// A constant in an object, so that a dispatch calls it through a reference it does not count:
/// a closure in a variable could be replaced during the call, so Swift would take and let go
/// of a reference to it around every dispatch (two atomic operations, a third of what a
/// pass-through middleware cost). It is replaced during a dispatch only by ``EngineCore``'s
/// `replaceChain(with:)`, which keeps the one running alive until the dispatch's end.
@usableFromInline
final class MiddlewareChain<Action> {
  @usableFromInline let entry: (Action) -> Void

  @inlinable
  init(_ entry: @escaping (Action) -> Void) {
    self.entry = entry
  }
}
