import ClassStore
import EffectStore
import FunctionalStore
import Testing

// The samples of Docs/Concurrency.md, compiled and run.

struct ChatState: Equatable, Sendable {
  var messages: [String] = []
  var isLoading = false
}

enum ChatAction: Sendable {
  case join
  case historyLoaded([String])
  case post(String)
}

struct ChatFeature: Reducer {
  let history: @Sendable () async -> [String]

  func reduce(into state: inout ChatState, action: ChatAction) -> Effect<ChatAction> {
    switch action {
    case .join:
      state.isLoading = true
      return .run { [history] send in await send(.historyLoaded(await history())) }
    case .historyLoaded(let messages):
      state.isLoading = false
      state.messages = messages + state.messages
      return .none
    case .post(let message):
      state.messages.append(message)
      return .none
    }
  }
}

/// One store per session, owned by the session's actor: sessions run in parallel, and each
/// one's effects come back to it.
actor ChatSession {
  private var store: FeatureStore<ChatState, ChatAction>?

  func join(history: @escaping @Sendable () async -> [String]) async -> [String] {
    let store = FeatureStore(initialState: ChatState(), reducer: ChatFeature(history: history))
    self.store = store
    await store.send(.join).finish()
    return store.state.messages
  }

  func post(_ message: String) -> Int {
    store?.send(.post(message))
    return store?.state.messages.count ?? 0
  }
}

enum VisitAction: Sendable { case visited(String) }

/// The functional style in a background service: the actor owns the store, and an async thunk
/// awaited from the actor dispatches there after its `await`.
actor VisitCounter {
  private let store = createStore(
    reducer: ReduxReducer<[String: Int], VisitAction> { counts, action in
      if case .visited(let page) = action { counts[page, default: 0] += 1 }
    }, initialState: [:])

  func record(_ page: String, lookUp: @escaping @Sendable (String) async -> String) async -> Int {
    await store.dispatch(
      AsyncThunk { dispatch, getState in
        let canonical = await lookUp(page)
        dispatch(.visited(canonical))
        return getState()[canonical] ?? 0
      })
  }
}

/// The class-based style on an actor: subclass `NonisolatedCommitStore`, and forward where the
/// store lives.
final class Leaderboard: NonisolatedCommitStore<[String: Int]> {
  init(isolation: isolated (any Actor)? = #isolation) {
    super.init(state: [:], isolation: isolation)
  }

  func score(_ player: String, _ points: Int) { commit { $0[player, default: 0] += points } }

  nonisolated(nonsending) func scoreVerified(
    _ player: String, _ points: Int, verify: @Sendable (String) async -> Bool
  ) async {
    guard await verify(player) else { return }
    score(player, points)
  }
}

actor Tournament {
  func play(verify: @escaping @Sendable (String) async -> Bool) async -> [String: Int] {
    let board = Leaderboard()
    board.score("ada", 3)
    await board.scoreVerified("grace", 5, verify: verify)
    return board.state
  }
}

@Suite struct ConcurrencyGuideExamples {
  @Test func sessionsRunInParallelEachWithItsStore() async {
    let sessions = (0..<8).map { _ in ChatSession() }
    let counts = await withTaskGroup(of: Int.self) { group in
      for (index, session) in sessions.enumerated() {
        group.addTask {
          let history = await session.join { ["hello \(index)"] }
          #expect(history == ["hello \(index)"])
          return await session.post("hi")
        }
      }
      return await group.reduce(0, +)
    }
    #expect(counts == 16)
  }

  @Test func aBackgroundServiceOwnsAFunctionalStore() async {
    let counter = VisitCounter()
    #expect(await counter.record("/Home") { $0.lowercased() } == 1)
    #expect(await counter.record("/home") { $0.lowercased() } == 2)
  }

  @Test func aClassStoreOnAnActorCommitsAfterAwaitingThere() async {
    let scores = await Tournament().play { _ in true }
    #expect(scores == ["ada": 3, "grace": 5])
  }

  @MainActor
  @Test func aCommandLineToolAwaitsItsEffects() async {
    let store = FeatureStore(initialState: ChatState(), reducer: ChatFeature(history: { ["welcome"] }))
    await store.send(.join).finish()
    print(store.state.messages)  // ["welcome"]
    #expect(store.state.messages == ["welcome"])
  }
}
