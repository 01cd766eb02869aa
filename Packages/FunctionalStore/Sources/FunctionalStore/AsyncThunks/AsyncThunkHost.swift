import ReduxCore

/// Where an async thunk's call is dispatched: a store, or a listener's run on one (which has
/// the store's middleware context, not the store). Its calls dispatch their lifecycle there,
/// read its state, and run their work on its actor.
struct AsyncThunkHost<State> {
  let dispatch: (PayloadAction) -> Void
  let getState: () -> State
  /// The actor the work runs on; stops with a message when there is none.
  let home: () -> any Actor
  /// The thunk's dependencies: the store's extra argument, or the listener middleware's extra.
  let extra: Any?

  /// A store's: a call keeps the store while it runs, as the store's own work does.
  init(store: ReduxStore<State, PayloadAction>, caller: (any Actor)?) {
    dispatch = { store.dispatch($0) }
    getState = { store.getState() }
    extra = store.extraForAsyncThunks
    home = {
      let stop = FunctionalProgrammerError.noHomeForAsyncThunk
      guard let home = store.engine.homeForAsyncWork(settlingOn: caller, otherwise: stop).actor
      else { stop() }
      return home
    }
  }

  /// A middleware's (a listener's run): it reaches the store weakly, as the context does.
  init(context: MiddlewareContext<State, PayloadAction>, extra: Any?) {
    dispatch = { context.dispatch($0) }
    getState = { context.getState() }
    self.extra = extra
    home = {
      guard let home = context.home?.actor else { FunctionalProgrammerError.noHomeForAsyncThunk() }
      return home
    }
  }

  /// Dispatches a call: checks its condition, dispatches `pending`, and starts the work at home,
  /// which dispatches `fulfilled` or `rejected` when it ends.
  func dispatch<Argument, Value>(
    _ call: AsyncThunkCall<State, Argument, Value>
  ) -> AsyncThunkRequest<Argument, Value> {
    let creator = call.creator
    let requestID = creator.idGenerator?(call.argument) ?? AsyncThunkRequestIDs.next()
    if let condition = creator.condition,
      !condition(call.argument, AsyncThunkConditionAPI(getState: getState, extra: extra))
    {
      let skipped = AsyncThunkSkipped(typePrefix: creator.typePrefix)
      if creator.dispatchesSkippedCalls {
        dispatch(
          creator.rejected(AsyncThunkRejected(requestID: requestID, argument: call.argument, error: skipped)))
      }
      return .ended(requestID, call.argument, with: skipped)
    }
    let home = home()
    let request = AsyncThunkRequest<Argument, Value>(requestID: requestID, argument: call.argument)
    if creator.asyncCondition == nil {
      dispatch(creator.pending(AsyncThunkPending(requestID: requestID, argument: call.argument)))
    }
    request.start(creator, host: self, on: home)
    return request
  }
}

/// The ids of async thunk calls: one sequence for the process, so no two calls share one.
enum AsyncThunkRequestIDs {
  private static let last = Locked(0)

  static func next() -> Int {
    last.withLock { last in
      last += 1
      return last
    }
  }
}
