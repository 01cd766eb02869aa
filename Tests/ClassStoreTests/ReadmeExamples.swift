import ClassStore
import ReduxCore
import Testing

// The samples of Packages/ClassStore/README.md, compiled and run. `.ci/check-doc-samples` keeps
// them in step with the page.

struct ScoreState: Equatable, Sendable {
  var points = 0
  var level = 1
}

struct ScoreAPI: Sendable {
  func fetchBonus() async -> Int { 50 }
}

final class ScoreStore: CommitStore<ScoreState> {
  init() { super.init(state: ScoreState()) }

  func score() { commit { $0.points += 10 } }
  func add(_ points: Int) { commit(mutation: Self.add, payload: points) }
  func claimBonus(from api: ScoreAPI) async {
    let bonus = await api.fetchBonus()
    commit { $0.points += bonus }
  }

  private static func add(_ state: inout ScoreState, _ points: Int) { state.points += points }
}

final class LevelStore: CommitStore<ScoreState>, ComputesDerivedState {
  var levelUps = 0

  init() { super.init(state: ScoreState()) }

  func score(_ points: Int) { commit { $0.points += points } }

  override func worksAfterCommit() -> [(inout ScoreState) -> Void] {
    [{ $0.level = 1 + $0.points / 100 }]
  }

  func computed(new: ScoreState, old: ScoreState) {
    if new.level > old.level { levelUps += 1 }
  }
}

struct GameState: Equatable, Sendable {
  var score = ScoreState()
  var player = ""
}

final class GameStore: CommitStore<GameState> {
  let score = ScoreStore()

  init() {
    super.init(state: GameState())
    compose(score, into: \.score)
  }

  func rename(_ player: String) { commit { $0.player = player } }
}

let auditCommits = Middleware<ScoreState, Commit<ScoreState>> { context, commit, next in
  next(commit)
  print(commit.name, "->", context.state.points)
}

final class AuditedScoreStore: CommitStore<ScoreState> {
  init() { super.init(state: ScoreState(), middlewares: [auditCommits, .logging(label: "score")]) }
  func score() { commit { $0.points += 10 } }
}

@MainActor
@Suite struct ClassStoreReadmeExamples {
  @Test func aStore() async {
    let store = ScoreStore()
    store.score()
    store.add(5)
    await store.claimBonus(from: ScoreAPI())
    print(store.state.points)  // 65
    #expect(store.state.points == 65)
  }

  @Test func hooks() {
    let store = LevelStore()
    store.score(150)
    store.score(10)
    store.score(100)
    #expect(store.state.level == 3)
    #expect(store.levelUps == 2)
  }

  @Test func storesOfStores() {
    let game = GameStore()
    game.score.score()
    game.rename("Ada")
    #expect(game.state == GameState(score: ScoreState(points: 10), player: "Ada"))
  }

  @Test func modulesAddedWhileTheStoreRuns() {
    struct CartState: Equatable, Sendable { var items: [String] = [] }

    final class CartStore: CommitStore<CartState> {
      init() { super.init(state: CartState()) }
      func add(_ item: String) { commit { $0.items.append(item) } }
    }

    struct ShopState: Equatable, Sendable {
      var title = "Shop"
      var modules = StoreModules()
    }

    final class ShopStore: CommitStore<ShopState> {
      init() { super.init(state: ShopState()) }
    }

    let shop = ShopStore()
    let cart = CartStore()
    shop.addModule(cart, named: "cart", in: \.modules)
    cart.add("tea")
    print(shop.state.modules["cart", as: CartState.self]?.items ?? [])  // ["tea"]
    shop.removeModule(named: "cart")  // or keepingState: true
    print(shop.hasModule(named: "cart"), shop.state.modules.names)  // false []
    #expect(!shop.hasModule(named: "cart") && shop.state.modules.names.isEmpty)
    #expect(cart.state.items == ["tea"])
  }

  @Test func resetAndDispose() {
    let game = GameStore()
    game.rename("Ada")
    game.reset()  // the state its initializer gave, as one commit named reset()
    game.reset(to: GameState(player: "Grace"))
    game.dispose()  // ends its subscriptions, streams and the mirror of its score store
    game.score.score()
    #expect(game.state == GameState(player: "Grace"))
    #expect(game.isDisposed && game.score.subscriberCount == 0)
  }

  @Test func subscribersThatSeeTheCommit() {
    let tracked = GameStore()
    let analytics = tracked.subscribeToCommits { commit, state in
      print("commit", commit.name, "player:", state.player)
    }
    tracked.rename("Ada")  // commit rename(_:) player: Ada
    analytics.cancel()
    #expect(tracked.state.player == "Ada" && analytics.isCancelled)
  }

  @Test func actionHooks() {
    final class TimedScoreStore: CommitStore<ScoreState> {
      init() { super.init(state: ScoreState()) }
      func score() { action { commit { $0.points += 10 } } }
      func add(_ points: Int) { action(arguments: [points]) { commit { $0.points += points } } }
    }

    let timed = TimedScoreStore()
    let timing = timed.onAction { call in
      let started = ContinuousClock.now
      call.after { _ in print(call.name, call.arguments, ContinuousClock.now - started) }
      call.onError { error in print(call.name, "failed:", error) }
    }
    timed.add(5)  // add(_:) [5] 0.000004 seconds
    timing.cancel()
    #expect(timed.state.points == 5 && timing.isCancelled)
  }

  @Test func appWidePlugins() {
    // The sample's `print`, kept to check it.
    let sent = Locked<[String]>([])
    let print: @Sendable (String) -> Void = { event in sent.withLock { $0.append(event) } }

    struct Analytics: Sendable {
      let send: @Sendable (String) -> Void
    }

    struct AnalyticsPlugin: ActionHookPlugin {
      let analytics: Analytics

      // Every store of every style: each action or commit that reached the state.
      func prepare<State, Action>(_ store: inout StoreSetup<State, Action>) {
        let analytics = analytics
        let name = store.name
        store.add(
          Middleware { _, action, next in
            next(action)
            analytics.send("\(name) \(action)")
          })
      }

      // Class-based stores: each action method, and how it failed.
      func onAction(_ call: ActionCall, in store: String) {
        let analytics = analytics
        call.onError { error in analytics.send("\(store) \(call.name) failed: \(error)") }
      }
    }

    let plugins = StorePlugins(AnalyticsPlugin(analytics: Analytics { print($0) }))
    let analyzed = plugins.makingStores { GameStore() }
    analyzed.score.score()  // GameStore compose(ScoreStore) (the mirror), ScoreStore score()
    analyzed.rename("Ada")  // GameStore rename(_:)
    #expect(
      sent.withLock { $0 }
        == [
          "GameStore compose(ScoreStore)", "GameStore compose(ScoreStore)", "ScoreStore score()",
          "GameStore rename(_:)",
        ])

    struct Failure: Error {}
    final class FailingStore: CommitStore<ScoreState> {
      init() { super.init(state: ScoreState()) }
      func submit() throws { try action { throw Failure() } }
    }
    let failing = plugins.makingStores { FailingStore() }
    #expect(throws: Failure.self) { try failing.submit() }
    #expect(sent.withLock { $0.last } == "FailingStore submit() failed: Failure()")
  }

  @Test func middlewareSeesCommits() {
    let store = AuditedScoreStore()
    store.score()
    #expect(store.state.points == 10)
  }
}
