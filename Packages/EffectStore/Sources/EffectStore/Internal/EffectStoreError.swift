/// The effect style's programmer-error messages; like ReduxCore's, they go through `fatalError`
/// so that release builds print them too.
enum EffectStoreError {
  static func noHomeForAsyncWork() -> Never {
    fatalError(
      """
      EffectStore: a .run effect started in a store that has no actor to bring its actions back \
      to: the store was made and used outside any actor (a nonisolated function). Make and use \
      the store on an actor: the main actor (mark the function or test @MainActor) or your own \
      actor (make it in one of the actor's methods: an actor's initializer runs before the actor \
      is isolated, so a store made there has no actor either).
      """)
  }
}
