import Foundation
import ReduxCore
import ReduxQuery
import Testing

#if canImport(SwiftUI)
  import SwiftUI
#endif

// The samples of Packages/ReduxQuery/README.md, as written, against a posts server on loopback.

/// The guide's server: started once, when `serverURL` is first read, and serving until the
/// tests end.
enum GuideServer {
  static let shared = try! TestHTTPServer.startWaiting(
    respond: postsRoutes(
      posts: Locked([1: Post(id: 1, title: "One"), 2: Post(id: 2, title: "Two")]), failures: Locked(0)))
}

let serverURL = GuideServer.shared.baseURL

struct AppState {
  var api = QueryCacheState()
  var draft = ""
}

let api = QueryAPI(cache: \AppState.api, baseQuery: .http(baseURL: serverURL))

let getPosts = api.query(
  "getPosts", returning: [Post].self,
  providesTags: { posts, _ in
    [QueryTag("Post", id: "LIST")] + (posts ?? []).map { QueryTag("Post", id: $0.id) }
  }
) { (_: Void) in HTTPRequest(path: "posts") }

let getPost = api.query(
  "getPost", returning: Post.self, providesTags: { _, id in [QueryTag("Post", id: id)] }
) { (id: Int) in HTTPRequest(path: "posts/\(id)") }

let addPost = api.mutation(
  "addPost", returning: Post.self, invalidatesTags: { _, _ in [QueryTag("Post", id: "LIST")] }
) { (post: NewPost) in try HTTPRequest(method: "POST", path: "posts", json: post) }

let renamePost = api.mutation(
  "renamePost", returning: Post.self, invalidatesTags: { _, edit in [QueryTag("Post", id: edit.id)] }
) { (edit: PostEdit) in try HTTPRequest(method: "PATCH", path: "posts/\(edit.id)", json: edit) }

@MainActor func makeAppStore() -> ReduxStore<AppState, PayloadAction> {
  createStore(reducer: combineReducers(.slice(\AppState.api, api.reducer)), initialState: AppState())
}

@MainActor
final class PostsScreen {
  let store: ReduxStore<AppState, PayloadAction>
  let posts: ObservedQuery<AppState, Void, [Post]>

  init(store: ReduxStore<AppState, PayloadAction>) {
    self.store = store
    posts = store.observeQuery(getPosts)
  }

  var titles: [String] { posts.data?.map(\.title) ?? [] }
  var isLoading: Bool { posts.isLoading }

  func add(_ title: String) async throws(QueryError) {
    _ = try await store.mutate(addPost, NewPost(title: title)).value
  }

  func rename(_ id: Int, to title: String) async throws(QueryError) {
    _ = try await store.mutate(renamePost, PostEdit(id: id, title: title)).value
  }
}

#if canImport(SwiftUI)
  struct PostsView: View {
    @State var posts: ObservedQuery<AppState, Void, [Post]>

    init(store: ReduxStore<AppState, PayloadAction>) {
      _posts = State(initialValue: store.observeQuery(getPosts))
    }

    var body: some View {
      List(posts.data ?? []) { post in Text(post.title) }
        .overlay { if posts.isLoading { ProgressView() } }
        .refreshable { posts.refetch() }
    }
  }
#endif

let renameOptimistically = api.mutation(
  "renameOptimistically", returning: Post.self,
  onQueryStarted: { (edit: PostEdit, started: QueryStarted<AppState, Post>) in
    let patch = started.updateQueryData(getPost, edit.id) { $0.title = edit.title }
    do { _ = try await started.queryFulfilled } catch { patch.undo() }
  }
) { (edit: PostEdit) in try HTTPRequest(method: "PATCH", path: "posts/\(edit.id)", json: edit) }

struct PostsCache: Sendable {
  let client: QueryClient<AppState>
}

@MainActor func loadTitle(_ id: Int, from cache: PostsCache) async throws(QueryError) -> String {
  try await cache.client.fetch(getPost, id).title
}

@MainActor
@Suite(.serialized) struct QueryGuideExamples {
  @Test func theScreenListsAddsAndEditsAgainstTheServer() async throws {
    // The store is the test's own: a store a global keeps at exit is weakly referenced, and
    // LeakSanitizer cannot follow the runtime's pointer to its weak-reference table.
    let appStore = makeAppStore()
    let screen = PostsScreen(store: appStore)
    #expect(screen.isLoading)
    await waitUntil { screen.titles == ["One", "Two"] }
    #expect(screen.titles == ["One", "Two"])

    try await screen.add("Three")
    await waitUntil { screen.titles == ["One", "Two", "Three"] }
    #expect(screen.titles == ["One", "Two", "Three"], "adding refetched the list (its LIST tag)")

    try await screen.rename(2, to: "Deux")
    await waitUntil { screen.titles == ["One", "Deux", "Three"] }
    #expect(screen.titles == ["One", "Deux", "Three"], "renaming refetched the list (the row's tag)")
    #expect(GuideServer.shared.count("GET /posts") == 3, "\(GuideServer.shared.requests)")

    let cache = PostsCache(client: appStore.queryClient)
    #expect(try await loadTitle(3, from: cache) == "Three")
    let optimistic = appStore.mutate(renameOptimistically, PostEdit(id: 3, title: "Trois"))
    await waitUntil { appStore.queryResult(getPost, 3).data?.title == "Trois" }
    #expect(appStore.queryResult(getPost, 3).data?.title == "Trois", "before the server answered")
    #expect(try await optimistic.value.title == "Trois")
    try await GuideServer.shared.stop()
  }
}
