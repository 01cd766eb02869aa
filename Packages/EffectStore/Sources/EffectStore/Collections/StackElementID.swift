/// The id a ``StackState`` gives each screen pushed on it: screens need not be `Identifiable`,
/// and two pushes of equal screens are still two screens.
///
/// A stack numbers its screens from 0 in the order they are pushed, and never gives a number
/// twice, so an effect of a popped screen can never reach a later screen. A test writes the
/// ids it expects as integers:
///
/// ```swift
/// var path = StackState<TodoState>()
/// path.append(TodoState(id: 7))
/// let top: StackElementID = 0
/// assert(path.ids == [top])
/// ```
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The screen's number: how many screens its stack had numbered before it.
  public let number: Int

  /// Makes the id with `number`.
  ///
  /// ```swift
  /// let second = StackElementID(number: 1)
  /// ```
  /// - Parameter number: The screen's number in its stack.
  public init(number: Int) { self.number = number }

  /// Makes the id with the number written: `let id: StackElementID = 0`.
  ///
  /// ```swift
  /// let first: StackElementID = 0
  /// ```
  /// - Parameter value: The screen's number in its stack.
  public init(integerLiteral value: Int) { self.init(number: value) }

  /// Whether `lhs` was pushed before `rhs` on the same stack.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.number < rhs.number }

  /// `#` and the number, as a test's failure message shows it: `#0`.
  public var description: String { "#\(number)" }
}
