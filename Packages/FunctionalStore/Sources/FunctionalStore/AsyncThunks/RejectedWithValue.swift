/// A rejection that carries a value of the app's own, not an error (Redux Toolkit's
/// `rejectWithValue`): what a server said when it refused (validation messages, a status), for
/// the `rejected` reducer to show. Thrown from an async thunk's work; the `rejected` payload's
/// ``AsyncThunkRejected/rejectedValue(as:)`` gives the value back, typed, and
/// ``isRejectedWithValue()`` matches such rejections.
///
/// ```swift
/// struct Refusal: Sendable { let reason: String }
/// let rename = createAsyncThunk("titles/rename", state: TitlesState.self) { (title: String, api) -> String in
///   guard !title.isEmpty else { throw api.rejectWithValue(Refusal(reason: "empty")) }
///   return title
/// }
/// ```
public struct RejectedWithValue<Value: Sendable>: Error, Sendable, CustomStringConvertible {
  /// The value the work rejected with.
  public let value: Value

  /// A rejection with `value`; inside a thunk's work, `api.rejectWithValue(value)` makes one.
  ///
  /// ```swift
  /// let refused = RejectedWithValue(value: "empty title")
  /// ```
  /// - Parameter value: The value.
  public init(value: Value) {
    self.value = value
  }

  /// `rejected with <value>`.
  public var description: String { "rejected with \(value)" }
}

extension AsyncThunkAPI {
  /// A rejection carrying `value`, to throw (Redux Toolkit's `thunkAPI.rejectWithValue`): the
  /// call is rejected, its `rejected` payload carries the value (see
  /// ``AsyncThunkRejected/rejectedValue(as:)``), and `try await request.value` throws it.
  ///
  /// ```swift
  /// let rename = createAsyncThunk("titles/rename", state: TitlesState.self) { (title: String, api) -> String in
  ///   guard !title.isEmpty else { throw api.rejectWithValue("a title cannot be empty") }
  ///   return title
  /// }
  /// ```
  /// - Parameter value: What the rejection carries.
  /// - Returns: The error to throw.
  public func rejectWithValue<Value: Sendable>(_ value: Value) -> RejectedWithValue<Value> {
    RejectedWithValue(value: value)
  }
}

extension AsyncThunkRejected {
  /// Whether the work rejected with a value (`throw api.rejectWithValue(…)`), not an error:
  /// Redux Toolkit's `meta.rejectedWithValue`.
  ///
  /// ```swift
  /// let failed = AsyncThunkRejected(requestID: 1, argument: "", error: RejectedWithValue(value: "empty"))
  /// failed.isRejectedWithValue  // true
  /// ```
  public var isRejectedWithValue: Bool { error is any RejectedWithValueMark }

  /// The value the work rejected with, if it rejected with a value of this type.
  ///
  /// ```swift
  /// let failed = AsyncThunkRejected(requestID: 1, argument: "", error: RejectedWithValue(value: "empty"))
  /// failed.rejectedValue(as: String.self)  // "empty"
  /// ```
  /// - Parameter type: The value's type.
  /// - Returns: The value, or `nil`.
  public func rejectedValue<Value: Sendable>(as type: Value.Type) -> Value? {
    (error as? RejectedWithValue<Value>)?.value
  }
}

/// What every ``RejectedWithValue`` is, whatever its value's type.
protocol RejectedWithValueMark {}
extension RejectedWithValue: RejectedWithValueMark {}

/// Matches the `rejected` action of any async thunk whose work rejected with a value (Redux
/// Toolkit's `isRejectedWithValue()`), not with an error or a cancellation.
///
/// ```swift
/// let refusals = StateSlice<StatsState>(name: "refusals") { extra in
///   extra.addMatcher(isRejectedWithValue()) { stats, _ in stats.counterActions += 1 }
/// }
/// ```
/// - Returns: The matcher.
public func isRejectedWithValue() -> ActionMatcher {
  // Only a `rejected` payload is a `RejectedPayload`.
  ActionMatcher { ($0.payload as? any RejectedPayload)?.isRejectedWithValue ?? false }
}

/// A `rejected` payload whatever its argument's type.
protocol RejectedPayload {
  var isRejectedWithValue: Bool { get }
}
extension AsyncThunkRejected: RejectedPayload {}
