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
