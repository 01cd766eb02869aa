import EffectStore
import Foundation
import ReduxTesting
import Testing

// TCA's SyncUps app, its form and its list, with their own tests (SyncUpFormTests,
// SyncUpsListTests): a form that keeps one attendee at least and moves the focus as attendees
// go, made with the test's ids, and a list that presents the form as a destination and saves
// what it confirms into the shared sync-ups.

private struct Attendee: Equatable, Identifiable, Sendable, Codable {
  let id: UUID
  var name = ""
}

private struct Plan: Equatable, Identifiable, Sendable, Codable {
  let id: UUID
  var attendees: IdentifiedArrayOf<Attendee> = []
  var title = ""
}

private struct PlanForm: Reducer {
  struct State: Equatable, Sendable {
    enum Field: Hashable, Sendable { case attendee(Attendee.ID), title }
    var focus: Field? = .title
    var plan: Plan

    init(focus: Field? = .title, plan: Plan) {
      self.focus = focus
      self.plan = plan
      // Made where the test's ids apply, as TCA's test store makes its initial state.
      if self.plan.attendees.isEmpty {
        @Dependency(\.uuid) var uuid
        self.plan.attendees.append(Attendee(id: uuid()))
      }
    }
  }
  enum Action: Equatable, Sendable, BindableAction {
    case addAttendeeButtonTapped
    case binding(BindingAction<State>)
    case deleteAttendees(atOffsets: IndexSet)
  }
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addAttendeeButtonTapped:
      let attendee = Attendee(id: uuid())
      state.plan.attendees.append(attendee)
      state.focus = .attendee(attendee.id)
    case .binding(let change):
      change.apply(to: &state)
    case .deleteAttendees(let indices):
      state.plan.attendees.remove(atOffsets: indices)
      if state.plan.attendees.isEmpty { state.plan.attendees.append(Attendee(id: uuid())) }
      guard let first = indices.first else { return .none }
      state.focus = .attendee(state.plan.attendees[min(first, state.plan.attendees.count - 1)].id)
    }
    return .none
  }
}

extension SharedKey<IdentifiedArrayOf<Plan>>.Default {
  fileprivate static var plans: Self { Self(.inMemory("plans"), default: []) }
}

private struct PlansList: Reducer {
  struct State: Equatable, Sendable {
    var destination: Destination.State?
    @Shared(.plans) var plans: IdentifiedArrayOf<Plan>
  }
  enum Action: Equatable, Sendable {
    case addButtonTapped, confirmAddButtonTapped
    case destination(PresentationAction<Destination.Action>)
  }
  struct Destination: Reducer {
    enum State: Equatable, Sendable { case add(PlanForm.State) }
    enum Action: Equatable, Sendable { case add(PlanForm.Action) }
    var body: some Reducer<State, Action> {
      CaseScope(
        state: { if case .add(let state) = $0 { state } else { nil } }, embed: State.add,
        action: Action.add, extract: { if case .add(let action) = $0 { action } else { nil } }
      ) {
        PlanForm()
      }
    }
  }
  @Dependency(\.uuid) var uuid

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .add(PlanForm.State(plan: Plan(id: uuid())))
      case .confirmAddButtonTapped:
        guard case .add(let form) = state.destination else { return .none }
        var plan = form.plan
        plan.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
        if plan.attendees.isEmpty { plan.attendees.append(form.plan.attendees.first ?? Attendee(id: uuid())) }
        state.$plans.withLock { _ = $0.append(plan) }
        state.destination = nil
      case .destination:
        break
      }
      return .none
    }
    .ifLet(\.destination, action: Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    } then: {
      Destination()
    }
  }
}

private func uuid(_ number: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
}

