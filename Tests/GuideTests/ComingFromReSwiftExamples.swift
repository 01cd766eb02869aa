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

/// What the view controller did, without UIKit: subscribed while it is on screen. It takes
/// its store, so that a test can give it one of its own.
@MainActor private final class CounterScreen {
  private let store: ReduxStore<AppState, CounterAction>
  private var subscription: Subscription?
  private(set) var label = ""

  init(store: ReduxStore<AppState, CounterAction> = mainStore) { self.store = store }

  func appear() {
    subscription = store.subscribe(\.counter, initial: true) { [weak self] counter in
      self?.label = "\(counter)"
    }
  }

  func disappear() { subscription = nil }

  func increaseTapped() { store.dispatch(.increase) }
}

@MainActor
@Suite struct ComingFromReSwiftExamples {
  @Test func theCounterScreenShowsTheCountWhileOnScreen() {
    let store = createStore(reducer: counterReducer, initialState: AppState())
    let screen = CounterScreen(store: store)
    screen.appear()
    #expect(screen.label == "0")
    screen.increaseTapped()
    screen.increaseTapped()
    #expect(screen.label == "2")
    screen.disappear()
    store.dispatch(.decrease)
    #expect(screen.label == "2")  // no longer subscribed
    #expect(store.getState().counter == 1)
  }
}
