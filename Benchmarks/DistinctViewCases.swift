import ClassStore
import EffectStore
import FunctionalStore
import Observation

// V1w, V1d: views of many distinct fields, none of which changes, while every dispatch changes
// another, on the 100-field state of S5d: what a screen of labels pays per keystroke elsewhere.
// V1n, V1nr: the same on a state of eleven numbers, where the viewed fields end the state (as in
// a small feature's state), against an `@Observable` class of the same properties.

/// The class-based store of `WideState`.
final class WideClassStore: NonisolatedCommitStore<WideState> {
  func increment() { commit { $0.count &+= 1 } }
}

/// The reducer/effect feature of `WideState`.
struct WideFeature: Reducer {
  func reduce(into state: inout WideState, action: BenchmarkAction) -> Effect<BenchmarkAction> {
    state.count &+= 1
    return .none
  }
}

/// How many distinct fields, one view each, V1d observes.
let distinctViewedFields = 10

/// A small feature's state: the field every action changes, then ten that views read. The last
/// of them ends the state, so it cannot be read as two whole words starting at its own offset.
struct NarrowState: Equatable, Sendable {
  var count = 0
  var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0

  /// A key path to each field the views read.
  @MainActor static let viewedFields: [KeyPath<NarrowState, Int>] = [
    \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
  ]
}

/// V1nr's model: `NarrowState` as an `@Observable` class, as an app without a store holds it.
@Observable
@MainActor
final class NarrowModel {
  var count = 0
  var f0 = 0
  var f1 = 0
  var f2 = 0
  var f3 = 0
  var f4 = 0
  var f5 = 0
  var f6 = 0
  var f7 = 0
  var f8 = 0
  var f9 = 0

  /// A key path to each property the views read.
  static let viewedFields: [KeyPath<NarrowModel, Int>] = [
    \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
  ]
}

/// The class-based store of `NarrowState`.
final class NarrowClassStore: NonisolatedCommitStore<NarrowState> {
  func increment() { commit { $0.count &+= 1 } }
}

/// The reducer/effect feature of `NarrowState`.
struct NarrowFeature: Reducer {
  func reduce(into state: inout NarrowState, action: BenchmarkAction) -> Effect<BenchmarkAction> {
    state.count &+= 1
    return .none
  }
}

@MainActor
func distinctViewCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }
  /// A dispatch on `WideState` with no view (V1w) or with one view of each of the first ten
  /// fields (V1d), which no action changes.
  func wideCase<Store: StateStore>(
    _ id: String, _ style: Style, views: Int, make: @escaping @MainActor () -> Store,
    dispatch: @escaping @MainActor (Store) -> Void
  ) -> BenchmarkCase where Store.State == WideState {
    viewsOfFieldsCase(
      scenario(id), style, fields: Array(WideState.storedFields.prefix(views)), count: \.count, make: make,
      dispatch: dispatch)
  }
  func cases(_ id: String, views: Int) -> [BenchmarkCase] {
    [
      wideCase(
        id, .functional, views: views,
        make: {
          createStore(
            reducer: ReduxReducer<WideState, BenchmarkAction> { state, _ in state.count &+= 1 },
            initialState: WideState())
        }, dispatch: { $0.dispatch(.increment) }),
      wideCase(
        id, .classBased, views: views,
        make: { WideClassStore(state: WideState(), isolation: MainActor.shared) },
        dispatch: { $0.increment() }),
      wideCase(
        id, .effect, views: views, make: { FeatureStore(initialState: WideState(), reducer: WideFeature()) },
        dispatch: { $0.send(.increment) }),
    ]
  }
  return cases("V1w", views: 0) + cases("V1d", views: distinctViewedFields) + narrowCases()
}

/// V1n for each style and its references: ten views, each of its own field of `NarrowState`,
/// none of which the action changes; V1n1, the same store and dispatch with the ten views all of
/// `f0` (what V1n's distinct fields add is read in the same run, through the same calls); V1nr,
/// the state as an `@Observable` class.
@MainActor
func narrowCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }
  func narrowCase<Store: StateStore>(
    _ style: Style, make: @escaping @MainActor () -> Store, dispatch: @escaping @MainActor (Store) -> Void
  ) -> [BenchmarkCase] where Store.State == NarrowState {
    [
      viewsOfFieldsCase(
        scenario("V1n"), style, fields: NarrowState.viewedFields, count: \.count, make: make,
        dispatch: dispatch),
      viewsOfFieldsCase(
        scenario("V1n1"), style, fields: Array(repeating: \.f0, count: NarrowState.viewedFields.count),
        count: \.count, make: make, dispatch: dispatch),
    ]
  }
  let reference = BenchmarkCase(scenario: scenario("V1nr"), style: .floor) {
    let model = NarrowModel()
    let sink = Sink()
    for field in NarrowModel.viewedFields {
      observe(views: 1, countingIn: sink) { sink.total &+= model[keyPath: field] }
    }
    var changed = 0
    return Runner(
      run: { n in
        for _ in 0..<n { opaque(model).count &+= 1 }
        changed += n
      },
      verify: { expectCount(model.count, changed) ?? expectCount(sink.calls, 0, "observation callbacks") })
  }
  return narrowCase(
    .functional,
    make: {
      createStore(
        reducer: ReduxReducer<NarrowState, BenchmarkAction> { state, _ in state.count &+= 1 },
        initialState: NarrowState())
    }, dispatch: { $0.dispatch(.increment) })
    + narrowCase(
      .classBased, make: { NarrowClassStore(state: NarrowState(), isolation: MainActor.shared) },
      dispatch: { $0.increment() })
    + narrowCase(
      .effect, make: { FeatureStore(initialState: NarrowState(), reducer: NarrowFeature()) },
      dispatch: { $0.send(.increment) })
    + [reference]
}

/// One view of each of `fields`, none of which the action changes; each dispatch adds one to
/// `count`. Checks that no view was told.
@MainActor
func viewsOfFieldsCase<Store: StateStore>(
  _ scenario: Scenario, _ style: Style, fields: [KeyPath<Store.State, Int>], count: KeyPath<Store.State, Int>,
  make: @escaping @MainActor () -> Store, dispatch: @escaping @MainActor (Store) -> Void
) -> BenchmarkCase {
  BenchmarkCase(scenario: scenario, style: style) {
    let store = make()
    let sink = Sink()
    for field in fields {
      observe(views: 1, countingIn: sink) { sink.total &+= store[dynamicMember: field] }
    }
    var dispatched = 0
    return Runner(
      run: { n in
        for _ in 0..<n { dispatch(store) }
        dispatched += n
      },
      verify: {
        expectCount(store.state[keyPath: count], dispatched)
          ?? expectCount(sink.calls, 0, "observation callbacks")
      })
  }
}
