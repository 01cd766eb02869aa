import FunctionalStore

/// The state every scenario dispatches to: two counters and, for S6, a large array.
struct BenchmarkState: Equatable, Sendable, Codable {
  var count = 0
  var other = 0
  var values: [Int] = []
}

enum BenchmarkAction: Sendable {
  /// Adds one to `count`.
  case increment
  /// Writes `count` into one element of `values` and adds one to `count`.
  case replaceElement
  /// S8, effect style: adds one, and its effect sends `.increment` at once.
  case incrementWithFollowUp
  /// S8, effect style: its `.run` effect sends `.increment`.
  case incrementLater
}

/// The one reducer of every scenario and style, so the styles differ only in the store.
@Sendable
func benchmarkReduce(_ state: inout BenchmarkState, _ action: BenchmarkAction) {
  switch action {
  case .increment:
    state.count &+= 1
  case .replaceElement:
    state.values[state.count % state.values.count] = state.count
    state.count &+= 1
  case .incrementWithFollowUp:
    state.count &+= 1
  case .incrementLater:
    break
  }
}

/// Hides a value from the optimizer, so a function value is called as a function value.
@inline(never)
func opaque<Value>(_ value: Value) -> Value { value }

/// A place for subscribers to put what they saw, read at the end so no work is optimized away.
@MainActor
final class Sink {
  var total = 0
  var calls = 0
}
