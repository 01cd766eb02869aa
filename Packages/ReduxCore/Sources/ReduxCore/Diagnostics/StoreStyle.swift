/// Which style a store belongs to, so that a programmer-error message uses that style's words:
/// a class-based store's user wrote a commit and a mutation, not a dispatch and a reducer, and a
/// reducer/effect user fixes a send inside a reducer by returning an effect.
@usableFromInline
package enum StoreStyle: UInt8, Sendable {
  case functional, classBased, reducerEffect

  /// The module a message names as its source.
  var module: String {
    switch self {
    case .functional: "FunctionalStore"
    case .classBased: "ClassStore"
    case .reducerEffect: "EffectStore"
    }
  }

  /// Where the state is being changed, as the user wrote it: "a reducer", "a commit's mutation".
  var changingCode: String {
    self == .classBased ? "a commit's mutation" : "a reducer"
  }

  /// The same, starting a sentence.
  var changingCodeStartingASentence: String {
    self == .classBased ? "A mutation" : "A reducer"
  }

  /// What happened when `action` was sent while the state was being changed, as the user wrote
  /// it: "dispatch(x) was called from inside a reducer".
  func sent(_ action: Any) -> String {
    switch self {
    case .functional: "dispatch(\(action)) was called from inside a reducer"
    case .classBased: "the commit \(action) was made from inside another commit's mutation"
    case .reducerEffect: "send(\(action)) was called from inside a reducer"
    }
  }

  /// What to do instead of sending `action` while the state is being changed.
  func followUpAdvice(for action: Any) -> String {
    switch self {
    case .functional:
      "dispatch the follow-up from a middleware, a listener, a thunk or an async task instead"
    case .classBased:
      "make the second commit after the first one returns, in the store's method, or from a middleware or a subscriber"
    case .reducerEffect:
      "return the follow-up from the reducer as an effect instead: `return .send(.\(action))`"
    }
  }
}
