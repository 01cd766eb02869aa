// The clock is taken as `any Clock<Duration>`, the type a reducer stores it as, so a call passes
// the reducer's property as it is.
extension Effect where Action: Sendable {
  /// Waits `duration` on `clock`, then runs this effect; another debounced effect with the same
  /// `id` started meanwhile cancels the wait, so only the last of a burst runs: search as you
  /// type sends one request when the typing stops.
  ///
  /// The clock is the reducer's dependency: the app passes `ContinuousClock()`, a test a
  /// `TestClock` it advances, so no test sleeps.
  ///
  /// ```swift
  /// struct Search: Reducer {
  ///   let clock: any Clock<Duration>
  ///
  ///   func reduce(into state: inout SearchState, action: SearchAction) -> Effect<SearchAction> {
  ///     switch action {
  ///     case .queryChanged(let query):
  ///       state.query = query
  ///       return .run { send in await send(.results(await api.search(query))) }
  ///         .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  ///     case .results(let results):
  ///       state.results = results
  ///       return .none
  ///     }
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - id: What a later debounced effect cancels this one by; `.cancel(id:)` cancels it too.
  ///   - duration: How long nothing else may start under `id` before this effect runs.
  ///   - clock: The clock to wait on.
  /// - Returns: The effect.
  public func debounce(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Effect {
    // Nothing to run later: no wait either (and nothing earlier is cancelled), as in TCA.
    if isNone { return self }
    return Effect.concatenate(.run { _ in try await clock.sleep(for: duration) }, self)
      .cancellable(id: id, cancelInFlight: true)
  }

  /// Starts this effect at most once per `interval` under `id`: the first at once, and of those
  /// returned during the interval that follows, one when it ends (the latest with `latest:
  /// true`, else the first), which opens the next interval; the others never start. A button
  /// tapped ten times a second saves once a second; a scroll position reported on every frame
  /// reaches the server at its last value per second.
  ///
  /// The interval is work of the store (a test store's `finish()` waits for it, a test advances
  /// its clock past it); `.cancel(id:)` ends it, and drops the effect waiting for its end.
  ///
  /// ```swift
  /// struct Autosave: Reducer {
  ///   let clock: any Clock<Duration>
  ///
  ///   func reduce(into state: inout CounterState, action: CounterAction) -> Effect<CounterAction> {
  ///     switch action {
  ///     case .increment:
  ///       state.count += 1
  ///       return .send(.saved)
  ///         .throttle(id: CancelID.save, for: .seconds(1), clock: clock, latest: true)
  ///     default:
  ///       return .none
  ///     }
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - id: The throttle's id, shared by every effect throttled together; `.cancel(id:)`
  ///     ends its interval.
  ///   - interval: The least time between two starts.
  ///   - clock: The clock to measure it on.
  ///   - latest: Whether the effect started when an interval ends is the latest returned
  ///     during it (`true`) or the first (`false`).
  /// - Returns: The effect.
  public func throttle(
    id: some Hashable & Sendable, for interval: Duration, clock: any Clock<Duration>, latest: Bool
  ) -> Effect {
    if isNone { return self }
    let throttle = EffectThrottle(id: EffectID(id), interval: interval, clock: clock, latest: latest)
    return Effect(.work(.throttled(throttle, self)))
  }

  /// Sends `action` once `duration` has passed on `clock`: a toast hidden after two seconds, a
  /// retry after a pause. Mark it `cancellable(id:)` to be able to call it off.
  ///
  /// ```swift
  /// let resetLater = Effect<CounterAction>.send(.zero, after: .seconds(2), clock: ContinuousClock())
  /// ```
  /// - Parameters:
  ///   - action: The action to send.
  ///   - duration: How long to wait first.
  ///   - clock: The clock to wait on.
  /// - Returns: The effect.
  public static func send(
    _ action: Action, after duration: Duration, clock: any Clock<Duration>
  ) -> Effect {
    .run { send in
      try await clock.sleep(for: duration)
      await send(action)
    }
  }

  /// Sends `action` every `interval` on `clock` until cancelled by `id` (or with the store): a
  /// stopwatch's tick. Starting another timer with the same `id` replaces this one.
  ///
  /// ```swift
  /// struct Stopwatch: Reducer {
  ///   let clock: any Clock<Duration>
  ///
  ///   func reduce(into state: inout CounterState, action: CounterAction) -> Effect<CounterAction> {
  ///     switch action {
  ///     case .startTimer:
  ///       return .timer(id: CancelID.timer, every: .seconds(1), clock: clock, send: .increment)
  ///     case .stop:
  ///       return .cancel(id: CancelID.timer)
  ///     case .increment:
  ///       state.count += 1
  ///       return .none
  ///     default:
  ///       return .none
  ///     }
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - id: What `.cancel(id:)` stops it by.
  ///   - interval: The time between two actions; the first comes one interval after the start.
  ///   - clock: The clock to wait on.
  ///   - action: The action sent at each tick.
  /// - Returns: The effect.
  public static func timer(
    id: some Hashable & Sendable, every interval: Duration, clock: any Clock<Duration>,
    send action: Action
  ) -> Effect {
    Effect.run { send in try await tick(on: clock, every: interval) { await send(action) } }
      .cancellable(id: id, cancelInFlight: true)
  }
}

/// Calls `tick` every `interval` on `clock` until cancelled. Each tick is due one interval after
/// the last one was due, so a slow receiver does not make the timer drift. Generic, so that the
/// clock's own `Instant` is at hand (an `any Clock` erases it).
private func tick<C: Clock<Duration>>(
  on clock: C, every interval: Duration, _ tick: () async -> Void
) async throws {
  var due = clock.now.advanced(by: interval)
  while true {
    try await clock.sleep(until: due, tolerance: nil)
    await tick()
    due = due.advanced(by: interval)
  }
}
