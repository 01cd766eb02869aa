extension StoreEngine {
  /// Makes an `AsyncStream` fed by a new subscriber: the stream yields `initial` at once, then
  /// each value the subscriber is given, and finishes when the engine goes away. Ending the
  /// iteration (or cancelling its task) removes the subscriber.
  ///
  /// Style code rarely needs this directly; ``ObservableStore/states(bufferingPolicy:)`` and its
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
  @inlinable
  package func makeStream<Element: Sendable>(
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .bufferingNewest(1),
    initial: Element,
    subscribe: (@escaping @MainActor (Element) -> Void) -> SubscriptionID
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Element.self, bufferingPolicy: bufferingPolicy)
    continuation.yield(initial)
    let id = subscribe { element in continuation.yield(element) }
    streamFinishers[id] = { continuation.finish() }
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.removeSubscriber(id) }
    }
    return stream
  }
}

extension StoreEngine {
  /// Finishes every state stream now (a child store whose element is gone).
  package func finishStreams() {
    let finishers = streamFinishers
    streamFinishers.removeAll()
    for finish in finishers.values { finish() }
  }
}
