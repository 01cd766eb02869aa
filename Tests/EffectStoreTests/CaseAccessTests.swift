import EffectStore
import ReduxTesting
import Testing

/// TCA's `path[id:case:]` and `destination?.case`, given the case's function.
@Suite struct CaseAccessTests {
  enum Path: Equatable, Sendable {
    case counter(Int)
    case title(String)
  }

  @Test func aScreenIsReadAndChangedAsItsCase() {
    var path = StackState<Path>([.counter(1), .title("a")])
    #expect(path[id: 0, case: Path.counter] == 1)
    #expect(path[id: 0, case: Path.title] == nil)
    path[id: 0, case: Path.counter]? += 1
    path[id: 1, case: Path.title]? += "b"
    #expect(Array(path) == [.counter(2), .title("ab")])
  }

  @Test func writingAnotherCaseOrAMissingScreenChangesNothing() {
    var path = StackState<Path>([.counter(1)])
    path[id: 0, case: Path.title] = "x"
    path[id: 5, case: Path.counter] = 3
    #expect(Array(path) == [.counter(1)])
  }

  @Test func settingNilPopsTheScreenOnlyWhenItIsThatCase() {
    var path = StackState<Path>([.counter(1), .title("a")])
    path[id: 1, case: Path.counter] = nil
    #expect(path.count == 2)
    path[id: 1, case: Path.title] = nil
    #expect(Array(path) == [.counter(1)])
  }

  enum Destination: Equatable, Sendable {
    case alert(String)
    case edit(Int)
  }

  @Test func anOptionalDestinationIsReadAndWrittenByCase() {
    var destination: Destination? = .edit(1)
    #expect(destination[case: Destination.edit] == 1)
    #expect(destination[case: Destination.alert] == nil)
    destination[case: Destination.edit]? += 1
    #expect(destination == .edit(2))
    destination[case: Destination.alert] = nil  // another case: stays
    #expect(destination == .edit(2))
    destination[case: Destination.alert] = "Sure?"
    #expect(destination == .alert("Sure?"))
    destination[case: Destination.alert] = nil
    #expect(destination == nil)
  }

  enum PathAction: Equatable, Sendable { case increment }

  struct PathFeature: Reducer {
    func reduce(into state: inout Path, action: PathAction) -> Effect<PathAction> {
      if case .counter(let count) = state { state = .counter(count + 1) }
      return .none
    }
  }

  struct Navigator: Equatable, Sendable { var path = StackState<Path>([.counter(0)]) }
  enum NavigatorAction: Equatable, Sendable { case path(StackAction<Path, PathAction>) }

  /// TCA's assertion of a screen's change, `$0.path[id: 0, case: \.counter]?.count += 1`.
  @MainActor
  @Test func aTestAssertsAScreensChangeByItsCase() async {
    let navigator = Reduce<Navigator, NavigatorAction> { _, _ in .none }
      .forEach(\.path, action: NavigatorAction.path) {
        if case .path(let action) = $0 { action } else { nil }
      } element: {
        PathFeature()
      }
    let store = FeatureTestStore(initialState: Navigator(), reducer: navigator)
    await store.send(.path(.element(id: 0, action: .increment))) { $0.path[id: 0, case: Path.counter]? += 1 }
    await store.finish()
  }
}
