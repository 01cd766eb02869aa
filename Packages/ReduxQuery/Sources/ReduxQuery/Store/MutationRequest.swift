/// One call of a mutation (Redux Toolkit's mutation `initiate` result): its result to wait
/// for, and its entry in the cache's ``QueryCacheState/mutations`` while you hold it.
///
/// ```swift
/// let saving = store.mutate(addPost, NewPost(title: "Hello"))
/// let post = try await saving.value
/// ```
public final class MutationRequest<Value: Sendable & Equatable> {
  private let remove: () -> Void
  /// The call's id, its key in ``QueryCacheState/mutations``.
  public let requestID: Int
  private let task: Task<Result<CachedValue, QueryError>, Never>

  init<State>(
    runtime: QueryRuntime<State>, endpoint: String, requestID: Int,
    task: Task<Result<CachedValue, QueryError>, Never>
  ) {
    self.requestID = requestID
    self.task = task
    remove = { [weak runtime] in
      guard let runtime else { return }
      runtime.dispatch(runtime.api.mutationRemoved(MutationEvent(endpoint: endpoint, requestID: requestID)))
    }
  }

  deinit { remove() }

  /// The call's result, once it returns; throws its ``QueryError`` if it fails.
  nonisolated(nonsending) public var value: Value {
    get async throws(QueryError) { try await task.value.typed(Value.self).get() }
  }

  /// Lets go of the call's entry in the cache now (Redux Toolkit's `reset`); the call itself
  /// goes on. Releasing the request does the same.
  ///
  /// ```swift
  /// saving.reset()
  /// ```
  public func reset() { remove() }
}
