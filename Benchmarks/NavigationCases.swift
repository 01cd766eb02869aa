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
      // The stack is a list of 10 screens; the one on top is the last.
      let store = FeatureStore(initialState: Lines(rows: 10), reducer: LinesFeature())
      let top = store.scope(forEach: \.lines, action: LinesAction.line).last!
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { top.send(.bump) }
          dispatched += n
        },
        verify: { expectCount(store.engine.untrackedState.lines.last?.value ?? -1, dispatched) })
    },
    BenchmarkCase(scenario: scenario("N2w"), style: .effect) {
      let store = FeatureStore(initialState: Lines(rows: 10), reducer: LinesFeature())
      let top = store.scope(forEach: \.lines, action: LinesAction.line).last!
      let seen = Sink()
      let token = top.subscribe(\.value) { seen.total = $0 }
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { top.send(.bump) }
          dispatched += n
        },
        verify: {
          withExtendedLifetime(token) {}
          return expectCount(seen.total, dispatched)
        })
    },
  ]
}
