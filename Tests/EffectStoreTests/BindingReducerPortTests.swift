import EffectStore
import ReduxTesting
import Testing

// TCA's BindingReducerTests that do not need a view store, with their reducers, actions and
// assertions: `BindingReducer()` writes the field before the feature's logic, which matches
// the change by its value or by its field; and changes are equal when they set the same field
// to the same value.

private struct BindingTest: Reducer {
  struct State: Equatable, Sendable {
    var nested = Nested()
    struct Nested: Equatable, Sendable { var field = "" }
  }
  enum Action: Equatable, Sendable, BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(.set(\.nested, State.Nested(field: "special"))):
        state.nested.field += "*"
      case .binding(\State.nested):
        state.nested.field += "!"
      case .binding:
        break
      }
      return .none
    }
  }
}

@MainActor
@Suite struct BindingReducerPortTests {
  @Test func equality() {
    struct State { var count = 0 }
    #expect(BindingAction<State>.set(\.count, 1) == BindingAction<State>.set(\.count, 1))
    #expect(BindingAction<State>.set(\.count, 1) != BindingAction<State>.set(\.count, 2))
  }

  @Test func aBindingActionRespectsPatternMatching() async {
    let store = FeatureTestStore(initialState: BindingTest.State()) { BindingTest() }
    await store.send(.binding(.set(\.nested, BindingTest.State.Nested(field: "special")))) {
      $0.nested = BindingTest.State.Nested(field: "special*")
    }
    await store.send(.binding(.set(\.nested, BindingTest.State.Nested(field: "Hello")))) {
      $0.nested = BindingTest.State.Nested(field: "Hello!")
    }
  }

  @Test func aChangeMatchesTheFieldItSetsNotTheOneAroundIt() {
    let store = FeatureStore(initialState: BindingTest.State(), reducer: BindingTest())
    store.send(.binding(.set(\.nested.field, "Hello")))
    #expect(store.state == BindingTest.State(nested: .init(field: "Hello")))
    store.send(.binding(.set(\.nested, .init(field: "Hello"))))
    #expect(store.state.nested.field == "Hello!")
  }

  @Test func theChangeIsFoundWhetherTheActionDeclaresItOrNot() {
    enum Declared: Equatable, Sendable, BindableAction {
      case binding(BindingAction<BindingTest.State>)
      case other
      var binding: BindingAction<BindingTest.State>? {
        if case .binding(let change) = self { change } else { nil }
      }
    }
    let change = BindingAction<BindingTest.State>.set(\.nested.field, "x")
    #expect(BindingTest.Action.binding(change).binding == change)
    #expect(Declared.binding(change).binding == change)
    #expect(Declared.other.binding == nil)
    var state = BindingTest.State()
    _ = BindingReducer<BindingTest.State, Declared>().reduce(into: &state, action: .binding(change))
    #expect(state.nested.field == "x")
    _ = BindingReducer<BindingTest.State, Declared>().reduce(into: &state, action: .other)
    #expect(state.nested.field == "x")
  }

  /// The guide's form: `BindingReducer()` writes the field, `.onChange(of:)` reacts to it
  /// however it changed.
  @Test func theGuidesSearchForm() {
    struct SearchForm: Reducer {
      struct State: Equatable, Sendable {
        var query = ""
        var suggestions: [String] = []
      }
      enum Action: Equatable, Sendable, BindableAction {
        case binding(BindingAction<State>)
        case clear

        // Declared, so that BindingReducer finds the change without reflecting on the action.
        var binding: BindingAction<State>? {
          if case .binding(let change) = self { change } else { nil }
        }
      }

      var body: some Reducer<State, Action> {
        // One reducer of both, so that onChange sees what each of them changes.
        CombineReducers {
          BindingReducer()
          Reduce { state, action in
            if case .clear = action { state.query = "" }
            return .none
          }
        }
        .onChange(of: \.query) { _, state in
          state.suggestions = state.query.isEmpty ? [] : [state.query + "s"]
          return .none
        }
      }
    }

    let store = FeatureStore(initialState: SearchForm.State(), reducer: SearchForm())
    store.send(.binding(.set(\.query, "cat")))  // suggestions: ["cats"]
    store.send(.clear)  // suggestions: []
    #expect(store.state.suggestions == [])
    #expect(store.state.query == "")
    store.send(.binding(.set(\.query, "dog")))
    #expect(store.state == SearchForm.State(query: "dog", suggestions: ["dogs"]))
  }
}
