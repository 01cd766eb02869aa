import EffectStore
import Foundation
import ReduxTesting
import Testing

// The ready-made dependencies: `uuid`, `date` and `continuousClock`, live in a store, provided
// by a test, and failing a test that did not provide them.

private struct Notes: Reducer {
  struct Note: Equatable, Sendable {
    var id: UUID
    var text: String
    var written: Date
  }
  struct State: Equatable, Sendable {
    var notes: [Note] = []
    var reminders = 0
  }
  enum Action: Equatable, Sendable {
    case write(String)
    case remindLater
    case remind
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .write(let text):
      state.notes.append(Note(id: uuid(), text: text, written: date.now))
      return .none
    case .remindLater:
      return .run { send in
        @Dependency(\.continuousClock) var clock
        try? await clock.sleep(for: .seconds(60))
        await send(.remind)
      }
    case .remind:
      state.reminders += 1
      return .none
    }
  }
}

private func uuid(_ number: Int) -> UUID {
  UUID(uuidString: "00000000-0000-0000-0000-\(String(repeating: "0", count: 11))\(number)")!
}

@MainActor
@Suite struct ReadyMadeDependencyTests {
  @Test func anIncrementingGeneratorCountsFromZeroOnItsOwn() {
    let first = UUIDGenerator.incrementing()
    let second = UUIDGenerator.incrementing()
    #expect([first(), first(), second()] == [uuid(0), uuid(1), uuid(0)])
    #expect(UUIDGenerator.live() != UUIDGenerator.live())
    let ten = UUIDGenerator.incrementing()
    #expect((0..<11).map { _ in ten() }.last?.uuidString == "00000000-0000-0000-0000-00000000000A")
  }

  @Test func aStoreReadsTheLiveValues() async {
    let before = Date()
    let store = FeatureStore(initialState: Notes.State()) { Notes() }
    store.send(.write("milk"))
    store.send(.write("eggs"))
    #expect(store.state.notes.count == 2)
    #expect(store.state.notes[0].id != store.state.notes[1].id)
    #expect(store.state.notes[0].written >= before)
  }

  @Test func aTestProvidesThemAndAdvancesTheClock() async {
    let clock = TestClock()
    let noon = Date(timeIntervalSince1970: 43_200)
    let store = FeatureTestStore(
      initialState: Notes.State(),
      dependencies: {
        $0.uuid = .incrementing()
        $0.date = .constant(noon)
        $0.continuousClock = clock
      }
    ) { Notes() }
    await store.send(.write("milk")) {
      $0.notes = [Notes.Note(id: uuid(0), text: "milk", written: noon)]
    }
    await store.send(.write("eggs")) {
      $0.notes.append(Notes.Note(id: uuid(1), text: "eggs", written: noon))
    }
    await store.send(.remindLater)
    await clock.advance(by: .seconds(60))
    await store.receive(.remind) { $0.reminders = 1 }
    await store.finish()
  }

  @Test func aTestThatDidNotProvideTheUUIDFails() async {
    await withKnownIssue {
      let store = FeatureTestStore(
        initialState: Notes.State(), dependencies: { $0.date = .constant(Date(timeIntervalSince1970: 0)) }
      ) { Notes() }
      store.exhaustivity = .off(showSkipped: false)
      await store.send(.write("milk"))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("UUIDGeneratorKey")
    }
  }
}
