// The creation sites of CreationSiteTests, written with SwiftUI itself where it exists (on
// Linux, CreationSiteTests runs the same code with a stand-in for `@State`).
#if canImport(SwiftUI)
  import EffectStore
  import SwiftUI

  struct CounterScreen: View {
    @State private var store = FeatureStore(initialState: CounterState(), reducer: Counter())
    let shared = FeatureStore(initialState: CounterState(), reducer: Counter())

    var body: some View {
      Button("Count: \(store.state.count)") { store.send(.incrementTwiceLater) }
    }
  }
#endif
