/// The effect style's programmer-error messages; like ReduxCore's, they go through `fatalError`
/// so that release builds print them too.
enum EffectProgrammerError {
  static func noHomeForAsyncWork() -> Never {
    fatalError(
      """
      EffectStore: a .run effect started in a store that has no actor to bring its actions back \
      to: the store was made off the main thread where Swift reports no actor (a nonisolated \
      function or test, a factory function called from an actor, an actor's initializer or a \
      property default of an actor). Make the store where its actor is known: mark the function \
      or test @MainActor; on your own actor, make it in one of the actor's methods; in a factory \
      function, add `isolation: isolated (any Actor)? = #isolation` and pass \
      `isolation: isolation` to the store.
      """)
  }
}
