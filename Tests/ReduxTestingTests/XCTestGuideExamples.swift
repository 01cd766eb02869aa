import EffectStore
import ReduxTesting
import XCTest

/// The ReduxTesting guide's XCTest sample: a test store in an `XCTestCase`, with no
/// `import Testing`. (A wrong expectation failing such a test is checked by
/// `.ci/check-test-store-failures`, in a package of its own.)
@MainActor
final class CounterFeatureTests: XCTestCase {
  func testIncrement() async {
    let store = FeatureTestStore(initialState: CounterState(), reducer: Counter())
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
  }
}

struct CounterState: Equatable, Sendable { var count = 0 }

enum CounterAction: Equatable, Sendable { case increment }

struct Counter: Reducer {
  func reduce(into state: inout CounterState, action: CounterAction) -> Effect<CounterAction> {
    state.count += 1
    return .none
  }
}
