/// What an entry's `onCacheEntryAdded` hook waits for: its first data, and its removal.
final class EntryWatchers {
  private var firstData: CachedValue?
  private var isRemoved = false
  private var dataWaiters: [CheckedContinuation<CachedValue?, Never>] = []
  private var removalWaiters: [CheckedContinuation<Void, Never>] = []

  func dataLoaded(_ value: CachedValue) {
    guard firstData == nil else { return }
    firstData = value
    for waiter in dataWaiters { waiter.resume(returning: value) }
    dataWaiters = []
  }

  func entryRemoved() {
    isRemoved = true
    for waiter in dataWaiters { waiter.resume(returning: nil) }
    for waiter in removalWaiters { waiter.resume() }
    dataWaiters = []
    removalWaiters = []
  }

  /// The entry's first data, or `nil` if it was removed before any came.
  nonisolated(nonsending) func firstDataLoaded() async -> CachedValue? {
    if let firstData { return firstData }
    if isRemoved { return nil }
    return await withCheckedContinuation { dataWaiters.append($0) }
  }

  nonisolated(nonsending) func removal() async {
    if isRemoved { return }
    await withCheckedContinuation { removalWaiters.append($0) }
  }
}
