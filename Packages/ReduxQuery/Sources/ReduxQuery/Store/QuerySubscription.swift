/// Keeps a query's cache entry in use (Redux Toolkit's `initiate` result): while any
/// subscription to an entry lives, the entry is kept, polled if asked, and fetched again when a
/// mutation invalidates its tags. It ends when cancelled or released; when the last one ends,
/// a request under way is cancelled and the entry is removed after its keeping time.
///
/// ```swift
/// let posts = store.subscribe(to: getPosts, 1)
/// posts.refetch()
/// posts.cancel()
/// ```
public final class QuerySubscription {
  private let runtime: any SubscriptionHost
  /// The entry it keeps.
  public let key: QueryKey
  private let id: Int
  private var isCancelled = false

  init(runtime: any SubscriptionHost, key: QueryKey, id: Int) {
    self.runtime = runtime
    self.key = key
    self.id = id
  }

  deinit { cancel() }

  /// Ends the subscription; ending it twice does nothing.
  ///
  /// ```swift
  /// posts.cancel()
  /// ```
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    runtime.unsubscribe(key, id: id)
  }

  /// Fetches the entry again now (or when its request under way ends).
  ///
  /// ```swift
  /// posts.refetch()
  /// ```
  public func refetch() {
    guard !isCancelled else { return }
    runtime.refetch(key)
  }

  /// Polls the entry every `interval` from now on (`nil`: stop this subscription's polling);
  /// an entry is polled at the shortest interval its subscriptions ask for.
  ///
  /// ```swift
  /// posts.poll(every: .seconds(30))
  /// ```
  /// - Parameter interval: The interval.
  public func poll(every interval: Duration?) {
    guard !isCancelled else { return }
    runtime.changePolling(key, id: id, to: interval)
  }
}

/// A runtime, its `State` left out, as a subscription holds it.
protocol SubscriptionHost: AnyObject {
  func unsubscribe(_ key: QueryKey, id: Int)
  func refetch(_ key: QueryKey)
  func changePolling(_ key: QueryKey, id: Int, to interval: Duration?)
}

extension QueryRuntime: SubscriptionHost {}

/// How a subscription uses its entry (Redux Toolkit's `useQuery` options).
///
/// ```swift
/// let live = store.subscribe(to: getPosts, 1, options: QuerySubscriptionOptions(pollingInterval: .seconds(10)))
/// ```
public struct QuerySubscriptionOptions: Sendable, Equatable {
  /// Fetch the entry every this long while the subscription lives.
  public var pollingInterval: Duration?
  /// Fetch the entry when the subscription starts if its data is at least this old (Redux
  /// Toolkit's `refetchOnMountOrArgChange`: `.zero` always fetches); by default, data of any
  /// age is used.
  public var refetchOlderThan: Duration?

  /// Options.
  ///
  /// ```swift
  /// let fresh = QuerySubscriptionOptions(refetchOlderThan: .seconds(30))
  /// ```
  /// - Parameters:
  ///   - pollingInterval: Fetch the entry every this long.
  ///   - refetchOlderThan: Fetch at the start if the data is at least this old.
  public init(pollingInterval: Duration? = nil, refetchOlderThan: Duration? = nil) {
    self.pollingInterval = pollingInterval
    self.refetchOlderThan = refetchOlderThan
  }
}
