import EffectStore
import Foundation
import ReduxTesting
import Testing

// The list, detail and recording features of TCA's SyncUps app, written with `Shared`: the
// list owns the sync-ups (saved to a file), the detail screen and the recording screen hold
// the one they show, and every write is seen by all three. The samples of SharingState.md.

struct Meeting: Equatable, Sendable, Codable {
  var transcript: String
}

struct SyncUp: Identifiable, Equatable, Sendable, Codable {
  let id: Int
  var title: String
  var meetings: [Meeting] = []
}

extension SharedKey<IdentifiedArrayOf<SyncUp>>.Default {
  /// Where the app keeps its sync-ups, and the list it starts with.
  static var syncUps: Self {
    Self(.file(FileManager.default.temporaryDirectory.appendingPathComponent("sync-ups.json")), default: [])
  }
}

struct SyncUpsList: Reducer {
  struct State: Equatable, Sendable {
    @Shared(.syncUps) var syncUps: IdentifiedArrayOf<SyncUp>
  }
  enum Action: Equatable, Sendable {
    case add(title: String)
    case delete(id: SyncUp.ID)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let title):
      let id = (state.syncUps.ids.max() ?? 0) + 1
      state.$syncUps.withLock { $0.append(SyncUp(id: id, title: title)) }
    case .delete(let id):
      state.$syncUps.withLock { _ = $0.remove(id: id) }
    }
    return .none
  }
}

struct SyncUpDetail: Reducer {
  struct State: Equatable, Sendable {
    @Shared var syncUp: SyncUp
  }
  enum Action: Equatable, Sendable {
    case rename(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let title):
      state.$syncUp.title.withLock { $0 = title }
    }
    return .none
  }
}

struct RecordMeeting: Reducer {
  struct State: Equatable, Sendable {
    @Shared var syncUp: SyncUp
    var secondsElapsed = 0
    var transcript = ""
  }
  enum Action: Equatable, Sendable {
    case onTask, timerTick, heard(String), endMeeting
  }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onTask:
      return .run { [clock] send in
        for _ in 0..<3 {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTick)
        }
        await send(.endMeeting)
      }
    case .timerTick:
      state.secondsElapsed += 1
    case .heard(let words):
      state.transcript += words
    case .endMeeting:
      let meeting = Meeting(transcript: state.transcript)
      state.$syncUp.withLock { $0.meetings.insert(meeting, at: 0) }
    }
    return .none
  }
}

struct SyncUpsApp: Reducer {
  struct State: Equatable, Sendable {
    var list = SyncUpsList.State()
    var detail: SyncUpDetail.State?
    var recording: RecordMeeting.State?
  }
  enum Action: Equatable, Sendable {
    case list(SyncUpsList.Action)
    case open(id: SyncUp.ID)
    case detail(SyncUpDetail.Action)
    case startMeeting
    case recording(RecordMeeting.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.list, action: Action.list) {
      if case .list(let action) = $0 { action } else { nil }
    } child: {
      SyncUpsList()
    }
    IfLet(\.detail, action: Action.detail) {
      if case .detail(let action) = $0 { action } else { nil }
    } child: {
      SyncUpDetail()
    }
    IfLet(\.recording, action: Action.recording) {
      if case .recording(let action) = $0 { action } else { nil }
    } child: {
      RecordMeeting()
    }
    Reduce { state, action in
      switch action {
      case .open(let id):
        // The detail screen holds the row of the list's shared value: one sync-up, not a copy.
        guard let syncUp = Shared(state.list.$syncUps[id: id]) else { return .none }
        state.detail = SyncUpDetail.State(syncUp: syncUp)
      case .startMeeting:
        guard let syncUp = state.detail?.$syncUp else { return .none }
        state.recording = RecordMeeting.State(syncUp: syncUp)
      case .recording(.endMeeting):
        state.recording = nil
      case .list(.delete(let id)) where state.detail?.syncUp.id == id:
        state.detail = nil
      case .list, .detail, .recording:
        break
      }
      return .none
    }
  }
}

/// The test SharingState.md shows.
@MainActor
@Test func aRenameInTheDetailIsTheListsToo() async {
  @Shared(.syncUps) var syncUps: IdentifiedArrayOf<SyncUp> = [SyncUp(id: 1, title: "Design")]
  let store = FeatureTestStore(initialState: SyncUpsApp.State()) { SyncUpsApp() }

  await store.send(.open(id: 1)) {
    $0.detail = SyncUpDetail.State(syncUp: Shared(value: SyncUp(id: 1, title: "Design")))
  }
  await store.send(.detail(.rename("Design review"))) {
    $0.detail?.$syncUp.title.withLock { $0 = "Design review" }
  }
  #expect(store.state.list.syncUps[id: 1]?.title == "Design review")
  #expect(syncUps[id: 1]?.title == "Design review")
}

@MainActor
@Suite struct SyncUpsExampleTests {
  @Test func aRecordedMeetingIsSavedIntoTheSyncUp() async {
    @Shared(.syncUps) var syncUps: IdentifiedArrayOf<SyncUp> = [SyncUp(id: 1, title: "Design")]
    let clock = TestClock()
    let store = FeatureTestStore(
      initialState: SyncUpsApp.State(), dependencies: { $0.continuousClock = clock }
    ) {
      SyncUpsApp()
    }

    await store.send(.open(id: 1)) {
      $0.detail = SyncUpDetail.State(syncUp: Shared(value: SyncUp(id: 1, title: "Design")))
    }
    await store.send(.startMeeting) {
      $0.recording = RecordMeeting.State(syncUp: Shared(value: SyncUp(id: 1, title: "Design")))
    }
    await store.send(.recording(.heard("Ship it."))) { $0.recording?.transcript = "Ship it." }
    await store.send(.recording(.onTask))
    await clock.advance(by: .seconds(3))
    await store.receive(.recording(.timerTick)) { $0.recording?.secondsElapsed = 1 }
    await store.receive(.recording(.timerTick)) { $0.recording?.secondsElapsed = 2 }
    await store.receive(.recording(.timerTick)) { $0.recording?.secondsElapsed = 3 }
    await store.receive(.recording(.endMeeting)) {
      $0.recording = nil
      $0.list.$syncUps[id: 1].withLock { $0?.meetings = [Meeting(transcript: "Ship it.")] }
    }
    #expect(store.state.detail?.syncUp.meetings == [Meeting(transcript: "Ship it.")])
    await store.finish()
  }

  @Test func deletingTheShownSyncUpClosesItsDetail() async {
    @Shared(.syncUps) var syncUps: IdentifiedArrayOf<SyncUp> = [SyncUp(id: 1, title: "Design")]
    let store = FeatureTestStore(initialState: SyncUpsApp.State()) { SyncUpsApp() }

    await store.send(.open(id: 1)) {
      $0.detail = SyncUpDetail.State(syncUp: Shared(value: SyncUp(id: 1, title: "Design")))
    }
    await store.send(.list(.delete(id: 1))) {
      $0.detail = nil
      $0.list.$syncUps.withLock { $0 = [] }
    }
    #expect(syncUps.isEmpty)
  }
}
