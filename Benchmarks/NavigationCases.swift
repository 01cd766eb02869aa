import EffectStore

// N1, N2, N2w: a send into a presented child and into the top of a navigation stack (nobody
// watching it, and watched as its view watches it), against C1's send into a child store through
// one Scope. N3: a push onto a 10-deep stack and a pop of it, each screen presenting a sheet,
// written with TCA's actions (`StackAction.push`, `.popFrom`, `PresentationAction`).

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

/// A screen of N3's stack: it presents a sheet, whose actions come as `PresentationAction`s.
struct SheetScreen: Equatable, Sendable { var sheet: Leaf? = Leaf() }
enum SheetScreenAction: Equatable, Sendable { case sheet(PresentationAction<LeafAction>) }

struct SheetScreenFeature: Reducer {
  let body = IfLet(\SheetScreen.sheet, action: SheetScreenAction.sheet) {
    if case .sheet(let action) = $0 { action } else { nil }
  } child: {
    LeafFeature()
  }

  func reduce(into state: inout SheetScreen, action: SheetScreenAction) -> Effect<SheetScreenAction> {
    body.reduce(into: &state, action: action)
  }
}

/// N3's stack: ten screens, and a count of pushes that verifies each one reached the reducer.
struct SheetStack: Equatable, Sendable {
  var path = StackState((0..<10).map { _ in SheetScreen() })
  var pushes = 0
}
enum SheetStackAction: Equatable, Sendable {
  case path(EffectStore.StackAction<SheetScreen, SheetScreenAction>)
}

struct SheetStackFeature: Reducer {
  var body: some Reducer<SheetStack, SheetStackAction> {
    Reduce { state, action in
      if case .path(.push) = action { state.pushes &+= 1 }
      return .none
    }
    ForEachElement(\SheetStack.path, action: SheetStackAction.path) {
      if case .path(let action) = $0 { action } else { nil }
    } child: {
      SheetScreenFeature()
    }
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
    BenchmarkCase(scenario: scenario("N3"), style: .effect) {
      let store = FeatureStore(initialState: SheetStack(), reducer: SheetStackFeature())
      // The first ten ids are the initial screens'; each push takes the next.
      var nextID = 10
      return Runner(
        run: { n in
          for _ in 0..<n {
            let id = StackElementID(number: nextID)
            store.send(.path(.push(id: id, state: SheetScreen())))
            store.send(.path(.popFrom(id: id)))
            nextID += 1
          }
        },
        verify: {
          expectCount(store.engine.untrackedState.pushes, nextID - 10)
            ?? expectCount(store.engine.untrackedState.path.count, 10, "screens on the stack")
        })
    },
  ]
}
