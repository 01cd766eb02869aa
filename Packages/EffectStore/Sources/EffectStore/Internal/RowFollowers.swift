public import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The collections a store follows for its element child stores, reachable by `ForEachElement`
/// while that store's reducer runs.
///
/// A reducer is a value that knows nothing of the store running it, so the store says so
/// around the call, per thread (a reducer runs synchronously on the thread that dispatches): a
/// `ForEachElement` about to write one row asks the reducing store's followers whether one of
/// them keeps this collection, and if so has it let go for the write (see ``FollowedRows``).
/// A store with no element child store sets nothing, and its dispatch pays one branch.
@usableFromInline
final class RowFollowers {
  @usableFromInline struct Entry {
    /// The followed collection's type, which the follower's generic parameter is.
    @usableFromInline let collectionType: ObjectIdentifier
    @usableFromInline let rows: AnyObject

    @inlinable
    init(collectionType: ObjectIdentifier, rows: AnyObject) {
      self.collectionType = collectionType
      self.rows = rows
    }
  }

  // Exclusivity: appended to when a child store is made and read while the reducer runs, both
  // in the store's domain, never during each other.
  @exclusivity(unchecked) @usableFromInline var entries: [Entry] = []

  @usableFromInline init() {}

  /// Adds a follower of a collection of type `Rows`.
  @inlinable
  func add<Rows: ElementCollection>(_ rows: FollowedRows<Rows>) {
    entries.append(Entry(collectionType: ObjectIdentifier(Rows.self), rows: rows))
  }

  /// The follower that keeps `collection`'s storage, if any, unretained: these followers keep
  /// each of theirs for as long as their store lives, and a reducer cannot change them.
  @inlinable
  func rows<Rows: ElementCollection>(
    keeping collection: inout Rows
  ) -> Unmanaged<FollowedRows<Rows>>? {
    let type = ObjectIdentifier(Rows.self)
    for entry in entries where entry.collectionType == type {
      let rows = unsafeDowncast(entry.rows, to: FollowedRows<Rows>.self)
      if rows.keeps(&collection) { return .passUnretained(rows) }
    }
    return nil
  }

  /// Runs `body` (the store's reducer) with these followers reachable from `ForEachElement`.
  @inlinable
  func whileReducing<Result>(_ body: () -> Result) -> Result {
    let slot = ReducingStoreSlot.ofThisThread
    let outer = slot.pointee
    slot.pointee = Unmanaged.passUnretained(self).toOpaque()
    defer { slot.pointee = outer }
    return body()
  }

  /// Whether any store in the process follows a collection now: while none does (no element
  /// child store is read or watched), `ForEachElement` writes a row without asking this
  /// thread's slot, one load instead of a `pthread_getspecific`.
  ///
  /// A relaxed load is enough: the follower of a store's collection was counted in that
  /// store's isolation domain, before any later run of its reducer there, and stays counted
  /// while it follows; what other stores' followers do on other threads does not matter here.
  @inlinable
  static var anyInProcess: Bool {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      return FollowingCount.value.load(ordering: .relaxed) != 0
    }
    return true
  }

  /// Counts a follower that starts following (`1`) or stops (`-1`), for ``anyInProcess``.
  @inlinable
  static func countFollowers(changedBy difference: Int) {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      FollowingCount.value.add(difference, ordering: .relaxed)
    }
  }

  /// The followers of the store whose reducer runs on this thread, if it has any, unretained:
  /// the store holds them while its reducer runs. Used without a reference taken, a row's write
  /// through a follower makes two atomic operations fewer per send.
  @inlinable
  static var ofReducingStore: Unmanaged<RowFollowers>? {
    guard let slot = ReducingStoreSlot.ofThisThreadIfAny, let followers = slot.pointee else { return nil }
    return Unmanaged<RowFollowers>.fromOpaque(followers)
  }
}

/// How many element followers follow a collection in this process (``RowFollowers/anyInProcess``).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@usableFromInline
enum FollowingCount {
  @usableFromInline static let value = Atomic<Int>(0)
}

/// Which store's reducer runs on this thread: a word per thread, made on first use and freed
/// when the thread ends, holding the store's ``RowFollowers`` (unretained) while its reducer
/// runs. A store sets and restores it around its reducer with two plain writes; finding it costs
/// one `pthread_getspecific` per dispatch of a store with element child stores (setting a
/// thread-local value itself costs several times that).
@usableFromInline
enum ReducingStoreSlot {
  /// This thread's slot, made if it has none.
  @usableFromInline
  static var ofThisThread: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
    if let slot = ofThisThreadIfAny { return slot }
    let slot = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
    slot.initialize(to: nil)
    pthread_setspecific(key, slot)
    return slot
  }

  /// This thread's slot, if a store with element child stores has reduced on it.
  @usableFromInline
  static var ofThisThreadIfAny: UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
    pthread_getspecific(key)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  }

  /// One thread-local key for the whole process, made on first use; a thread's slot is freed
  /// when the thread ends.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { slot in
      #if canImport(Darwin)
        slot.deallocate()
      #else
        slot?.deallocate()
      #endif
    }
    precondition(
      status == 0, "EffectStore could not make its thread-local key (pthread_key_create: \(status))")
    return key
  }()
}