@MainActor
@Suite struct SyncUpsFormAndListPortTests {
  /// TCA's `SyncUpFormTests.addAttendee`.
  @Test func addAttendee() async {
    let store = FeatureTestStore(
      initialState: PlanForm.State(plan: Plan(id: UUID(), title: "Engineering")),
      dependencies: { $0.uuid = .incrementing() }
    ) { PlanForm() }
    store.assert { $0.plan.attendees = [Attendee(id: uuid(0))] }
    await store.send(.addAttendeeButtonTapped) {
      $0.focus = .attendee(uuid(1))
      $0.plan.attendees = [Attendee(id: uuid(0)), Attendee(id: uuid(1))]
    }
  }

  /// TCA's `SyncUpFormTests.focusAfterRemovingAttendee`.
  @Test func focusAfterRemovingAttendee() async {
    let store = FeatureTestStore(
      initialState: PlanForm.State(
        plan: Plan(
          id: UUID(), attendees: IdentifiedArray(uniqueElements: (0..<4).map { _ in Attendee(id: UUID()) }))),
      dependencies: { $0.uuid = .incrementing() }
    ) { PlanForm() }
    await store.send(.deleteAttendees(atOffsets: [0])) {
      $0.focus = .attendee($0.plan.attendees[1].id)
      $0.plan.attendees = [$0.plan.attendees[1], $0.plan.attendees[2], $0.plan.attendees[3]]
    }
    await store.send(.deleteAttendees(atOffsets: [1])) {
      $0.focus = .attendee($0.plan.attendees[2].id)
      $0.plan.attendees = [$0.plan.attendees[0], $0.plan.attendees[2]]
    }
    await store.send(.deleteAttendees(atOffsets: [1])) {
      $0.focus = .attendee($0.plan.attendees[0].id)
      $0.plan.attendees = [$0.plan.attendees[0]]
    }
    await store.send(.deleteAttendees(atOffsets: [0])) {
      $0.focus = .attendee(uuid(0))
      $0.plan.attendees = [Attendee(id: uuid(0))]
    }
  }

  /// TCA's `SyncUpsListTests.add`: the form is a destination, edited through a binding, and
  /// its sync-up goes into the shared list.
  @Test func add() async {
    let store = FeatureTestStore(initialState: PlansList.State(), dependencies: { $0.uuid = .incrementing() })
    {
      PlansList()
    }
    var plan = Plan(id: uuid(0), attendees: [Attendee(id: uuid(1))])
    await store.send(.addButtonTapped) { $0.destination = .add(PlanForm.State(plan: plan)) }
    plan.title = "Engineering"
    await store.send(.destination(.presented(.add(.binding(.set(\.plan, plan)))))) {
      $0.destination[case: PlansList.Destination.State.add]?.plan.title = "Engineering"
    }
    await store.send(.confirmAddButtonTapped) {
      $0.destination = nil
      $0.$plans.withLock { $0 = [plan] }
    }
  }

  /// TCA's `SyncUpsListTests.addAndConfirmValidatesAttendees`: attendees with no name are
  /// dropped, and one is kept.
  @Test func addAndConfirmValidatesAttendees() async {
    let id = UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef")!
    let store = FeatureTestStore(
      initialState: PlansList.State(
        destination: .add(
          PlanForm.State(
            plan: Plan(
              id: id, attendees: [Attendee(id: uuid(7), name: ""), Attendee(id: uuid(8), name: "    ")],
              title: "Design")))),
      dependencies: { $0.uuid = .incrementing() }
    ) { PlansList() }
    await store.send(.confirmAddButtonTapped) {
      $0.destination = nil
      $0.$plans.withLock { $0 = [Plan(id: id, attendees: [Attendee(id: uuid(7))], title: "Design")] }
    }
  }
}

// TCA's SyncUps detail screen, with its own tests (SyncUpDetailTests): alerts and the edit form
// as destinations of one enum, speech authorization and the settings as dependencies, the
// shared sync-up edited in place, and deletion, which removes it from the shared list and
// dismisses the screen.

private enum SpeechStatus: Sendable { case notDetermined, denied, restricted, authorized }

