// The two-way subscripts as SwiftUI uses them, through `@Bindable`: compiled where SwiftUI exists
// (StoreBindingTests runs the same key paths on every platform).
#if canImport(SwiftUI)
  import EffectStore
  import SwiftUI

  struct SettingsView: View {
    @Bindable var store: FeatureStore<SettingsScreen.State, SettingsScreen.Action>

    var body: some View {
      NavigationStack(path: $store[path: \.path, popLast: .popScreen]) {
        Form {
          TextField("Email", text: $store[binding: \.email])
          Toggle("Newsletter", isOn: $store[binding: \.newsletter])
          Button("Help") { store.send(.showHelp) }
          Button("Details") { store.send(.push("Details")) }
        }
        .sheet(isPresented: $store[isPresented: \.help, dismiss: .dismissHelp]) {
          Text(store.state.help ?? "")
        }
        .navigationDestination(for: StackElementID.self) { id in
          if let detail = store.scope(forEach: \.path, id: id, action: SettingsScreen.Action.path) {
            Button("Opened \(detail.state.opened) times") { detail.send(.open) }
          }
        }
      }
    }
  }
#endif
