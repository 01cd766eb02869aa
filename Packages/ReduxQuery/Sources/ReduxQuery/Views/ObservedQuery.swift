public import Observation

/// A query as a view uses it (Redux Toolkit's `useQuery` hook): an `Observable` object that
/// subscribes to the entry while it lives, and tells a view (SwiftUI, or
/// `withObservationTracking`) only when its own entry changed. Change ``argument`` to move it to
/// another entry; set it to `nil` to skip the query.
///
/// ```swift
/// import SwiftUI
///
/// struct PostsScreen: View {
///   @State var posts = appStore.observeQuery(getPosts, 1)
///   var body: some View {
///     if posts.isLoading { ProgressView() }
///     ForEach(posts.data ?? []) { post in Text(post.title) }
///     Button("Next page") { posts.argument = (posts.argument ?? 1) + 1 }
///   }
/// }
/// ```
@Observable
public final class ObservedQuery<State, Argument: Sendable, Value: Sendable & Equatable> {
  /// The argument whose entry it follows; `nil` skips the query (no subscription, no request).
  public var argument: Argument? {
    didSet { follow() }
  }

  /// What a view reads, kept in an object that is not generic: Observation then names each
  /// property with a key path made once, where a generic class's is made at every read.
  @ObservationIgnored private let shown = ShownEntry()
  @ObservationIgnored private weak var store: ReduxStore<State, PayloadAction>?
  @ObservationIgnored private let endpoint: QueryEndpoint<State, Argument, Value>
  @ObservationIgnored private let options: QuerySubscriptionOptions
  @ObservationIgnored private var subscription: QuerySubscription?
  @ObservationIgnored private var watch: Subscription?
  /// The entry followed now: setting the same argument again, or the initializer's first
  /// setting, does not subscribe again (which would cancel the request under way).
  @ObservationIgnored private var followedKey: QueryKey?

  init(
    store: ReduxStore<State, PayloadAction>, endpoint: QueryEndpoint<State, Argument, Value>,
    argument: Argument?, options: QuerySubscriptionOptions
  ) {
    self.store = store
    self.endpoint = endpoint
    self.options = options
    self.argument = argument
    follow()
  }

  /// The entry's status, data and error.
  public var result: QueryResult<Value> { QueryResult(shown.entry) }
  /// The last data of any argument this object had (Redux Toolkit's `data`): a list keeps
  /// showing the previous page while the next loads. ``currentData`` is the entry's own.
  public var data: Value? { shown.lastData?.value as? Value }
  /// The entry's own data (Redux Toolkit's `currentData`).
  public var currentData: Value? { shown.entry?.data?.value as? Value }
  /// Why the last request failed.
  public var error: QueryError? { shown.entry?.error }
  /// The first load: fetching, with no data yet.
  public var isLoading: Bool { shown.entry?.status == .pending && shown.entry?.hasData != true }
  /// Fetching, with or without data.
  public var isFetching: Bool { shown.entry?.status == .pending }
  /// The entry has data from a request that returned.
  public var isSuccess: Bool { result.isSuccess }
  /// The last request failed.
  public var isError: Bool { result.isError }

  /// Fetches the entry again now.
  ///
  /// ```swift
  /// posts.refetch()
  /// ```
  public func refetch() { subscription?.refetch() }

  /// Moves the subscription and the watch to the entry of ``argument``.
  private func follow() {
    let key = argument.map(endpoint.key)
    if key == followedKey { return }
    followedKey = key
    watch = nil
    subscription = nil
    guard let store, let argument, let key else {
      shown.entry = nil
      return
    }
    subscription = store.subscribe(to: endpoint, argument, options: options)
    let cache = endpoint.api.cache
    watch = store.subscribe({ $0[keyPath: cache].queries[key] }, initial: true) { [shown] entry in
      shown.show(entry)
    }
  }
}

extension ReduxStore where Action == PayloadAction {
  /// A query for a view: an `Observable` object that keeps the entry in use while it lives and
  /// tells the view only of its own entry (Redux Toolkit's `useQuery`).
  ///
  /// ```swift
  /// let post = appStore.observeQuery(getPost, 3)
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - argument: Its argument; `nil` skips the query until you set one.
  ///   - options: Polling and how old the data may be.
  /// - Returns: The observed query.
  public func observeQuery<Argument, Value>(
    _ endpoint: QueryEndpoint<State, Argument, Value>, _ argument: Argument?,
    options: QuerySubscriptionOptions = QuerySubscriptionOptions()
  ) -> ObservedQuery<State, Argument, Value> {
    ObservedQuery(store: self, endpoint: endpoint, argument: argument, options: options)
  }

  /// A query that takes no argument, for a view.
  ///
  /// ```swift
  /// let posts = appStore.observeQuery(getAllPosts)
  /// ```
  /// - Parameters:
  ///   - endpoint: The query.
  ///   - options: Polling and how old the data may be.
  /// - Returns: The observed query.
  public func observeQuery<Value>(
    _ endpoint: QueryEndpoint<State, Void, Value>,
    options: QuerySubscriptionOptions = QuerySubscriptionOptions()
  ) -> ObservedQuery<State, Void, Value> {
    observeQuery(endpoint, (), options: options)
  }
}

/// The entry an ``ObservedQuery`` shows, and the last data it showed.
@Observable
final class ShownEntry {
  var entry: QueryEntry?
  var lastData: CachedValue?

  func show(_ new: QueryEntry?) {
    if new != entry { entry = new }
    if let data = new?.data, data != lastData { lastData = data }
  }
}
