import EffectStore
import ReduxTesting
import Testing

// TCA's OnChangeReducerTests, with its reducers, actions and assertions: a reaction that runs
// when an action changed a value (and sends an action back), a list watched by its ids only, a
// pair of values compared as a tuple, and a shared value changed through its lock.

@MainActor
@Suite struct OnChangeReducerPortTests {
  @Test func aChangeRunsTheReactionAndItsEffect() async {
    struct Feature: Reducer {
      struct State: Equatable, Sendable {
        var count = 0
        var description = ""
      }
      enum Action: Equatable, Sendable { case incrementButtonTapped, decrementButtonTapped }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .decrementButtonTapped: state.count -= 1
          case .incrementButtonTapped: state.count += 1
          }
          return .none
        }
        .onChange(of: \.count) { _, newValue in
          Reduce { state, _ in
            state.description = String(repeating: "!", count: newValue)
            return newValue > 1 ? .send(.decrementButtonTapped) : .none
          }
        }
      }
    }
    let store = FeatureTestStore(initialState: Feature.State()) { Feature() }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
      $0.description = "!"
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 2
      $0.description = "!!"
    }
    await store.receive(.decrementButtonTapped) {
      $0.count = 1
      $0.description = "!"
    }
  }

  @Test func aListWatchedByItsIdsIgnoresItsRowsChanges() async {
    struct Child: Reducer {
      struct State: Equatable, Sendable, Identifiable {
        let id: Int
        var counter = 0
      }
      enum Action: Equatable, Sendable { case incrementButtonTapped }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.counter += 1
        return .none
      }
    }
    struct Feature: Reducer {
      struct State: Equatable, Sendable {
        var childStates: IdentifiedArrayOf<Child.State>
        var onChangeUpdateCounter = 0
      }
      enum Action: Equatable, Sendable {
        case addChildState(Child.State)
        case child(Child.State.ID, Child.Action)
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .addChildState(let child) = action { state.childStates.append(child) }
          return .none
        }
        .forEach(\.childStates, action: Action.child) {
          if case .child(let id, let action) = $0 { (id, action) } else { nil }
        } element: {
          Child()
        }
        .onChange(of: \.childStates, removeDuplicates: { $0.ids == $1.ids }) { _, _ in
          Reduce { state, _ in
            state.onChangeUpdateCounter += 1
            return .none
          }
        }
      }
    }
    let store = FeatureTestStore(initialState: Feature.State(childStates: [.init(id: 0)])) { Feature() }
    await store.send(.child(0, .incrementButtonTapped)) {
      $0.childStates[id: 0]?.counter = 1
    }
    await store.send(.addChildState(.init(id: 1))) {
      $0.childStates.append(.init(id: 1))
      $0.onChangeUpdateCounter = 1
    }
    await store.send(.child(1, .incrementButtonTapped)) {
      $0.childStates[id: 1]?.counter = 1
    }
  }

  @Test func aPairOfValuesComparedAsATuple() async {
    struct Feature: Reducer {
      struct State: Equatable, Sendable {
        var countA = 0
        var countB = 0
        var sum = 0
      }
      enum Action: Equatable, Sendable {
        case incrementButtonTapped
        case noop
        case updateSum(Int)
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .incrementButtonTapped:
            state.countA += 1
            state.countB += 1
          case .noop: break
          case .updateSum(let sum): state.sum = sum
          }
          return .none
        }
        .onChange(of: { ($0.countA, $0.countB) }, removeDuplicates: ==) { _, _ in
          Reduce { state, _ in .send(.updateSum(state.countA + state.countB)) }
        }
      }
    }
    let store = FeatureTestStore(initialState: Feature.State()) { Feature() }
    await store.send(.incrementButtonTapped) {
      $0.countA = 1
      $0.countB = 1
    }
    await store.receive(.updateSum(2)) { $0.sum = 2 }
    await store.send(.noop)
  }

  @Test func aSharedValueChangedThroughItsLock() async {
    struct Count: Codable, Equatable, Sendable { var value = 0 }
    struct Feature: Reducer {
      struct State: Equatable, Sendable {
        @Shared(.inMemory("OnChangeReducerPortTests.count")) var count = Count()
        var description = ""
      }
      enum Action: Equatable, Sendable { case incrementButtonTapped }
      var body: some Reducer<State, Action> {
        Reduce { state, _ in
          state.$count.withLock { $0.value += 1 }
          return .none
        }
        .onChange(of: \.count) { oldValue, newValue in
          Reduce { state, _ in
            state.description = "old: \(oldValue.value), new: \(newValue.value)"
            return .none
          }
        }
      }
    }
    let store = FeatureTestStore(initialState: Feature.State()) { Feature() }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0.value = 1 }
      $0.description = "old: 0, new: 1"
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0.value = 2 }
      $0.description = "old: 1, new: 2"
    }
  }

  /// TCA's newest spelling: the reaction gets the old value and the state, and returns an effect.
  @Test func theReactionGetsTheOldValueAndTheState() async {
    struct Feature: Reducer {
      struct State: Equatable, Sendable {
        var query = ""
        var history: [String] = []
      }
      enum Action: Equatable, Sendable { case typed(String), cleared }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .typed(let text): state.query += text
          case .cleared: state.query = ""
          }
          return .none
        }
        .onChange(of: \.query) { oldQuery, state in
          state.history.append("\(oldQuery) -> \(state.query)")
          return .none
        }
      }
    }
    let store = FeatureTestStore(initialState: Feature.State()) { Feature() }
    await store.send(.typed("a")) {
      $0.query = "a"
      $0.history = [" -> a"]
    }
    await store.send(.typed(""))
    await store.send(.cleared) {
      $0.query = ""
      $0.history = [" -> a", "a -> "]
    }
  }
}
