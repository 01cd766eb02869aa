// The SwiftUI sample of Docs/Observation.md, compiled where SwiftUI exists (Apple systems);
// `.ci/check-doc-samples` keeps it in step with the page. The same reads are run on every
// system by `ReduxCoreTests/ObservationGuideExamples.swift`.

#if canImport(SwiftUI)
  import EffectStore
  import SwiftUI

  struct CounterView: View {
    let store: FeatureStore<CounterState, CounterAction>

    var body: some View {
      VStack {
        Text("\(store.count)")  // told when `count` changes, not when `log` does
        Button("Add one") { store.send(.increment) }
      }
    }
  }
#endif