private enum SpeechAuthorizationKey: DependencyKey {
  static let liveValue: @Sendable () -> SpeechStatus = { .notDetermined }
}

private enum OpenSettingsKey: DependencyKey {
  static let liveValue: @Sendable () async -> Void = {}
}

extension DependencyValues {
  fileprivate var speechAuthorization: @Sendable () -> SpeechStatus {
    get { self[SpeechAuthorizationKey.self] }
    set { self[SpeechAuthorizationKey.self] = newValue }
  }
  fileprivate var openSettings: @Sendable () async -> Void {
    get { self[OpenSettingsKey.self] }
    set { self[OpenSettingsKey.self] = newValue }
  }
}

private enum DetailAlert: Equatable, Sendable, EphemeralState {
  case deletePlan, speechRecognitionDenied, speechRecognitionRestricted
}

private struct PlanDetail: Reducer {
  struct Destination: Reducer {
    enum State: Equatable, Sendable { case alert(DetailAlert), edit(PlanForm.State) }
    enum Action: Equatable, Sendable { case alert(AlertAction), edit(PlanForm.Action) }
    enum AlertAction: Equatable, Sendable { case confirmDeletion, continueWithoutRecording, openSettings }
    var body: some Reducer<State, Action> {
      CaseScope(
        state: { if case .alert(let state) = $0 { state } else { nil } }, embed: State.alert,
        action: Action.alert, extract: { if case .alert(let action) = $0 { action } else { nil } }
      ) {
        EmptyReducer<DetailAlert, AlertAction>()
      }
      CaseScope(
        state: { if case .edit(let state) = $0 { state } else { nil } }, embed: State.edit,
        action: Action.edit, extract: { if case .edit(let action) = $0 { action } else { nil } }
      ) {
        PlanForm()
      }
    }
  }
  struct State: Equatable, Sendable {
    var destination: Destination.State?
    @Shared var plan: Plan
  }
  enum Action: Sendable {
    case delegate(Delegate)
    case deleteButtonTapped, doneEditingButtonTapped, editButtonTapped, startMeetingButtonTapped
    case destination(PresentationAction<Destination.Action>)
    enum Delegate: Sendable { case startMeeting(Shared<Plan>) }
  }
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.openSettings) var openSettings
  @Dependency(\.speechAuthorization) var speechAuthorization

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .deleteButtonTapped:
        state.destination = .alert(.deletePlan)
        return .none
      case .destination(.presented(.alert(.confirmDeletion))):
        @Shared(.plans) var plans
        $plans.withLock { _ = $0.remove(id: state.plan.id) }
        return .run { _ in await dismiss() }
      case .destination(.presented(.alert(.continueWithoutRecording))):
        return .send(.delegate(.startMeeting(state.$plan)))
      case .destination(.presented(.alert(.openSettings))):
        return .run { _ in await openSettings() }
      case .delegate, .destination:
        return .none
      case .doneEditingButtonTapped:
        guard case .edit(let form) = state.destination else { return .none }
        state.$plan.withLock { $0 = form.plan }
        state.destination = nil
        return .none
      case .editButtonTapped:
        state.destination = .edit(PlanForm.State(plan: state.plan))
        return .none
      case .startMeetingButtonTapped:
        switch speechAuthorization() {
        case .notDetermined, .authorized:
          return .send(.delegate(.startMeeting(state.$plan)))
        case .denied:
          state.destination = .alert(.speechRecognitionDenied)
        case .restricted:
          state.destination = .alert(.speechRecognitionRestricted)
        }
        return .none
      }
    }
    .ifLet(\.destination, action: Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    } then: {
      Destination()
    }
  }
}

private let mockPlan = Plan(
  id: UUID(), attendees: [Attendee(id: UUID(), name: "Blob"), Attendee(id: UUID(), name: "Blob Jr")],
  title: "Design")

