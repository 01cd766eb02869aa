import Observation
import ReduxCore

// V1, V2: what a view pays that reads one field of a store (`store.count`), against the same
// dispatch with nobody observing (S1) and against a plain `@Observable` class (V2r).

/// How many views observe the field in V1, V2 and V2r.
let observingViews = 10

/// `views` observers of what `read` reads, as views that render it; each counts its one
/// callback in `sink`.
@MainActor
func observe(views: Int, countingIn sink: Sink, _ read: @escaping @MainActor () -> Void) {
  for _ in 0..<views {
    withObservationTracking {
      read()
    } onChange: {
      MainActor.assumeIsolated { sink.calls &+= 1 }
    }
  }
}

/// The reference for V2: the field as a stored property of an `@Observable` class, the way an
/// app without a store would hold it.
@Observable
@MainActor
final class ObservedCounter {
  var count = 0
  var other = 0
  var values: [Int] = []
}

/// The references with no store: an `@Observable` class's stored property, observed by `views`
/// views re-armed after each change and changed by the reducer's change (`count += 1`): V2r
/// (10 views) and S7r (1 view); and read alone (R2r).
@MainActor
func observationReferenceCases() -> [BenchmarkCase] {
  func observedChange(_ id: String, views: Int) -> BenchmarkCase {
    BenchmarkCase(scenario: Scenario.all.first { $0.id == id }!, style: .floor) {
      let model = ObservedCounter()
      let sink = Sink()
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n {
            observe(views: views, countingIn: sink) { _ = model.count }
            model.count &+= 1
          }
          dispatched += n
        },
        verify: {
          expectCount(model.count, dispatched)
            ?? expectCount(sink.calls, dispatched * views, "observation callbacks")
        })
    }
  }
  return [
    // V4r: V4's view of an `@Observable` view model's three properties.
    BenchmarkCase(scenario: Scenario.all.first { $0.id == "V4r" }!, style: .floor) {
      let model = ObservedCounter()
      let sink = Sink()
      var changed = 0
      return Runner(
        run: { n in
          for _ in 0..<n {
            observe(views: 1, countingIn: sink) {
              sink.total &+= model.count &+ model.other &+ model.values.count
            }
            model.count &+= 1
          }
          changed += n
        },
        verify: {
          expectCount(model.count, changed) ?? expectCount(sink.calls, changed, "observation callbacks")
        })
    },
    observedChange("S7r", views: 1),
    observedChange("V2r", views: observingViews),
    BenchmarkCase(scenario: Scenario.all.first { $0.id == "R2r" }!, style: .floor) {
      let model = ObservedCounter()
      model.count = 1
      let sink = Sink()
      var read = 0
      return Runner(
        run: { n in
          for _ in 0..<n { sink.total &+= opaque(model).count }
          read += n
        },
        verify: { expectCount(sink.total, read, "sum of the values read") })
    },
  ]
}

/// R1 to R3, V1 and V2 for one style.
@MainActor
func observationCases<S: BenchmarkStore>(_: S.Type) -> [BenchmarkCase] {
  /// `n` reads of `read`, each adding what it read (always 1) to the sink, with no dispatch.
  func readCase(_ id: String, _ read: @escaping @MainActor (S) -> Int) -> BenchmarkCase {
    BenchmarkCase(scenario: Scenario.all.first { $0.id == id }!, style: S.style) {
      let store = makeStore(S.self, initialState: BenchmarkState(count: 1), middlewares: [])
      let sink = Sink()
      var reads = 0
      return Runner(
        run: { n in
          for _ in 0..<n { sink.total &+= read(opaque(store)) }
          reads += n
        },
        verify: { expectCount(sink.total, reads, "sum of the values read") })
    }
  }
  return [
    // R1: what a view body does between taps, untracked: read the state, then dispatch. Written
    // out rather than through `renderThenDispatchCase`: the read must be compiled where the
    // store's type is known, as in an app, not called through a function value.
    BenchmarkCase(scenario: Scenario.all.first { $0.id == "R1" }!, style: S.style) {
      let store = makeStore(S.self, initialState: BenchmarkState(), middlewares: [])
      let sink = Sink()
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n {
            sink.total &+= store.state.count
            store.perform(.increment)
          }
          dispatched += n
        },
        verify: {
          expectCount(store.engine.untrackedState.count, dispatched)
            ?? expectCount(sink.total, (dispatched - 1) * dispatched / 2, "sum of the counts read")
        })
    },
    readCase("R2") { $0.state.count },
    readCase("R3") { $0.count },
    // V1: the views track `other`, which no action changes; each dispatch changes `count`.
    BenchmarkCase(scenario: Scenario.all.first { $0.id == "V1" }!, style: S.style) {
      let store = makeStore(S.self, initialState: BenchmarkState(), middlewares: [])
      let sink = Sink()
      observe(views: observingViews, countingIn: sink) { sink.total &+= store.other }
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n { store.perform(.increment) }
          dispatched += n
        },
        verify: {
          expectCount(store.engine.untrackedState.count, dispatched)
            ?? expectCount(sink.calls, 0, "observation callbacks")
        })
    },
    // V4: one view of three fields, re-armed after each change, as a SwiftUI body reads them.
    renderThenDispatchCase("V4", S.self) { store, sink in
      observe(views: 1, countingIn: sink) { sink.total &+= store.count &+ store.other &+ store.values.count }
    } verify: { dispatched, sink in
      expectCount(sink.calls, dispatched, "observation callbacks")
    },
    // V2: the views track `count`, and re-arm after each change, as SwiftUI does.
    renderThenDispatchCase("V2", S.self) { store, sink in
      observe(views: observingViews, countingIn: sink) { _ = store.count }
    } verify: { dispatched, sink in
      expectCount(sink.calls, dispatched * observingViews, "observation callbacks")
    },
  ]
}

/// A case where, before each `.increment`, a view renders: `render` reads the store or re-arms
/// its tracking. `verify` checks what the view saw, given the number of dispatches.
@MainActor
func renderThenDispatchCase<S: BenchmarkStore>(
  _ id: String, _: S.Type, render: @escaping @MainActor (S, Sink) -> Void,
  verify: @escaping @MainActor (_ dispatched: Int, Sink) -> String?
) -> BenchmarkCase {
  BenchmarkCase(scenario: Scenario.all.first { $0.id == id }!, style: S.style) {
    let store = makeStore(S.self, initialState: BenchmarkState(), middlewares: [])
    let sink = Sink()
    var dispatched = 0
    return Runner(
      run: { n in
        for _ in 0..<n {
          render(store, sink)
          store.perform(.increment)
        }
        dispatched += n
      },
      verify: { expectCount(store.engine.untrackedState.count, dispatched) ?? verify(dispatched, sink) })
  }
}
