import ReduxCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Makes UUIDs for a feature: `UUID()` in an app, a sequence a test can predict
/// (``incrementing()``) or one value (``constant(_:)``) in tests. Read it with
/// `@Dependency(\.uuid) var uuid`, call `uuid()`.
///
/// ```swift
/// let ids = UUIDGenerator.incrementing()
/// print(ids(), ids())  // 00000000-0000-0000-0000-000000000000 00000000-0000-0000-0000-000000000001
/// ```
public struct UUIDGenerator: Sendable {
  private let make: @Sendable () -> UUID

  /// A generator that calls `make` for each UUID.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// let fixed = UUIDGenerator { UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")! }
  /// ```
  /// - Parameter make: Makes one UUID.
  public init(_ make: @escaping @Sendable () -> UUID) {
    self.make = make
  }

  /// The next UUID.
  ///
  /// ```swift
  /// let id = UUIDGenerator.live()
  /// ```
  /// - Returns: A UUID.
  public func callAsFunction() -> UUID {
    make()
  }

  /// Random UUIDs, `UUID()`: what an app gets.
  public static let live = UUIDGenerator { UUID() }

  /// UUIDs counting up from zero, `00000000-0000-0000-0000-000000000000`, then `…0001`: each
  /// generator made has its own count, so a test's expectations do not depend on other tests.
  ///
  /// ```swift
  /// let store = FeatureStore(initialState: CounterState(), dependencies: { $0.uuid = .incrementing() }) {
  ///   Counter()
  /// }
  /// ```
  /// - Returns: The generator.
  public static func incrementing() -> UUIDGenerator {
    let count = Counter()
    return UUIDGenerator {
      let digits = String(count.next(), radix: 16)
      return UUID(
        uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits)!
    }
  }

  /// Always `uuid`.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// let same = UUIDGenerator.constant(UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")!)
  /// ```
  /// - Parameter uuid: The UUID every call returns.
  /// - Returns: The generator.
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }

  /// A count shared by the calls of one generator.
  private final class Counter: Sendable {
    private let value = Locked<UInt64>(0)

    func next() -> UInt64 {
      value.withLock { value in
        defer { value += 1 }
        return value
      }
    }
  }
}

/// Tells a feature the date: `Date()` in an app, a fixed date in tests (``constant(_:)``). Read
/// it with `@Dependency(\.date) var date`, call `date.now`.
///
/// ```swift
/// import Foundation
///
/// let noon = DateGenerator.constant(Date(timeIntervalSince1970: 43_200))
/// print(noon.now)  // 1970-01-01 12:00:00 +0000
/// ```
public struct DateGenerator: Sendable {
  private var read: @Sendable () -> Date

  /// A generator that calls `read` for each date.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// let late = DateGenerator { Date().addingTimeInterval(3600) }
  /// ```
  /// - Parameter read: Returns the date now.
  public init(_ read: @escaping @Sendable () -> Date) {
    self.read = read
  }

  /// The date now; setting it makes the generator return that date from then on, as TCA's
  /// `$0.date.now = …` does.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// let created = DateGenerator.live.now
  /// var frozen = DateGenerator.live
  /// frozen.now = Date(timeIntervalSince1970: 0)
  /// ```
  public var now: Date {
    get { read() }
    set { read = { newValue } }
  }

  /// The date now, as TCA's `date()`.
  ///
  /// ```swift
  /// let created = DateGenerator.live()
  /// ```
  /// - Returns: The date now.
  public func callAsFunction() -> Date { read() }

  /// The system's date, `Date()`: what an app gets.
  public static let live = DateGenerator { Date() }

  /// Always `date`.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// let store = FeatureStore(
  ///   initialState: CounterState(), dependencies: { $0.date = .constant(Date(timeIntervalSince1970: 0)) }
  /// ) { Counter() }
  /// ```
  /// - Parameter date: The date every read returns.
  /// - Returns: The generator.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }
}

/// The key of `DependencyValues.uuid`; a test sets the value through the property,
/// `$0.uuid = .incrementing()`.
///
/// ```swift
/// let ids = DependencyValues()[UUIDGeneratorKey.self]
/// ```
public enum UUIDGeneratorKey: DependencyKey {
  /// `UUID()`.
  public static let liveValue = UUIDGenerator.live
}

/// The key of `DependencyValues.date`; a test sets the value through the property,
/// `$0.date = .constant(…)`.
///
/// ```swift
/// let dates = DependencyValues()[DateGeneratorKey.self]
/// ```
public enum DateGeneratorKey: DependencyKey {
  /// `Date()`.
  public static let liveValue = DateGenerator.live
}

/// The key of `DependencyValues.continuousClock`; a test sets the value through the property,
/// `$0.continuousClock = TestClock()`.
///
/// ```swift
/// let clock = DependencyValues()[ContinuousClockKey.self]
/// ```
public enum ContinuousClockKey: DependencyKey {
  /// `ContinuousClock()`.
  public static let liveValue: any Clock<Duration> = ContinuousClock()
}

// The dependencies TCA users reach for first, ready to read. None has a test value: a test
// store fails a test that reads one it did not provide, as a test must not depend on the time
// or on random values.
extension DependencyValues {
  /// Makes UUIDs (`UUID()` live); a test provides `.incrementing()` or `.constant(…)`.
  ///
  /// ```swift
  /// var values = DependencyValues()
  /// values.uuid = .incrementing()
  /// ```
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }

  /// The date (`Date()` live); a test provides `.constant(…)`.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// var values = DependencyValues()
  /// values.date = .constant(Date(timeIntervalSince1970: 0))
  /// ```
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }

  /// The clock of time-based effects (`ContinuousClock()` live); a test provides a test clock
  /// and advances it.
  ///
  /// ```swift
  /// var values = DependencyValues()
  /// values.continuousClock = SuspendingClock()
  /// ```
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }
}
