import ClassStore
import EffectStore
import Foundation
import ReduxQuery
import Testing

// One cache, reached from the other styles: a reducer/effect feature through a dependency, a
// class-based store through a property, both with the functional store's `queryClient`.

/// What a feature needs of the posts cache: the client and the endpoints it calls.
struct FixturePostsCache: Sendable {
  let client: QueryClient<CacheTestState>
  let getPost: QueryEndpoint<CacheTestState, Int, Post>
  let renamePost: MutationEndpoint<CacheTestState, PostEdit, Post>
}

private enum PostsCacheKey: DependencyKey {
  static let liveValue: FixturePostsCache? = nil
}

extension DependencyValues {
  var postsCache: FixturePostsCache? {
    get { self[PostsCacheKey.self] }
    set { self[PostsCacheKey.self] = newValue }
  }
}

private struct PostTitle: Reducer {
  struct State: Equatable, Sendable {
    var title = ""
    var failure: String?
  }
  enum Action: Equatable, Sendable {
    case load(Int)
    case rename(Int, String)
    case loaded(String)
    case failed(String)
  }

  @Dependency(\.postsCache) var cache

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load(let id):
      return .run { [cache] send in
        guard let cache else { return }
        do throws(QueryError) {
          await send(.loaded(try await cache.client.fetch(cache.getPost, id).title))
        } catch {
          await send(.failed("\(error)"))
        }
      }
    case .rename(let id, let title):
      return .run { [cache] send in
        guard let cache else { return }
        let renamed = try? await cache.client.mutate(cache.renamePost, PostEdit(id: id, title: title))
        await send(.loaded(renamed?.title ?? ""))
      }
    case .loaded(let title):
      state.title = title
      return .none
    case .failed(let reason):
      state.failure = reason
      return .none
    }
  }
}

private final class PostPage: CommitStore<String> {
  let cache: FixturePostsCache

  init(cache: FixturePostsCache) {
    self.cache = cache
    super.init(state: "")
  }

  func load(_ id: Int) async throws {
    let post = try await cache.client.fetch(cache.getPost, id)
    commit { $0 = post.title }
  }
}

@MainActor
@Suite struct OtherStylesTests {
  @Test func aReducerEffectFeatureUsesTheCacheThroughADependency() async throws {
    let fixture = Fixture()
    let cache = FixturePostsCache(
      client: fixture.store.queryClient, getPost: fixture.getPost, renamePost: fixture.renamePost)
    let watched = fixture.store.subscribe(to: fixture.getPost, 1)
    await waitUntil { fixture.store.queryResult(fixture.getPost, 1).isSuccess }
    let feature = FeatureStore(initialState: PostTitle.State(), reducer: PostTitle()) {
      $0.postsCache = cache
    }
    feature.send(.load(1))
    await waitUntil { feature.state.title == "One" }
    #expect(fixture.backend.count("posts/1") == 1, "the feature read the cached entry")

    feature.send(.rename(1, "Uno"))
    await waitUntil {
      feature.state.title == "Uno" && fixture.store.queryResult(fixture.getPost, 1).data?.title == "Uno"
    }
    #expect(fixture.backend.count("posts/1") == 2, "the mutation refetched the subscribed entry")

    feature.send(.load(9))
    await waitUntil { feature.state.failure != nil }
    #expect(feature.state.failure == "\(QueryError.status(404, body: .init()))")
    _ = watched
  }

  @Test func aClassBasedStoreUsesTheCacheThroughAProperty() async throws {
    let fixture = Fixture()
    let page = PostPage(
      cache: FixturePostsCache(
        client: fixture.store.queryClient, getPost: fixture.getPost, renamePost: fixture.renamePost))
    try await page.load(2)
    #expect(page.state == "Two")
    #expect(fixture.store.queryResult(fixture.getPost, 2).data?.title == "Two")
  }

  @Test func aClientOfAStoreThatIsGoneThrowsCancelled() async {
    var fixture: Fixture? = Fixture()
    let client = fixture!.store.queryClient
    let getPost = fixture!.getPost
    fixture = nil
    await #expect(throws: QueryError.cancelled) { _ = try await client.fetch(getPost, 1) }
  }
}
