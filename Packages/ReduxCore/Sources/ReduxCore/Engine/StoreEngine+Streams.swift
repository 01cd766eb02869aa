extension StoreEngine {
  /// Makes an `AsyncStream` fed by a new subscriber: the stream yields `initial` at once, then
  /// each value the subscriber is given, and finishes when the engine goes away. Ending the
  /// iteration (or cancelling its task) removes the subscriber.
  ///
  /// Style code rarely needs this directly; ``StateStore/states(bufferingPolicy:)`` and its
  /// siblings are built on it.
  ///
  /// ```swift
  /// let counts = engine.makeStream(initial: engine.untrackedState.count) { yield in
  ///   engine.addSubscriber(keyPath: \.count, notify: yield)
  /// }
  /// ```
  /// - Parameters:
  ///   - bufferingPolicy: What the stream keeps while its reader is behind; the default,
  ///     `.bufferingNewest(1)`, keeps only the latest, `.unbounded` keeps every value.
  ///   - initial: The first element, the value at the time of the call.
  ///   - subscribe: Adds the subscriber that feeds the stream, given the function that yields.
  /// - Returns: The stream.
  @usableFromInline
  package func makeStream<Element: Sendable>(
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .bufferingNewest(1),
    initial: Element,
    subscribe: (@escaping (Element) -> Void) -> SubscriptionID
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Element.self, bufferingPolicy: bufferingPolicy)
    continuation.yield(initial)
    let ended = StreamEnd()
    var subscription: SubscriptionID?
    let id = subscribe { [weak self] element in
      guard ended.isSet else {
        continuation.yield(element)
        return
      }
      // Its reader is gone and the store had no home to remove it from at once.
      if let self, let subscription { self.removeSubscriber(subscription) }
    }
    subscription = id
    // Subscribing may have ended the store (a child that learns its part went): the stream
    // then ends after its first element.
    if streamsAreFinished {
      removeSubscriber(id)
      continuation.finish()
      return stream
    }
    streamFinishers[id] = { continuation.finish() }
    // Removed at the store's home as soon as the reader is done; a store with no known home
    // removes it at the next notification that reaches it.
    let remove = home.map { home in (home, HomeBound { [weak self] in self?.removeSubscriber(id) }) }
    continuation.onTermination = { _ in
      ended.set()
      guard let (home, remove) = remove else { return }
      Task { await home.run(remove) { remove in remove() } }
    }
    return stream
  }
}

/// Whether a state stream's reader is done, set from whichever thread ends the iteration.
final class StreamEnd: Sendable {
  private let ended = Locked(false)

  var isSet: Bool { ended.withLock { $0 } }

  func set() { ended.withLock { $0 = true } }
}

extension StoreEngine {
  /// Finishes every state stream now, and every one made later (a child store whose element
  /// is gone).
  package func finishStreams() {
    streamsAreFinished = true
    let finishers = streamFinishers
    streamFinishers.removeAll()
    for finish in finishers.values { finish() }
  }
}
