import IssueReporting
import ReduxCore

/// Where shared values live: one value per ``SharedKey``, made by the first ``Shared`` that
/// names the key and found by every later one.
///
/// Which storage a `Shared` uses is decided when it is made:
/// - the one bound to ``current`` where it is made, if any;
/// - in a Swift Testing test, one of that test's own, which keeps file and user-defaults values
///   in memory: tests that run at once never see each other's values, and none touches the disk
///   or the defaults;
/// - under XCTest (whose tests run one after another), one for the test process, with file
///   and defaults values in memory too;
/// - otherwise ``live``, the app's.
///
/// A test of the files themselves binds a storage that writes them:
///
/// ```swift
/// try await SharedStorage.$current.withValue(SharedStorage()) {
///   @Shared(.file(countURL)) var count = 0
///   $count.withLock { $0 += 1 }
///   try await $count.save()
/// }
/// ```
public final class SharedStorage: Sendable {
  /// Whether file and user-defaults keys read and write where they point; otherwise their
  /// values are kept in memory.
  public let writesFiles: Bool
  private let roots = Locked<[SharedKeyID: any Sendable]>([:])

  /// A storage with no value yet: a fresh start, as after a relaunch.
  ///
  /// ```swift
  /// let relaunched = SharedStorage()
  /// ```
  /// - Parameter writesFiles: Whether file keys read and write their files (`true`), or keep
  ///   their values in memory.
  public init(writesFiles: Bool = true) {
    self.writesFiles = writesFiles
  }

  /// The storage in force where it is bound, over the one the context gives.
  ///
  /// ```swift
  /// SharedStorage.$current.withValue(SharedStorage(writesFiles: false)) {
  ///   let count = Shared(wrappedValue: 0, .file(countURL))  // kept in memory
  ///   count.withLock { $0 += 1 }
  /// }
  /// ```
  @TaskLocal public static var current: SharedStorage?

  /// The app's storage.
  public static let live = SharedStorage()

  /// The storage of each Swift Testing test, by test, and the one of an XCTest process.
  private static let byTest = Locked<[AnyHashable: SharedStorage]>([:])

  /// The storage a `Shared` made here uses.
  static var inForce: SharedStorage {
    if let current { return current }
    guard isTesting else { return live }
    let test: AnyHashable =
      if case .swiftTesting(let testing?) = TestContext.current { testing.test.id.rawValue } else { "XCTest" }
    return byTest.withLock { storages in
      if let storage = storages[test] { return storage }
      let storage = SharedStorage(writesFiles: false)
      storages[test] = storage
      return storage
    }
  }

  /// The root of `key`'s value: the one already here, else a new one from `initial`.
  func root<Value>(for key: SharedKey<Value>, initial: () -> Value) -> SharedRoot<Value> {
    if let root = roots.withLock({ $0[key.id] }) { return root as! SharedRoot<Value> }
    // Made outside the lock (a file key reads its file), then the first one in wins.
    let made = key.makeRoot(initial(), self)
    return roots.withLock { roots in
      if let root = roots[key.id] { return root as! SharedRoot<Value> }
      roots[key.id] = made
      return made
    }
  }
}
