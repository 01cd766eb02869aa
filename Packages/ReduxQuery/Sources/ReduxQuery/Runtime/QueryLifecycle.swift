/// What an endpoint's `onQueryStarted` hook gets: the request's outcome to wait for, and the
/// store to read, dispatch to and update the cache of. The place of optimistic updates:
///
/// ```swift
/// let renamePost = api.mutation("renamePost", returning: Post.self, onQueryStarted: { edit, started in
///   let patch = started.updateQueryData(getPost, edit.id) { $0.title = edit.title }
///   do { _ = try await started.queryFulfilled } catch { patch.undo() }
/// }) { (edit: PostEdit) in try HTTPRequest(method: "PATCH", path: "posts/\(edit.id)", json: edit) }
/// ```
public struct QueryStarted<State, Value: Sendable & Equatable> {
  let runtime: QueryRuntime<State>
  /// The request's id.
  public let requestID: Int
  let outcome: nonisolated(nonsending) () async -> Result<Value, QueryError>

  init(
    runtime: QueryRuntime<State>, requestID: Int,
    outcome: nonisolated(nonsending) @escaping () async -> Result<Value, QueryError>
  ) {
    self.runtime = runtime
    self.requestID = requestID
    self.outcome = outcome
  }

  /// The request's result, once it returns; throws its ``QueryError`` if it fails.
  nonisolated(nonsending) public var queryFulfilled: Value {
    get async throws(QueryError) { try await outcome().get() }
  }

  /// The store's state now.
  public func getState() -> State { runtime.storeForHooks.getState() }

  /// Dispatches an action to the store.
  ///
  /// ```swift
  /// let renamePost = api.mutation("renamePost", returning: Post.self, onQueryStarted: { _, started in
  ///   started.dispatch(Toasts.shown("Saving…"))
  /// }) { (edit: PostEdit) in try HTTPRequest(method: "PATCH", path: "posts/\(edit.id)", json: edit) }
  /// ```
  /// - Parameter action: The action.
  public func dispatch(_ action: PayloadAction) { runtime.dispatch(action) }

  /// Changes the cached data of a query's entry now (an optimistic update); see
  /// `store.updateQueryData(_:_:_:)`.
  ///
  /// ```swift
  /// let renamePost = api.mutation("renamePost", returning: Post.self, onQueryStarted: { edit, started in
  ///   let patch = started.updateQueryData(getPost, edit.id) { $0.title = edit.title }
  ///   if (try? await started.queryFulfilled) == nil { patch.undo() }
  /// }) { (edit: PostEdit) in try HTTPRequest(method: "PATCH", path: "posts/\(edit.id)", json: edit) }
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - argument: Its argument.
  ///   - update: Changes the data.
  /// - Returns: The patch, to undo.
  @discardableResult
  public func updateQueryData<Argument, Data>(
    _ endpoint: QueryEndpoint<State, Argument, Data>, _ argument: Argument,
    _ update: (inout Data) -> Void
  ) -> QueryPatch {
    runtime.updateQueryData(endpoint, argument, update)
  }
}

/// What an endpoint's `onCacheEntryAdded` hook gets: the entry's first data and its removal to
/// wait for, and a way to write into its data. The place of streaming updates (a socket whose
/// messages change the entry while anyone uses it):
///
/// ```swift
/// let getMessages = api.query("getMessages", onCacheEntryAdded: { (room: String, entry: CacheEntryLifecycle<AppState, [String]>) in
///   guard (try? await entry.cacheDataLoaded) != nil else { return }
///   let listening = Task { @MainActor in
///     for await message in chat.messages(in: room) { entry.updateCachedData { $0.append(message) } }
///   }
///   await entry.cacheEntryRemoved
///   listening.cancel()
/// }) { (room: String) in try await chat.history(of: room) }
/// ```
public struct CacheEntryLifecycle<State, Value: Sendable & Equatable> {
  let runtime: QueryRuntime<State>
  let watchers: EntryWatchers
  /// The entry's key.
  public let key: QueryKey

  /// The entry's first data; throws ``QueryError/cancelled`` if the entry is removed before
  /// any comes.
  nonisolated(nonsending) public var cacheDataLoaded: Value {
    get async throws(QueryError) {
      guard let cached = await watchers.firstDataLoaded(), let value = cached.value as? Value
      else { throw .cancelled }
      return value
    }
  }

  /// Returns when the entry is removed from the cache (unused for its keeping time, or
  /// invalidated with no subscriber).
  nonisolated(nonsending) public var cacheEntryRemoved: Void {
    get async { await watchers.removal() }
  }

  /// Changes the entry's data, if it has any.
  ///
  /// ```swift
  /// let getLog = api.query("getLog", onCacheEntryAdded: { (_: Void, entry: CacheEntryLifecycle<AppState, [String]>) in
  ///   if (try? await entry.cacheDataLoaded) != nil { entry.updateCachedData { $0.append("opened") } }
  /// }) { (_: Void) in [String]() }
  /// ```
  /// - Parameter update: Changes the data.
  public func updateCachedData(_ update: (inout Value) -> Void) {
    runtime.write(key, update)
  }

  /// The store's state now.
  public func getState() -> State { runtime.storeForHooks.getState() }

  /// Dispatches an action to the store.
  ///
  /// ```swift
  /// let getRoom = api.query("getRoom", onCacheEntryAdded: { (room: String, entry: CacheEntryLifecycle<AppState, [String]>) in
  ///   entry.dispatch(Toasts.shown("joined \(room)"))
  /// }) { (room: String) in try await chat.history(of: room) }
  /// ```
  /// - Parameter action: The action.
  public func dispatch(_ action: PayloadAction) { runtime.dispatch(action) }
}

extension QueryRuntime {
  /// Starts `endpoint`'s `onCacheEntryAdded` hook for the entry just added at `key`.
  func startCacheEntryHook<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument, _ key: QueryKey
  ) {
    guard let hook = endpoint.onCacheEntryAdded else { return }
    let watchers = EntryWatchers()
    entryWatchers[key] = watchers
    let lifecycle = CacheEntryLifecycle<State, Value>(runtime: self, watchers: watchers, key: key)
    let run = HomeBound((hook: hook, argument: argument, lifecycle: lifecycle))
    _ = StoreHome.start(on: home, run) { run in await run.hook(run.argument, run.lifecycle) }
  }
}
