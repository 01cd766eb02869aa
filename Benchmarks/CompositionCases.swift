import EffectStore

// C1-C4: what composition costs in the reducer/effect style, written as the EffectStore guide
// writes it (Scope, ForEachElement, child stores), against the same work done flat.

struct Leaf: Equatable, Sendable { var count = 0 }
enum LeafAction: Equatable, Sendable { case increment }

struct LeafFeature: Reducer {
  func reduce(into state: inout Leaf, action: LeafAction) -> Effect<LeafAction> {
    state.count &+= 1
    return .none
  }
}

struct Middle: Equatable, Sendable { var leaf = Leaf() }
enum MiddleAction: Equatable, Sendable { case leaf(LeafAction) }
struct Top: Equatable, Sendable { var middle = Middle() }
enum TopAction: Equatable, Sendable { case middle(MiddleAction) }
struct Nest: Equatable, Sendable {
  var top = Top()
  var other = 0
}
enum NestAction: Equatable, Sendable { case top(TopAction) }

/// Three nested scopes, as the guide writes them, composed once and kept: C4b's `body`, stored.
struct NestedFeature: Reducer {
  let composed: some Reducer<Nest, NestAction> = BodyNestedFeature().body

  func reduce(into state: inout Nest, action: NestAction) -> Effect<NestAction> {
    composed.reduce(into: &state, action: action)
  }
}

/// C4b: C4's three nested scopes written in `var body`, built again for every action, as TCA
/// features are written.
struct BodyNestedFeature: Reducer {
  var body: some Reducer<Nest, NestAction> {
    Scope(state: \Nest.top, action: NestAction.top) {
      if case .top(let action) = $0 { action } else { nil }
    } child: {
      Scope(state: \Top.middle, action: TopAction.middle) {
        if case .middle(let action) = $0 { action } else { nil }
      } child: {
        Scope(state: \Middle.leaf, action: MiddleAction.leaf) {
          if case .leaf(let action) = $0 { action } else { nil }
        } child: {
          LeafFeature()
        }
      }
    }
  }
}

/// C4r: three nested scopes whose cases are found by reflection, the deprecated short form.
/// Reached through a protocol requirement so that this file builds with warnings as errors.
protocol NestFoundByReflection {
  static func feature() -> Reduce<Nest, NestAction>
}

enum ReflectionNest: NestFoundByReflection {
  @available(*, deprecated, message: "the reflection form, measured by C4r")
  static func feature() -> Reduce<Nest, NestAction> {
    let body = Scope(state: \Nest.top, action: NestAction.top) {
      Scope(state: \Top.middle, action: TopAction.middle) {
        Scope(state: \Middle.leaf, action: MiddleAction.leaf) { LeafFeature() }
      }
    }
    return Reduce { state, action in body.reduce(into: &state, action: action) }
  }
}

/// Called through the requirement, not the deprecated member.
func nestFoundByReflection<Spelling: NestFoundByReflection>(_: Spelling.Type) -> Reduce<Nest, NestAction> {
  Spelling.feature()
}

/// The same change, written by hand in one reducer.
struct FlatFeature: Reducer {
  func reduce(into state: inout Nest, action: NestAction) -> Effect<NestAction> {
    if case .top(.middle(.leaf(.increment))) = action { state.top.middle.leaf.count &+= 1 }
    return .none
  }
}

/// One level: a child store of `Middle.leaf`.
struct OneLevelFeature: Reducer {
  let body = Scope(state: \Middle.leaf, action: MiddleAction.leaf) {
    if case .leaf(let action) = $0 { action } else { nil }
  } child: {
    LeafFeature()
  }

  func reduce(into state: inout Middle, action: MiddleAction) -> Effect<MiddleAction> {
    body.reduce(into: &state, action: action)
  }
}

struct Line: Identifiable, Equatable, Sendable {
  var id: Int
  var value = 0
}
enum LineAction: Equatable, Sendable { case bump }
struct LineFeature: Reducer {
  func reduce(into state: inout Line, action: LineAction) -> Effect<LineAction> {
    state.value &+= 1
    return .none
  }
}
struct Lines: Equatable, Sendable {
  var lines: IdentifiedArrayOf<Line>
  var other = 0

  init(rows: Int = 1_000) {
    lines = IdentifiedArrayOf(uniqueElements: (0..<rows).map { Line(id: $0) })
  }
}
enum LinesAction: Equatable, Sendable {
  case line(id: Int, action: LineAction)
  case other
}
struct LinesFeature: Reducer {
  let rows = ForEachElement(\Lines.lines, action: LinesAction.line) {
    if case .line(let id, let action) = $0 { (id, action) } else { nil }
  } child: {
    LineFeature()
  }

