import Foundation
import NIOHTTP1
import ReduxCore
import ReduxQuery
import ReduxTesting

/// A posts API served over HTTP on loopback, with an API and a store on the main actor that use
/// it through `BaseQuery.http`.
@MainActor
final class HTTPFixture {
  let server: TestHTTPServer
  let clock = TestClock()
  let api: QueryAPI<CacheTestState>
  let getPost: QueryEndpoint<CacheTestState, Int, Post>
  let getPosts: QueryEndpoint<CacheTestState, Void, [Post]>
  let getSlow: QueryEndpoint<CacheTestState, Void, Post>
  let getBad: QueryEndpoint<CacheTestState, Void, Post>
  let renamePost: MutationEndpoint<CacheTestState, PostEdit, Post>
  let store: ReduxStore<CacheTestState, PayloadAction>
  private let failures: Locked<Int>

  init(timeout: Duration = .seconds(10), keepUnusedDataFor: Duration = .seconds(60)) async throws {
    let posts = Locked([1: Post(id: 1, title: "One"), 2: Post(id: 2, title: "Two")])
    let failures = Locked(0)
    self.failures = failures
    server = try await TestHTTPServer.start(respond: postsRoutes(posts: posts, failures: failures))
    api = QueryAPI(
      cache: \CacheTestState.api, baseQuery: .http(baseURL: server.baseURL, timeout: timeout),
      keepUnusedDataFor: keepUnusedDataFor, clock: clock)
    getPost = api.query(
      "getPost", returning: Post.self, providesTags: { _, id in [QueryTag("Post", id: id)] }
    ) {
      (id: Int) in HTTPRequest(path: "posts/\(id)")
    }
    getPosts = api.query(
      "getPosts", returning: [Post].self,
      providesTags: { posts, _ in
        [QueryTag("Post", id: "LIST")] + (posts ?? []).map { QueryTag("Post", id: $0.id) }
      }
    ) { (_: Void) in HTTPRequest(path: "posts") }
    getSlow = api.query("getSlow", returning: Post.self) { (_: Void) in HTTPRequest(path: "slow") }
    getBad = api.query("getBad", returning: Post.self) { (_: Void) in HTTPRequest(path: "bad") }
    renamePost = api.mutation(
      "renamePost", returning: Post.self, invalidatesTags: { _, edit in [QueryTag("Post", id: edit.id)] }
    ) { (edit: PostEdit) in try HTTPRequest(method: "PATCH", path: "posts/\(edit.id)", json: edit) }
    store = createStore(
      reducer: combineReducers(.slice(\CacheTestState.api, api.reducer)), initialState: CacheTestState())
  }

  /// Makes the server answer the next `count` changes with a 500.
  func failNextChanges(_ count: Int = 1) { failures.withLock { $0 = count } }

  func stop() async throws { try await server.stop() }
}

/// A posts API: list, read, add (`POST /posts`) and rename (`PATCH /posts/N`, failing while
/// `failures` is above zero), a slow answer and a malformed one.
func postsRoutes(posts: Locked<[Int: Post]>, failures: Locked<Int>) -> TestHTTPServer.Respond {
  { method, path, body in
    let parts = path.split(separator: "/").map(String.init)
    let id = parts.count == 2 ? Int(parts[1]) : nil
    switch (method, parts.first ?? "", id) {
    case ("GET", "posts", nil):
      return .init(body: try! JSONEncoder().encode(posts.withLock { $0.values.sorted { $0.id < $1.id } }))
    case ("GET", "posts", let id?):
      guard let post = posts.withLock({ $0[id] }) else { return .init(status: .notFound) }
      return .init(body: try! JSONEncoder().encode(post))
    case ("PATCH", "posts", let id?):
      let fails = failures.withLock { failures in
        defer { failures = max(0, failures - 1) }
        return failures > 0
      }
      if fails {
        return .init(
          status: .internalServerError, body: Data("{\"error\":\"down\"}".utf8), delay: .milliseconds(50))
      }
      let edit = try! JSONDecoder().decode(PostEdit.self, from: body)
      let post = posts.withLock { posts in
        posts[id]?.title = edit.title
        return posts[id]!
      }
      return .init(body: try! JSONEncoder().encode(post))
    case ("POST", "posts", nil):
      let new = try! JSONDecoder().decode(NewPost.self, from: body)
      let post = posts.withLock { posts in
        let post = Post(id: (posts.keys.max() ?? 0) + 1, title: new.title)
        posts[post.id] = post
        return post
      }
      return .init(status: .created, body: try! JSONEncoder().encode(post))
    case ("GET", "slow", nil):
      return .init(body: try! JSONEncoder().encode(Post(id: 9, title: "Late")), delay: .seconds(3))
    case ("GET", "bad", nil):
      return .init(body: Data("{\"id\": \"not a number\"}".utf8))
    default:
      return .init(status: .notFound)
    }
  }
}
