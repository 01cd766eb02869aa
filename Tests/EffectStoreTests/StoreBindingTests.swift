import EffectStore
import Observation
import Testing

/// A settings screen with a form field, a sheet and a stack of detail screens: what the
/// two-way subscripts bind SwiftUI's controls, sheets and `NavigationStack` to.
struct SettingsScreen: Reducer {
  struct Detail: Equatable, Sendable {
    let title: String
    var opened = 0
  }
  enum DetailAction: Hashable, Sendable { case open }

  struct State: Equatable, Sendable {
    var email = ""
    var newsletter = false
    var help: String?
    var path = StackState<Detail>()
  }
  enum Action: Hashable, Sendable, BindableAction {
    case binding(BindingAction<State>)
    case showHelp
    case dismissHelp
    case push(String)
    case popScreen
    case path(id: StackElementID, action: DetailAction)
  }

  let path = ForEachElement(\State.path, action: Action.path) {
    if case .path(let id, let action) = $0 { (id, action) } else { nil }
  } child: {
    Reduce<Detail, DetailAction> { detail, _ in
      detail.opened += 1
      return .none
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .binding(let change): change.apply(to: &state)
    case .showHelp: state.help = "Type your email"
    case .dismissHelp: state.help = nil
    case .push(let title): state.path.append(Detail(title: title))
    case .popScreen: state.path.removeLast()
    case .path: return path.reduce(into: &state, action: action)
    }
    return .none
  }
}

/// The key path SwiftUI's `@Bindable` makes a `Binding` of (`$store[binding: \.email]`), used
/// the way a `Binding` uses it: read, and written through the store reference.
@MainActor
@Suite struct StoreBindingTests {
  final class Sent {
    var actions: [SettingsScreen.Action] = []
  }

  func makeStore(_ sent: Sent = Sent()) -> FeatureStore<SettingsScreen.State, SettingsScreen.Action> {
    FeatureStore(
      initialState: SettingsScreen.State(),
      reducer: SettingsScreen(),
      middlewares: [
        Middleware { _, action, next in
          sent.actions.append(action)
          next(action)
        }
      ])
  }

  @Test func aFormFieldIsReadFromTheStoreAndSetBySendingItsChange() {
    let sent = Sent()
    let store = makeStore(sent)
    let email: ReferenceWritableKeyPath<FeatureStore<SettingsScreen.State, SettingsScreen.Action>, String> =
      \.[binding: \.email]
    store[keyPath: email] = "ada@example.com"
    store[binding: \.newsletter] = true
    #expect(store[keyPath: email] == "ada@example.com" && store.state.newsletter)
    #expect(sent.actions == [.binding(.set(\.email, "ada@example.com")), .binding(.set(\.newsletter, true))])
  }

  @Test func aViewOfAFormFieldIsToldWhenThatFieldChangesOnly() {
    let store = makeStore()
    let told = Log<String>()
    withObservationTracking {
      _ = store[binding: \.email]
    } onChange: {
      MainActor.assumeIsolated { told.append("email") }
    }
    store[binding: \.newsletter] = true
    #expect(told.entries.isEmpty)
    store[binding: \.email] = "grace@example.com"
    #expect(told.entries == ["email"])
  }

  @Test func aSheetSwipedAwaySendsItsDismissal() {
    let sent = Sent()
    let store = makeStore(sent)
    let isPresented:
      ReferenceWritableKeyPath<FeatureStore<SettingsScreen.State, SettingsScreen.Action>, Bool> =
        \.[isPresented: \.help, dismiss: .dismissHelp]
    #expect(!store[keyPath: isPresented])
    store[keyPath: isPresented] = true  // presenting is the feature's own action
    #expect(sent.actions.isEmpty)
    store.send(.showHelp)
    #expect(store[keyPath: isPresented])
    store[keyPath: isPresented] = false
    #expect(store.state.help == nil && sent.actions == [.showHelp, .dismissHelp])
    store[keyPath: isPresented] = false  // already dismissed: nothing to send
    #expect(sent.actions == [.showHelp, .dismissHelp])
  }

  @Test func goingBackInAStackSendsOnePopPerScreenThatWent() {
    let sent = Sent()
    let store = makeStore(sent)
    for title in ["a", "b", "c"] { store.send(.push(title)) }
    let path:
      ReferenceWritableKeyPath<FeatureStore<SettingsScreen.State, SettingsScreen.Action>, [StackElementID]> =
        \.[path: \.path, popLast: .popScreen]
    #expect(store[keyPath: path] == [0, 1, 2])
    let screens = store.scope(forEach: \.path, action: SettingsScreen.Action.path)
    store[keyPath: path] = [0, 1, 2, 3]  // a push from outside: ignored
    store[keyPath: path] = [0]  // the back button's menu, to the first screen
    #expect(store.state.path.ids == [0])
    #expect(sent.actions.suffix(2) == [.popScreen, .popScreen])
    #expect(screens[1].isRemoved && screens[2].isRemoved && !screens[0].isRemoved)
  }

  /// The view that shows a sheet or a stack re-renders when the sheet comes or goes and when
  /// screens are pushed or popped, not when what the sheet or a screen shows changes.
  @Test func aViewOfASheetOrAStackIsToldWhenItComesGoesOrMovesOnly() {
    let store = makeStore()
    store.send(.showHelp)
    store.send(.push("a"))
    let told = Log<String>()
    withObservationTracking {
      _ = store[isPresented: \.help, dismiss: .dismissHelp]
    } onChange: {
      MainActor.assumeIsolated { told.append("sheet") }
    }
    withObservationTracking {
      _ = store[path: \.path, popLast: .popScreen]
    } onChange: {
      MainActor.assumeIsolated { told.append("stack") }
    }
    store.send(.path(id: 0, action: .open))  // a screen's own change
    #expect(told.entries.isEmpty)
    store.send(.push("b"))
    store.send(.dismissHelp)
    #expect(told.entries == ["stack", "sheet"])
  }

  @Test func aDestinationGetsItsScreensStoreById() {
    let store = makeStore()
    for title in ["a", "b", "c"] { store.send(.push(title)) }
    let screens = store.scope(forEach: \.path, action: SettingsScreen.Action.path)
    let second = store.scope(forEach: \.path, id: 1, action: SettingsScreen.Action.path)
    #expect(second === screens[1])
    second?.send(.open)
    #expect(store.state.path[id: 1]?.opened == 1)
    #expect(store.scope(forEach: \.path, id: 9, action: SettingsScreen.Action.path) == nil)
    let fresh = makeStore()
    fresh.send(.push("e"))
    let only = fresh.scope(forEach: \.path, id: 0, action: SettingsScreen.Action.path)
    #expect(only?.state.title == "e")
    #expect(fresh.scope(forEach: \.path, action: SettingsScreen.Action.path).first === only)
  }
}
