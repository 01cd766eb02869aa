/// How a listener's runs overlap when its actions come faster than its effect ends.
///
/// ```swift
/// listeners.startListening(for: Search.queryChanged, mode: .debounce(for: .milliseconds(300))) { query, api in
///   api.dispatch(Search.resultsArrived(try await SearchAPI.results(for: query)))
/// }
/// ```
public struct ListenerMode: Sendable {
  enum Kind: Sendable {
    case every
    case latest
    case debounce(Duration, any Clock<Duration>)
  }

  let kind: Kind

  /// Each match starts a run; earlier runs go on (Redux Saga's `takeEvery`).
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged, mode: .every) { query, _ in print("searched", query) }
  /// ```
  public static let every = ListenerMode(kind: .every)

  /// Each match cancels the listener's runs still going and starts one (`takeLatest`): only the
  /// latest run's dispatches reach the store.
  ///
  /// ```swift
  /// listeners.startListening(for: Search.queryChanged, mode: .latest) { query, api in
  ///   api.dispatch(Search.resultsArrived(try await SearchAPI.results(for: query)))
  /// }
  /// ```
  public static let latest = ListenerMode(kind: .latest)

  /// Each match cancels the runs still going (waiting ones too) and starts one that first waits
  /// `interval` on `clock`: a run goes ahead only once the actions have paused that long.
  ///
  /// ```swift
  /// let typing = ListenerMode.debounce(for: .milliseconds(300))
  /// ```
  /// - Parameters:
  ///   - interval: The pause that lets a run go ahead.
  ///   - clock: The clock to wait on; a test passes a test clock and advances it.
  /// - Returns: The mode.
  public static func debounce(
    for interval: Duration, clock: any Clock<Duration> = ContinuousClock()
  ) -> ListenerMode {
    ListenerMode(kind: .debounce(interval, clock))
  }

  /// Whether a new run cancels the runs still going.
  var cancelsEarlierRuns: Bool {
    if case .every = kind { return false }
    return true
  }
}
