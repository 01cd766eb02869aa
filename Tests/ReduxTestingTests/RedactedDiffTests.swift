import EffectStore
import ReduxCore
import ReduxTesting
import Testing

/// A failing assertion on a state with a `Redacted` field: the diff shows the real values, as a
/// test usually wants, and `<redacted>` when the test store is asked to redact.
@MainActor
@Suite struct RedactedDiffTests {
  struct Login: Equatable {
    var user = ""
    @Redacted var password = ""
  }

  enum Typed: Equatable { case password(Redacted<String>) }

  struct Feature: Reducer {
    func reduce(into state: inout Login, action: Typed) -> Effect<Typed> {
      if case .password(let text) = action { state.password = text.wrappedValue }
      return .none
    }
  }

  func failure(redacting: Bool) async -> String {
    let message = Locked("")
    let store = FeatureTestStore(initialState: Login(), reducer: Feature())
    store.redactsSensitiveValues = redacting
    await expectFailures {
      await store.send(.password(Redacted(wrappedValue: "hunter2"))) { $0.password = "hunter3" }
    } matching: { issue in
      message.withLock { $0 = issue.description }
      return true
    }
    return message.withLock { $0 }
  }

  @Test func theDiffShowsTheRealValuesUnlessAsked() async {
    let shown = await failure(redacting: false)
    #expect(shown.contains(#"-   _password: "hunter3""#), "\(shown)")
    #expect(shown.contains(#"+   _password: "hunter2""#), "\(shown)")
    let redacted = await failure(redacting: true)
    #expect(!redacted.contains("hunter2") && !redacted.contains("hunter3"), "\(redacted)")
    #expect(redacted.contains("_password: <redacted>"), "\(redacted)")
    #expect(redacted.contains("What differs is redacted"), "\(redacted)")
  }
}
