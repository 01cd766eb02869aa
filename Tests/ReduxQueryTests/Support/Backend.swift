import Foundation
import ReduxCore
import ReduxQuery
import ReduxTesting

struct Post: Codable, Equatable, Sendable, Identifiable {
  var id: Int
  var title: String
}

struct PostEdit: Codable, Equatable, Sendable {
  var id: Int
  var title: String
}

/// A server in memory that the checks steer: it counts requests by path, can hold its answers
/// until released, and can fail the next request.
final class Backend: Sendable {
  private let posts = Locked<[Int: Post]>([1: Post(id: 1, title: "One"), 2: Post(id: 2, title: "Two")])
  private let log = Locked<[String]>([])
  private let held = Locked(false)
  private let failures = Locked<[QueryError]>([])
  private let cancelled = Locked(0)

  func count(_ path: String) -> Int { log.withLock { $0.filter { $0 == path }.count } }
  var total: Int { log.withLock { $0.count } }
  var cancellations: Int { cancelled.withLock { $0 } }

  func hold() { held.withLock { $0 = true } }
  func release() { held.withLock { $0 = false } }
  func failNext(with error: QueryError) { failures.withLock { $0.append(error) } }
  func setTitle(_ title: String, of id: Int) { posts.withLock { $0[id]?.title = title } }

  /// Logs a request, waits while answers are held, then fails it if asked.
  private func answer(_ path: String) async throws {
    log.withLock { $0.append(path) }
    while held.withLock({ $0 }) {
      do { try await Task.sleep(for: .milliseconds(1)) } catch {
        cancelled.withLock { $0 += 1 }
        throw error
      }
    }
    if let failure = failures.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw failure }
  }

  func post(_ id: Int) async throws -> Post {
    try await answer("posts/\(id)")
    guard let post = posts.withLock({ $0[id] }) else { throw QueryError.status(404, body: .init()) }
    return post
  }

  func allPosts() async throws -> [Post] {
    try await answer("posts")
    return posts.withLock { $0.values.sorted { $0.id < $1.id } }
  }

  func rename(_ edit: PostEdit) async throws -> Post {
    try await answer("rename/\(edit.id)")
    return try posts.withLock { posts in
      guard posts[edit.id] != nil else { throw QueryError.status(404, body: .init()) }
      posts[edit.id]?.title = edit.title
      return posts[edit.id]!
    }
  }
}

struct CacheTestState: Equatable {
  var api = QueryCacheState()
  var other = 0
}

/// An API over a ``Backend`` with a test clock, its endpoints, and a store on the main actor.
@MainActor
struct Fixture {
  let backend = Backend()
  let clock = TestClock()
  let api: QueryAPI<CacheTestState>
  let getPost: QueryEndpoint<CacheTestState, Int, Post>
  let getPosts: QueryEndpoint<CacheTestState, Void, [Post]>
  let renamePost: MutationEndpoint<CacheTestState, PostEdit, Post>
  let store: ReduxStore<CacheTestState, PayloadAction>

  init(keepUnusedDataFor: Duration = .seconds(60)) {
    let backend = backend
    api = QueryAPI(cache: \CacheTestState.api, keepUnusedDataFor: keepUnusedDataFor, clock: clock)
    getPost = api.query("getPost", providesTags: { _, id in [QueryTag("Post", id: id)] }) { (id: Int) in
      try await backend.post(id)
    }
    getPosts = api.query(
      "getPosts",
      providesTags: { posts, _ in
        [QueryTag("Post", id: "LIST")] + (posts ?? []).map { QueryTag("Post", id: $0.id) }
      }
    ) { (_: Void) in try await backend.allPosts() }
    renamePost = api.mutation("renamePost", invalidatesTags: { _, edit in [QueryTag("Post", id: edit.id)] }) {
      (edit: PostEdit) in try await backend.rename(edit)
    }
    store = createStore(
      reducer: combineReducers(.slice(\CacheTestState.api, api.reducer)), initialState: CacheTestState())
  }

  func entry(_ key: QueryKey) -> QueryEntry? { store.getState().api.queries[key] }
}

/// Lets the main actor run until `condition` holds (up to 120 s: in the full suite, under a
/// sanitizer, the main actor and the two threads of the cooperative pool are shared with
/// hundreds of other tests, and a flow of a dozen hops there can take most of the run).
@MainActor
func waitUntil(_ condition: () -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(120)
  while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
}

/// Lets tasks that are ready run: a few turns of the main actor.
@MainActor
func settle() async {
  for _ in 0..<20 { await Task.yield() }
}

struct NewPost: Codable, Equatable, Sendable {
  var title: String
}