@MainActor
@Suite struct SyncUpDetailPortTests {
  private func makeStore(
    destination: PlanDetail.Destination.State? = nil, speech: SpeechStatus,
    openSettings: @escaping @Sendable () async -> Void = {}
  ) -> FeatureTestStore<PlanDetail.State, PlanDetail.Action> {
    FeatureTestStore(
      initialState: PlanDetail.State(destination: destination, plan: Shared(value: mockPlan)),
      dependencies: {
        $0.speechAuthorization = { speech }
        $0.openSettings = openSettings
      }
    ) { PlanDetail() }
  }

  /// TCA's `speechRestricted` and `speechDenied`.
  @Test func speechRestrictedOrDeniedShowsAnAlert() async {
    let restricted = makeStore(speech: .restricted)
    await restricted.send(.startMeetingButtonTapped) { $0.destination = .alert(.speechRecognitionRestricted) }
    let denied = makeStore(speech: .denied)
    await denied.send(.startMeetingButtonTapped) { $0.destination = .alert(.speechRecognitionDenied) }
  }

  /// TCA's `openSettings`: the alert's button opens the settings and closes the alert.
  @Test func openSettings() async {
    let opened = Locked(false)
    let store = makeStore(
      destination: .alert(.speechRecognitionDenied), speech: .denied,
      openSettings: { opened.withLock { $0 = true } })
    await store.send(.destination(.presented(.alert(.openSettings)))) { $0.destination = nil }
    await store.finish()
    #expect(opened.withLock { $0 })
  }

  /// TCA's `continueWithoutRecording` and `speechAuthorized`: the meeting starts through the
  /// delegate.
  @Test func theMeetingStartsWithoutRecordingOrAuthorized() async {
    let store = makeStore(destination: .alert(.speechRecognitionDenied), speech: .denied)
    await store.send(.destination(.presented(.alert(.continueWithoutRecording)))) { $0.destination = nil }
    await store.receive({ PlanDetail.Action.delegate(.startMeeting($0)) })
    let authorized = makeStore(speech: .authorized)
    await authorized.send(.startMeetingButtonTapped)
    await authorized.receive({ PlanDetail.Action.delegate(.startMeeting($0)) })
  }

  /// TCA's `edit`: the form's change is saved into the shared sync-up.
  @Test func edit() async {
    var plan = mockPlan
    let store = FeatureTestStore(
      initialState: PlanDetail.State(plan: Shared(value: plan)), dependencies: { $0.uuid = .incrementing() }
    ) { PlanDetail() }
    await store.send(.editButtonTapped) { $0.destination = .edit(PlanForm.State(plan: plan)) }
    plan.title = "Blob's Meeting"
    await store.send(.destination(.presented(.edit(.binding(.set(\.plan, plan)))))) {
      $0.destination[case: PlanDetail.Destination.State.edit]?.plan.title = "Blob's Meeting"
    }
    await store.send(.doneEditingButtonTapped) {
      $0.destination = nil
      $0.$plan.withLock { $0.title = "Blob's Meeting" }
    }
  }

  /// TCA's `delete`: the sync-up leaves the shared list and the screen dismisses itself; the
  /// list's change is read through the row the screen holds, under the same lock (no deadlock).
  @Test func delete() async throws {
    @Shared(.plans) var plans: IdentifiedArrayOf<Plan> = [mockPlan]
    let plan = try #require(Shared($plans[id: mockPlan.id]))
    let store = FeatureTestStore(initialState: PlanDetail.State(plan: plan)) { PlanDetail() }
    await store.send(.deleteButtonTapped) { $0.destination = .alert(.deletePlan) }
    // The list's change is checked too, which TCA's test leaves to a `defer` ("Can this
    // exhaustively be caught?"): the test describes it on the list it holds.
    await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.destination = nil
      $plans.withLock { $0 = [] }
    }
    await store.finish()
    #expect(store.isDismissed)
    #expect(plans.isEmpty)
  }
}
