import EffectStore
import Testing

/// Reaches the deprecated forms that find a case by reflection through a protocol requirement:
/// the compiler warns where they are written (here, inside a deprecated witness), not where the
/// requirement is called, so these tests build with warnings as errors.
protocol ScopesFoundByReflection {
  static func scopes() -> Reduce<AppState, AppAction>
}

enum DeprecatedSpellings: ScopesFoundByReflection {
  @available(*, deprecated, message: "the reflection forms under test")
  static func scopes() -> Reduce<AppState, AppAction> {
    let counter = Scope(state: \AppState.counter, action: AppAction.counter) { Counter() }
    let todos = ForEachElement(\AppState.todos, action: AppAction.todo) { TodoFeature() }
    return Reduce { state, action in
      .merge(counter.reduce(into: &state, action: action), todos.reduce(into: &state, action: action))
    }
  }
}

/// Called through the requirement, not the deprecated member.
func scopes<Spellings: ScopesFoundByReflection>(_: Spellings.Type) -> Reduce<AppState, AppAction> {
  Spellings.scopes()
}

@MainActor
@Suite struct ReflectionScopeTests {
  /// Still correct while deprecated: the short forms find their case, with a labeled payload
  /// (`todo(id:action:)`) too, and ignore the other cases.
  @Test func theShortFormsStillFindTheirCase() {
    let store = FeatureStore(
      initialState: AppState(todos: [Todo(id: 1, title: "Write")]), reducer: scopes(DeprecatedSpellings.self))
    store.send(.counter(.increment))
    store.send(.todo(id: 1, action: .toggle))
    withKnownIssue {
      store.send(.todo(id: 2, action: .toggle))  // no todo 2: reported
    } matching: {
      $0.description.contains("an element that is not in its collection")
    }
    store.send(.addTodo("ignored by both scopes"))
    #expect(store.state.counter.count == 1)
    #expect(store.state.todos.map(\.isDone) == [true])
  }
}
