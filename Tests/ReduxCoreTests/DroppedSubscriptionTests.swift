import ReduxCore
import Testing

@Suite struct DroppedSubscriptionTests {
  /// `_ = store.subscribe…` compiles and ends the subscription at once: the store says so.
  @Test func aTokenReleasedBeforeTheNextActionIsReportedWithTheFix() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let store = BareStore(Counter(), isolation: nil, reducer: counterReducer)
      _ = store.subscribe(\.count) { _ in }
      store.dispatch(.increment)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("`_ = store.subscribe…` ends the subscription at once"))
  }

  /// A token kept until after an action, or cancelled on purpose, is not reported.
  @Test func aTokenKeptOrCancelledIsNotReported() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let store = BareStore(Counter(), isolation: nil, reducer: counterReducer)
      var token = Optional(store.subscribe(\.count) { _ in })
      store.dispatch(.increment)
      token = nil
      store.subscribe(\.count) { _ in }.cancel()
      _ = token
    }
    #expect(result?.standardErrorContent.isEmpty == true)
  }

  /// A screen that subscribed and closed before any action (other tokens made and ended in the
  /// meantime, as a running app does) is not the mistake `_ =`, and is not reported.
  @Test func aTokenReleasedLaterWithNoActionIsNotReported() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let store = BareStore(Counter(), isolation: nil, reducer: counterReducer)
      let other = BareStore(Counter(), isolation: nil, reducer: counterReducer)
      var screen = Optional(store.subscribe(\.count) { _ in })
      let elsewhere = other.subscribe(\.count) { _ in }
      elsewhere.cancel()
      screen = nil
      _ = screen
    }
    #expect(result?.standardErrorContent.isEmpty == true)
  }
}
