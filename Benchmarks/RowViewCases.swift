import EffectStore
import FunctionalStore
import Observation

// V3: what the rows on screen cost an action that changes none of them: W1's screen with 50 row
// views (each reading its row by id), and a dispatch that changes another field. A hand-written
// `@Observable` screen pays nothing per row here (V3r): a row model is told by its own setter.
// The store compares each watched row after every action, so this is that comparison, 50 times.

/// V3 for a store style: 50 row views, then the filter switched between two values, over and
/// over (no row view reads the filter).
@MainActor
func rowViewsCase<S: AppScreenStore>(_: S.Type) -> BenchmarkCase {
  BenchmarkCase(scenario: Scenario.all.first { $0.id == "V3" }!, style: S.style) {
    let store = makeAppScreenStore(S.self)
    let sink = showRows(countingIn: Sink()) { _ = store.state(\.todos, id: $0) }
    var dispatched = 0
    return Runner(
      run: { n in
        for index in dispatched..<(dispatched + n) { store.perform(.filter(filters[index & 1])) }
        dispatched += n
      },
      verify: {
        expectCount(store.engine.untrackedState.todos.count, appTodoCount, "rows")
          ?? expectCount(sink.calls, 0, "row views told")
      })
  }
}

/// V3r: the same screen as `@Observable` models; the filter switched, the rows untouched.
@MainActor
func rowViewsReferenceCase() -> BenchmarkCase {
  BenchmarkCase(scenario: Scenario.all.first { $0.id == "V3r" }!, style: .floor) {
    let model = AppScreenModel()
    let sink = showRows(countingIn: Sink()) { id in
      guard let todo = model.byID[id] else { return }
      _ = (todo.title, todo.isDone)
    }
    var dispatched = 0
    return Runner(
      run: { n in
        for index in dispatched..<(dispatched + n) { model.apply(.filter(filters[index & 1])) }
        dispatched += n
      },
      verify: { expectCount(sink.calls, 0, "row views told") })
  }
}

/// The first `appVisibleRows` rows' views, each reading its row with `read` and counting in
/// `sink` when told.
@MainActor
func showRows(countingIn sink: Sink, _ read: @escaping @MainActor (Int) -> Void) -> Sink {
  for id in 0..<appVisibleRows {
    withObservationTracking {
      read(id)
    } onChange: {
      MainActor.assumeIsolated { sink.calls &+= 1 }
    }
  }
  return sink
}

/// What V3 and V3r switch the filter between.
private let filters: [AppFilter] = [.active, .all]

@MainActor
func rowViewsCases() -> [BenchmarkCase] {
  [
    rowViewsReferenceCase(),
    rowViewsCase(ReduxStore<AppScreenState, AppScreenAction>.self),
    rowViewsCase(AppScreenClassStore.self),
    rowViewsCase(FeatureStore<AppScreenState, AppScreenAction>.self),
  ]
}
