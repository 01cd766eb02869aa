import FunctionalStore
import Testing

// The sample of Docs/ComingFromReSwift.md, compiled and run; its declarations are private to
// this file, as the other guides' are to theirs.

private struct AppState: Equatable, Sendable {
  var counter = 0
}

private enum CounterAction: Equatable, Sendable {
  case increase
  case decrease
}

private let counterReducer = ReduxReducer<AppState, CounterAction> { state, action in
  switch action {
  case .increase: state.counter += 1
  case .decrease: state.counter -= 1
  }
}

@MainActor private let mainStore = createStore(reducer: counterReducer, initialState: AppState())

/// What the view controller did, without UIKit: subscribed while it is on screen.
@MainActor private final class CounterScreen {
  private var subscription: Subscription?
  private(set) var label = ""

  func appear() {
    subscription = mainStore.subscribe(\.counter, initial: true) { [weak self] counter in
      self?.label = "\(counter)"
    }
  }

  func disappear() { subscription = nil }

  func increaseTapped() { mainStore.dispatch(.increase) }
}

@MainActor
@Suite struct ComingFromReSwiftExamples {
  @Test func theCounterScreenShowsTheCountWhileOnScreen() {
    let screen = CounterScreen()
    screen.appear()
    #expect(screen.label == "\(mainStore.state.counter)")
    let before = mainStore.state.counter
    screen.increaseTapped()
    screen.increaseTapped()
    #expect(screen.label == "\(before + 2)")
    screen.disappear()
    mainStore.dispatch(.decrease)
    #expect(screen.label == "\(before + 2)")  // no longer subscribed
    #expect(mainStore.getState().counter == before + 1)
  }
}
