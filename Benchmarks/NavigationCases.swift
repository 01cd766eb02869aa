import EffectStore

// N1, N2, N2w: a send into a presented child and into the top of a navigation stack (nobody
// watching it, and watched as its view watches it), against C1's send into a child store through
// one Scope.

/// A parent with a sheet: `Leaf` while presented.
struct Sheeted: Equatable, Sendable { var sheet: Leaf? = Leaf() }
enum SheetedAction: Equatable, Sendable { case sheet(LeafAction) }

struct SheetedFeature: Reducer {
  let body = IfLet(\Sheeted.sheet, action: SheetedAction.sheet) {
    if case .sheet(let action) = $0 { action } else { nil }
  } child: {
    LeafFeature()
  }

  func reduce(into state: inout Sheeted, action: SheetedAction) -> Effect<SheetedAction> {
    body.reduce(into: &state, action: action)
  }
}

/// A navigation stack of screens; its reducer is only the `ForEachElement`, as C1's is only its
/// `Scope`, and a screen's reducer does what C1's child does.
struct Screen: Equatable, Sendable {
  /// Not read: it keeps the layout of the `Identifiable` screen N2 used before `StackState`
  /// (`{ id, count }`), so that the two figures compare the collections only.
  var number: Int
  var count = 0
}
struct Stack: Equatable, Sendable {
  var path = StackState((0..<10).map { Screen(number: $0) })
}
enum StackAction: Equatable, Sendable { case screen(id: StackElementID, action: LeafAction) }

struct ScreenFeature: Reducer {
  func reduce(into state: inout Screen, action: LeafAction) -> Effect<LeafAction> {
    state.count &+= 1
    return .none
  }
}

struct StackFeature: Reducer {
  let body = ForEachElement(\Stack.path, action: StackAction.screen) {
    if case .screen(let id, let action) = $0 { (id, action) } else { nil }
  } child: {
    ScreenFeature()
  }

  func reduce(into state: inout Stack, action: StackAction) -> Effect<StackAction> {
    body.reduce(into: &state, action: action)
  }
}

@MainActor
func navigationCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }
  return [
    BenchmarkCase(scenario: scenario("N1"), style: .effect) {
      let store = FeatureStore(initialState: Sheeted(), reducer: SheetedFeature())
      let sheet = store.scope(state: \.sheet, action: SheetedAction.sheet)!
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { sheet.send(.increment) }
          dispatched += n
        },
        verify: { expectCount(store.engine.untrackedState.sheet?.count ?? -1, dispatched) })
    },
    BenchmarkCase(scenario: scenario("N2"), style: .effect) {
      // The screen on top of the stack is the last.
      let store = FeatureStore(initialState: Stack(), reducer: StackFeature())
      let top = store.scope(forEach: \.path, action: StackAction.screen).last!
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { top.send(.increment) }
          dispatched += n
        },
        verify: { expectCount(store.engine.untrackedState.path.last?.count ?? -1, dispatched) })
    },
    BenchmarkCase(scenario: scenario("N2w"), style: .effect) {
      let store = FeatureStore(initialState: Stack(), reducer: StackFeature())
      let top = store.scope(forEach: \.path, action: StackAction.screen).last!
      let seen = Sink()
      let token = top.subscribe(\.count) { seen.total = $0 }
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { top.send(.increment) }
          dispatched += n
        },
        verify: {
          withExtendedLifetime(token) {}
          return expectCount(seen.total, dispatched)
        })
    },
  ]
}
