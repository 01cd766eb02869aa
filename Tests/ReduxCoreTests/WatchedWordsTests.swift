import Observation
import ReduxCore
import Testing

/// Fields of every kind the per-field comparison meets: small plain ones sharing words, a 16-byte
/// struct, a string (compared with ==), and a byte at the very end of the state (read on its
/// own, not as two words).
private struct Mixed: Equatable, Sendable {
  var flag = false
  var small: Int8 = 0
  var count = 0
  var ratio = 0.0
  var pair = Pair()
  var name = ""
  var last: UInt8 = 0
}

private struct Pair: Equatable, Sendable {
  var a = 0
  var b = 0
}

private enum Change: CaseIterable {
  case flag, small, count, ratio, pairA, pairB, name, last, nothing
}

/// The changes that touch a field a view can read.
private let readableFields: [Change] = [.flag, .small, .count, .ratio, .pairA, .pairB, .name, .last]

@MainActor
@Suite struct WatchedWordsTests {
  /// Thousands of random rounds: views of random fields are armed, a random field changes, and
  /// exactly the views of that field are told, whichever way each field is compared.
  @Test func viewsOfRandomFieldsAreToldExactlyWhenTheirFieldChanged() {
    var generator = SystemRandomNumberGenerator()
    let store = BareStore<Mixed, Change>(Mixed()) { state, change in
      switch change {
      case .flag: state.flag.toggle()
      case .small: state.small &+= 1
      case .count: state.count += 1
      case .ratio: state.ratio += 0.5
      case .pairA: state.pair.a += 1
      case .pairB: state.pair.b += 1
      case .name: state.name += "x"
      case .last: state.last &+= 1
      case .nothing: break
      }
    }
    func read(_ change: Change) {
      switch change {
      case .flag: _ = store.state(\.flag)
      case .small: _ = store.state(\.small)
      case .count: _ = store.state(\.count)
      case .ratio: _ = store.state(\.ratio)
      case .pairA, .pairB: _ = store.state(\.pair)
      case .name: _ = store.state(\.name)
      case .last: _ = store.state(\.last)
      case .nothing: break
      }
    }
    let told = Locked<[Int]>([])
    var armed: [Int: Change] = [:]  // view number -> the field it read
    var nextView = 0
    for _ in 0..<3_000 {
      // Arm a few new views of random fields.
      for _ in 0..<Int.random(in: 0...3, using: &generator) {
        let field = readableFields.randomElement(using: &generator)!
        let view = nextView
        nextView += 1
        armed[view] = field
        withObservationTracking {
          read(field)
        } onChange: {
          told.withLock { $0.append(view) }
        }
      }
      let change = Change.allCases.randomElement(using: &generator)!
      store.dispatch(change)
      let samePart: (Change) -> Bool = { field in
        field == change || (Set([field, change]) == [.pairA, .pairB])
      }
      let expected = armed.filter { samePart($0.value) }.keys.sorted()
      #expect(told.withLock { $0.sorted() } == expected, "after \(change)")
      for view in expected { armed[view] = nil }
      told.withLock { $0.removeAll() }
    }
  }
}