  func reduce(into state: inout Lines, action: LinesAction) -> Effect<LinesAction> {
    if action == .other {
      state.other &+= 1
      return .none
    }
    return rows.reduce(into: &state, action: action)
  }
}

/// C7d: the row change C7 makes through `ForEachElement`, written in the list's reducer.
struct DirectLinesFeature: Reducer {
  func reduce(into state: inout Lines, action: LinesAction) -> Effect<LinesAction> {
    switch action {
    case .line(let id, .bump): state.lines[id: id]?.value &+= 1
    case .other: state.other &+= 1
    }
    return .none
  }
}

@MainActor
func compositionCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }
  /// A list store with `children` live element children, each observed by one subscriber.
  func lines(
    _ id: String, rows: Int = 1_000, children: Int, action: LinesAction, childCallsPerDispatch: Int
  ) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: .effect) {
      let store = FeatureStore(initialState: Lines(rows: rows), reducer: LinesFeature())
      let sink = Sink()
      let rows = Array(store.scope(forEach: \.lines, action: LinesAction.line).prefix(children))
      let tokens = rows.map { row in row.subscribe(\.value) { _ in sink.calls &+= 1 } }
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.send(action) }
          dispatched += n
        },
        verify: {
          _ = (rows, tokens)
          return expectCount(sink.calls, dispatched * childCallsPerDispatch, "child notifications")
        })
    }
  }
  return [
    BenchmarkCase(scenario: scenario("C1"), style: .effect) {
      let store = FeatureStore(initialState: Middle(), reducer: OneLevelFeature())
      let child = store.scope(state: \.leaf, action: MiddleAction.leaf)
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { child.send(.increment) }
          dispatched += n
        },
        verify: { expectCount(store.engine.untrackedState.leaf.count, dispatched) })
    },
    lines("C2a", children: 10, action: .line(id: 0, action: .bump), childCallsPerDispatch: 1),
    lines("C2", children: 1_000, action: .line(id: 0, action: .bump), childCallsPerDispatch: 1),
    lines("C2b", rows: 10_000, children: 10, action: .line(id: 0, action: .bump), childCallsPerDispatch: 1),
    lines("C2c", rows: 100_000, children: 10, action: .line(id: 0, action: .bump), childCallsPerDispatch: 1),
    parentRowWrite("C8a", rows: 100),
    parentRowWrite("C8", rows: 10_000),
    parentRowWrite("C8c", rows: 100_000),
    rowChange("C7d", reducer: DirectLinesFeature()),
    rowChange("C7", reducer: LinesFeature()),
    BenchmarkCase(scenario: scenario("C3a"), style: .effect) {
      let store = FeatureStore(initialState: Lines(), reducer: LinesFeature())
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.send(.other) }
          dispatched += n
        },
        verify: { expectCount(store.engine.untrackedState.other, dispatched) })
    },
    lines("C3", children: 1_000, action: .other, childCallsPerDispatch: 0),
    nested("C4a", reducer: FlatFeature()),
    nested("C4", reducer: NestedFeature()),
    nested("C4b", reducer: BodyNestedFeature()),
    nested("C4r", reducer: nestFoundByReflection(ReflectionNest.self)),
  ]

  /// The parent reducer writes one row itself (`state.lines[id: id]?.value += 1`, as a "toggle"
  /// handled by the list), with 50 row stores alive and observed, as the rows on screen are.
  func parentRowWrite(_ id: String, rows: Int) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: .effect) {
      let store = FeatureStore(initialState: Lines(rows: rows), reducer: DirectLinesFeature())
      let sink = Sink()
      let children = Array(store.scope(forEach: \.lines, action: LinesAction.line).prefix(50))
      let tokens = children.map { row in row.subscribe(\.value) { _ in sink.calls &+= 1 } }
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.send(.line(id: 0, action: .bump)) }
          dispatched += n
        },
        verify: {
          _ = (children, tokens)
          return expectCount(sink.calls, dispatched, "child notifications")
        })
    }
  }

  /// One row of 10,000 changed, no child store.
  func rowChange(_ id: String, reducer: some Reducer<Lines, LinesAction>) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: .effect) {
      let store = FeatureStore(initialState: Lines(rows: 10_000), reducer: reducer)
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.send(.line(id: 5_000, action: .bump)) }
          dispatched += n
        },
        verify: { expectCount(store.engine.untrackedState.lines[id: 5_000]?.value ?? -1, dispatched) })
    }
  }

  func nested(_ id: String, reducer: some Reducer<Nest, NestAction>) -> BenchmarkCase {
    BenchmarkCase(scenario: scenario(id), style: .effect) {
      let store = FeatureStore(initialState: Nest(), reducer: reducer)
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.send(.top(.middle(.leaf(.increment)))) }
          dispatched += n
        },
        verify: { expectCount(store.engine.untrackedState.top.middle.leaf.count, dispatched) })
    }
  }
}
