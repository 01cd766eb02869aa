import Observation

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
}

/// V2r: ten observers of `count`, re-armed after each change, and the reducer's change
/// (`count += 1`) made to the property.
@MainActor
func observationReferenceCase() -> BenchmarkCase {
  BenchmarkCase(scenario: Scenario.all.first { $0.id == "V2r" }!, style: .floor) {
    let model = ObservedCounter()
    let sink = Sink()
    var dispatched = 0
    return Runner(
      run: { n in
        for _ in 0..<n {
          observe(views: observingViews, countingIn: sink) { _ = model.count }
          model.count &+= 1
        }
        dispatched += n
      },
      verify: {
        expectCount(model.count, dispatched)
          ?? expectCount(sink.calls, dispatched * observingViews, "observation callbacks")
      })
  }
}

/// V1 and V2 for one style.
@MainActor
func observationCases<S: BenchmarkStore>(_: S.Type) -> [BenchmarkCase] {
  [
    // V1: the views track `other`, which no action changes; each dispatch changes `count`.
    BenchmarkCase(scenario: Scenario.all.first { $0.id == "V1" }!, style: S.style) {
      let store = S.make(initialState: BenchmarkState(), middlewares: [])
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
    // V2: the views track `count`, and re-arm after each change, as SwiftUI does.
    BenchmarkCase(scenario: Scenario.all.first { $0.id == "V2" }!, style: S.style) {
      let store = S.make(initialState: BenchmarkState(), middlewares: [])
      let sink = Sink()
      var dispatched = 0
      return Runner(
        run: { n in
          for _ in 0..<n {
            observe(views: observingViews, countingIn: sink) { _ = store.count }
            store.perform(.increment)
          }
          dispatched += n
        },
        verify: {
          expectCount(store.engine.untrackedState.count, dispatched)
            ?? expectCount(sink.calls, dispatched * observingViews, "observation callbacks")
        })
    },
  ]
}
