import ClassStore
import EffectStore
import Foundation
import FunctionalStore
import ReduxCore
import ReduxQuery
import Testing

// One query cache, reached from a store of every style (ReduxQuery's `QueryClient`): two
// screens of a style that show one entry make one request between them, and a mutation made
// through the cache refreshes what both show.

/// A server in memory: a title per id, and how many reads it answered.
private final class TitleServer: Sendable {
  private let titles = Locked([1: "One"])
  private let reads = Locked(0)
  var readCount: Int { reads.withLock { $0 } }

  func title(_ id: Int) async throws -> String {
    reads.withLock { $0 += 1 }
    try await Task.sleep(for: .milliseconds(5))
    return titles.withLock { $0[id] ?? "" }
  }

  func rename(_ id: Int, to title: String) async throws -> String {
    titles.withLock { $0[id] = title }
    return title
  }
}

private struct CacheState { var api = QueryCacheState() }

/// The query store, its API and the client every screen uses.
@MainActor
private struct ContractCache {
  let server = TitleServer()
  let store: ReduxStore<CacheState, PayloadAction>
  let getTitle: QueryEndpoint<CacheState, Int, String>
  let rename: MutationEndpoint<CacheState, String, String>
  var client: QueryClient<CacheState> { store.queryClient }

  init() {
    let server = server
    let api = QueryAPI(cache: \CacheState.api)
    getTitle = api.query("getTitle", providesTags: { _, id in [QueryTag("Title", id: id)] }) { (id: Int) in
      try await server.title(id)
    }
    rename = api.mutation("rename", invalidatesTags: { _, _ in [QueryTag("Title", id: 1)] }) {
      (title: String) in
      try await server.rename(1, to: title)
    }
    store = createStore(
      reducer: combineReducers(.slice(\CacheState.api, api.reducer)), initialState: CacheState())
  }
}

/// A screen of one style that shows the title of post 1 from the cache.
@MainActor
private struct CachedScreen {
  let load: () -> Void
  let title: () -> String
  let store: AnyObject

  nonisolated static let styles = ["reducer/effect", "class-based", "functional"]

  static func make(_ style: String, _ cache: ContractCache) -> CachedScreen {
    let client = cache.client
    let getTitle = cache.getTitle
    switch style {
    case "reducer/effect":
      let store = FeatureStore(initialState: "", reducer: TitleFeature(client: client, getTitle: getTitle))
      return CachedScreen(load: { store.send(.load) }, title: { store.state }, store: store)
    case "class-based":
      let store = TitleScreenStore(client: client, getTitle: getTitle)
      return CachedScreen(load: { Task { await store.load() } }, title: { store.state }, store: store)
    default:
      let store = createStore(
        reducer: ReduxReducer<String, String> { title, loaded in title = loaded }, initialState: "")
      return CachedScreen(
        load: {
          store.start(
            AsyncThunk<String, String, Void> { dispatch, _ in
              if let title = try? await client.fetch(getTitle, 1) { dispatch(title) }
            })
        }, title: { store.getState() }, store: store)
    }
  }
}

private struct TitleFeature: Reducer {
  let client: QueryClient<CacheState>
  let getTitle: QueryEndpoint<CacheState, Int, String>
  enum Action: Equatable, Sendable {
    case load
    case loaded(String)
  }
  func reduce(into state: inout String, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .run { [client, getTitle] send in
        do throws(QueryError) {
          await send(.loaded(try await client.fetch(getTitle, 1)))
        } catch {
          await send(.loaded("failed: \(error)"))
        }
      }
    case .loaded(let title):
      state = title
      return .none
    }
  }
}

private final class TitleScreenStore: CommitStore<String> {
  let client: QueryClient<CacheState>
  let getTitle: QueryEndpoint<CacheState, Int, String>

  init(client: QueryClient<CacheState>, getTitle: QueryEndpoint<CacheState, Int, String>) {
    self.client = client
    self.getTitle = getTitle
    super.init(state: "")
  }

  func load() async {
    guard let title = try? await client.fetch(getTitle, 1) else { return }
    commit { $0 = title }
  }
}

@MainActor
@Suite struct QueryCacheContract {
  @Test(arguments: CachedScreen.styles)
  func twoScreensShareOneRequestAndAMutationRefreshesBoth(_ style: String) async throws {
    let cache = ContractCache()
    let watched = cache.store.subscribe(to: cache.getTitle, 1)
    let first = CachedScreen.make(style, cache)
    let second = CachedScreen.make(style, cache)
    first.load()
    second.load()
    await waitUntil { first.title() == "One" && second.title() == "One" }
    #expect([first.title(), second.title()] == ["One", "One"], "\(cache.store.getState().api.queries)")
    #expect(cache.server.readCount == 1, "the watch and both screens shared one request")

    _ = try await cache.client.mutate(cache.rename, "Uno")
    await waitUntil { cache.store.queryResult(cache.getTitle, 1).data == "Uno" }
    first.load()
    second.load()
    await waitUntil { first.title() == "Uno" && second.title() == "Uno" }
    #expect([first.title(), second.title()] == ["Uno", "Uno"])
    _ = watched
  }
}
