internal import ReduxCore

/// A query request under way.
struct RunningRequest {
  let requestID: Int
  /// What it ends with, for those who wait for it (a `fetch`, the endpoint's hook).
  let outcome = RequestOutcome()
  /// Its work (`nil` until it is started, after the hooks that wait for it).
  var task: Task<Void, Never>?
}

/// The end of a request, awaited by any number of callers on the store's actor; a request that
/// ends before anyone waits keeps its end for them.
final class RequestOutcome {
  private var result: Result<CachedValue, QueryError>?
  private var waiters: [CheckedContinuation<Result<CachedValue, QueryError>, Never>] = []

  func settle(_ result: Result<CachedValue, QueryError>) {
    guard self.result == nil else { return }
    self.result = result
    let waiting = waiters
    waiters = []
    for waiter in waiting { waiter.resume(returning: result) }
  }

  nonisolated(nonsending) func value() async -> Result<CachedValue, QueryError> {
    if let result { return result }
    return await withCheckedContinuation { waiters.append($0) }
  }
}

extension QueryRuntime {
  /// Starts a request for `endpoint`'s entry for `argument`, unless one is under way: the
  /// entry turns pending now, in this dispatch; the answer comes back to the store's actor.
  func start<Argument, Value>(_ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument) {
    let key = endpoint.key(argument)
    guard requests[key] == nil, let store else { return }
    let requestID = QueryRequestIDs.next()
    let isNewEntry = cache.queries[key] == nil
    requests[key] = RunningRequest(requestID: requestID)
    dispatch(api.queryStarted(QueryCacheEvent(key: key, requestID: requestID)))
    if !store.engine.isDispatching, cache.queries[key]?.requestID != requestID {
      QueryProgrammerError.reducerMissing(api: api.name, key: key)
    }
    // The hooks begin before the request, as Redux Toolkit's do (at `pending`), so that a
    // request that ends at once still finds them waiting.
    if isNewEntry { startCacheEntryHook(endpoint, argument, key) }
    if let hook = endpoint.onQueryStarted, let outcome = requests[key]?.outcome {
      let started = QueryStarted<State, Value>(runtime: self, requestID: requestID) {
        await outcome.value().typed(Value.self)
      }
      let run = HomeBound((hook: hook, argument: argument, started: started))
      _ = StoreHome.start(on: home, run) { run in await run.hook(run.argument, run.started) }
    }
    // The endpoint's function begins here, up to its first suspension, as a Redux Toolkit
    // query function does inside `dispatch`.
    let run = HomeBound((runtime: self, endpoint: endpoint, argument: argument, key: key, id: requestID))
    let task = StoreHome.start(on: home, run) { run in
      await run.runtime.complete(run.endpoint, run.argument, key: run.key, requestID: run.id)
    }
    if requests[key]?.requestID == requestID { requests[key]?.task = task }
  }

  /// Waits for the request's answer and puts it in the entry, unless the request was cancelled
  /// or replaced meanwhile.
  private nonisolated(nonsending) func complete<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument, key: QueryKey,
    requestID: Int
  ) async {
    let outcome: Result<Value, QueryError>
    do {
      outcome = .success(try await endpoint.fetch(argument))
    } catch {
      outcome = .failure(QueryError(error))
    }
    guard let request = requests[key], request.requestID == requestID else { return }
    requests[key] = nil
    switch outcome {
    case .success(let value):
      fulfilledOnClock[key] = api.clock.now()
      let cached = CachedValue(value)
      dispatch(
        api.queryFulfilled(
          QueryCacheEvent(
            key: key, requestID: requestID, value: cached, tags: endpoint.providesTags(value, argument))))
      entryWatchers[key]?.dataLoaded(cached)
    case .failure(let error):
      dispatch(
        api.queryRejected(
          QueryCacheEvent(
            key: key, requestID: requestID, tags: endpoint.providesTags(nil, argument), error: error)))
    }
    request.outcome.settle(outcome.map(CachedValue.init))
    if refetchWhenDone.remove(key) != nil, isSubscribed(key) {
      starters[key]?(self)
    } else if !isSubscribed(key) {
      scheduleRemoval(key)
    }
  }

  /// Cancels `key`'s request under way, if any: its connection is closed, and the entry goes
  /// back to its data (or to a cancelled failure if it has none).
  func cancelRequest(_ key: QueryKey) {
    guard let request = requests.removeValue(forKey: key) else { return }
    request.task?.cancel()
    request.outcome.settle(.failure(.cancelled))
    refetchWhenDone.remove(key)
    dispatch(api.queryRejected(QueryCacheEvent(key: key, requestID: request.requestID, error: .cancelled)))
  }

  /// Calls a mutation: its entry turns pending now, the answer comes back to the store's
  /// actor, and the tags it invalidates are invalidated then.
  func mutate<Argument, Value>(
    _ endpoint: MutationEndpoint<State, Argument, Value>, _ argument: Argument
  ) -> MutationRequest<Value> {
    let requestID = QueryRequestIDs.next()
    dispatch(api.mutationStarted(MutationEvent(endpoint: endpoint.name, requestID: requestID)))
    let outcome = RequestOutcome()
    if let hook = endpoint.onQueryStarted {
      let started = QueryStarted<State, Value>(runtime: self, requestID: requestID) {
        await outcome.value().typed(Value.self)
      }
      let run = HomeBound((hook: hook, argument: argument, started: started))
      _ = StoreHome.start(on: home, run) { run in await run.hook(run.argument, run.started) }
    }
    let run = HomeBound(
      (runtime: self, endpoint: endpoint, argument: argument, id: requestID, outcome: outcome))
    let task = StoreHome.start(on: home, run) { run in
      let ended = await run.runtime.completeMutation(run.endpoint, run.argument, requestID: run.id)
      run.outcome.settle(ended)
      return ended
    }
    return MutationRequest(runtime: self, endpoint: endpoint.name, requestID: requestID, task: task)
  }

  private nonisolated(nonsending) func completeMutation<Argument, Value>(
    _ endpoint: MutationEndpoint<State, Argument, Value>, _ argument: Argument, requestID: Int
  ) async -> Result<CachedValue, QueryError> {
    let outcome: Result<Value, QueryError>
    do {
      outcome = .success(try await endpoint.fetch(argument))
    } catch {
      outcome = .failure(QueryError(error))
    }
    switch outcome {
    case .success(let value):
      dispatch(
        api.mutationFulfilled(
          MutationEvent(endpoint: endpoint.name, requestID: requestID, value: CachedValue(value))))
      invalidate(endpoint.invalidatesTags(value, argument))
    case .failure(let error):
      dispatch(
        api.mutationRejected(MutationEvent(endpoint: endpoint.name, requestID: requestID, error: error)))
      // A failed call may still have changed the server (Redux Toolkit invalidates after a
      // server's error too); a cancelled one is the caller's own choice.
      if error != .cancelled { invalidate(endpoint.invalidatesTags(nil, argument)) }
    }
    return outcome.map(CachedValue.init)
  }
}

extension Result where Success == CachedValue, Failure == QueryError {
  /// The outcome as the endpoint's own type.
  func typed<Value>(_ type: Value.Type) -> Result<Value, QueryError> {
    flatMap { cached in
      guard let value = cached.value as? Value else {
        return .failure(.failed("the cached data is not \(Value.self)"))
      }
      return .success(value)
    }
  }
}
