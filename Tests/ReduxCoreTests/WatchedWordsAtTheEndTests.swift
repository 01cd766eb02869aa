import Observation
import ReduxCore
import Testing

/// A small state whose last fields lie within 16 bytes of its end, at odd offsets: they are read
/// as part of the state's last two words, and words of several fields are read together.
private struct PlainTail: Equatable, Sendable {
  var count = 0
  var a = 0
  var b = 0
  var flag = false
  var small: Int8 = 0
  var tail: UInt8 = 0
}

/// Eleven numbers: the shape of a small feature's state, ten of them read by views.
private struct Eleven: Equatable, Sendable {
  var count = 0
  var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0
}

/// Exactly two words, and less than two: every field is at the end.
private struct TwoWords: Equatable, Sendable {
  var a = 0
  var b = 0
}

private struct OneAndAHalfWords: Equatable, Sendable {
  var a = 0
  var b: Int32 = 0
}

/// One field of a state as a view reads it and as an action changes it.
private struct Field<State> {
  let read: @MainActor (BareStore<State, Int>) -> Void
  let change: (inout State) -> Void
}

private func field<State, Value: Equatable & Sendable>(
  _ keyPath: any WritableKeyPath<State, Value> & Sendable, _ next: @escaping (Value) -> Value
) -> Field<State> {
  Field(read: { _ = $0.state(keyPath) }, change: { $0[keyPath: keyPath] = next($0[keyPath: keyPath]) })
}

@MainActor
@Suite struct WatchedWordsAtTheEndTests {
  /// Random rounds: views of random fields are armed, one random field changes (or none), and
  /// exactly the views of that field are told.
  private func viewsAreToldExactly<State: Sendable>(_ initial: State, _ fields: [Field<State>]) {
    var generator = SystemRandomNumberGenerator()
    let store = BareStore<State, Int>(initial) { state, index in
      if index < fields.count { fields[index].change(&state) }
    }
    let told = Locked<[Int]>([])
    var armed: [Int: Int] = [:]  // view number -> the field it read
    var nextView = 0
    for _ in 0..<2_000 {
      for _ in 0..<Int.random(in: 0...3, using: &generator) {
        let fieldIndex = Int.random(in: 0..<fields.count, using: &generator)
        let view = nextView
        nextView += 1
        armed[view] = fieldIndex
        withObservationTracking {
          fields[fieldIndex].read(store)
        } onChange: {
          told.withLock { $0.append(view) }
        }
      }
      let changed = Int.random(in: 0...fields.count, using: &generator)  // fields.count: none
      store.dispatch(changed)
      let expected = armed.filter { $0.value == changed }.keys.sorted()
      #expect(told.withLock { $0.sorted() } == expected, "after a change of field \(changed)")
      for view in expected { armed[view] = nil }
      told.withLock { $0.removeAll() }
    }
  }

  @Test func fieldsAtOddOffsetsNearTheEnd() {
    viewsAreToldExactly(
      PlainTail(),
      [
        field(\.count) { $0 + 1 }, field(\.a) { $0 + 1 }, field(\.b) { $0 + 1 },
        field(\.flag) { !$0 }, field(\.small) { $0 &+ 1 }, field(\.tail) { $0 &+ 1 },
      ])
  }

  @Test func elevenNumbers() {
    viewsAreToldExactly(
      Eleven(),
      [
        field(\.count) { $0 + 1 }, field(\.f0) { $0 + 1 }, field(\.f1) { $0 + 1 }, field(\.f2) { $0 + 1 },
        field(\.f3) { $0 + 1 }, field(\.f4) { $0 + 1 }, field(\.f5) { $0 + 1 }, field(\.f6) { $0 + 1 },
        field(\.f7) { $0 + 1 }, field(\.f8) { $0 + 1 }, field(\.f9) { $0 + 1 },
      ])
  }

  @Test func statesOfTwoWordsAndLess() {
    viewsAreToldExactly(TwoWords(), [field(\.a) { $0 + 1 }, field(\.b) { $0 + 1 }])
    viewsAreToldExactly(OneAndAHalfWords(), [field(\.a) { $0 + 1 }, field(\.b) { $0 &+ 1 }])
  }

  /// A field whose bytes change but whose value does not (`-0.0 == 0.0`) is not reported, on
  /// the two-word path as elsewhere.
  @Test func bytesThatDifferButEqualValuesAreNoChange() {
    struct Ratios: Equatable, Sendable {
      var count = 0
      var ratio = 0.0
    }
    let store = BareStore<Ratios, Int>(Ratios()) { state, _ in state.ratio = -state.ratio }
    let told = Locked(0)
    withObservationTracking {
      _ = store.state(\.ratio)
    } onChange: {
      told.withLock { $0 += 1 }
    }
    store.dispatch(0)
    #expect(store.state.ratio.sign == .minus)
    #expect(told.withLock { $0 } == 0)
  }
}
