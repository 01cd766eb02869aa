import EffectStore
import ReduxTesting
import Testing

// A form's changes as one action case: applied by the reducer, reacted to per field, compared
// by field and value in tests.

private struct SignupForm: Reducer {
  struct State: Equatable, Sendable {
    var email = ""
    var agreed = false
    var age = 18
    var canSubmit = false
    var log: [String] = []
  }
  enum Action: Equatable, Sendable, BindableAction {
    case binding(BindingAction<State>)
    case submit
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .binding(let change):
      if case .binding(\State.email) = action { state.log.append("email changed") }
      change.apply(to: &state)
      state.canSubmit = state.email.contains("@") && state.agreed
      return .none
    case .submit:
      return .none
    }
  }
}

/// The sample of Packages/EffectStore/README.md's "Forms" section.
private struct Signup: Reducer {
  struct State: Equatable, Sendable {
    var email = ""
    var agreed = false
    var canSubmit = false
  }
  enum Action: Equatable, Sendable, BindableAction {
    case binding(BindingAction<State>)
    case submit
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .binding(let change):
      change.apply(to: &state)
      state.canSubmit = state.email.contains("@") && state.agreed
      return .none
    case .submit:
      return .none
    }
  }
}

/// What a control's helper can do for any form.
private func agree<A: BindableAction>() -> A where A.State == SignupForm.State {
  .binding(.set(\.agreed, true))
}

@MainActor
@Suite struct BindingActionTests {
  @Test func eachChangeSetsItsFieldAndTheReducerReactsToOne() async {
    let store = FeatureTestStore(initialState: SignupForm.State(), reducer: SignupForm())
    await store.send(.binding(.set(\.email, "ada@example.com"))) {
      $0.email = "ada@example.com"
      $0.log = ["email changed"]
    }
    await store.send(agree()) {
      $0.agreed = true
      $0.canSubmit = true
    }
    await store.send(.binding(.set(\.age, 36))) { $0.age = 36 }
    await store.finish()
  }

  @Test func theGuidesForm() async {
    let store = FeatureTestStore(initialState: Signup.State(), reducer: Signup())
    await store.send(.binding(.set(\.email, "ada@example.com"))) { $0.email = "ada@example.com" }
    await store.send(.binding(.set(\.agreed, true))) {
      $0.agreed = true
      $0.canSubmit = true
    }
    await store.finish()
  }

  @Test func changesAreEqualWhenTheySetTheSameFieldToEqualValues() {
    typealias Change = BindingAction<SignupForm.State>
    #expect(Change.set(\.email, "a@b") == Change.set(\.email, "a@b"))
    #expect(Change.set(\.email, "a@b") != Change.set(\.email, "c@d"))
    #expect(Change.set(\.age, 1) != Change.set(\.email, "1"))
    #expect(Change.set(\.agreed, true) != Change.set(\.canSubmit, true))
  }

  /// TCA's `BindingAction.value`: the new value, typed, read before it is applied.
  @Test func aChangeGivesItsValueForItsField() {
    let change = BindingAction<SignupForm.State>.set(\.email, "a@b")
    #expect(change.value(of: \.email) == "a@b")
    #expect(change.value(of: \.age) == nil)
  }

  @Test func aChangeMatchesItsFieldsKeyPathAsAPattern() {
    let change = BindingAction<SignupForm.State>.set(\.agreed, true)
    #expect(\SignupForm.State.agreed ~= change)
    #expect(!(\SignupForm.State.canSubmit ~= change))
    if case \SignupForm.State.agreed = change {} else { Issue.record("the pattern did not match") }
  }

  @Test func aChangeDescribesItsValue() {
    #expect(
      BindingAction<SignupForm.State>.set(\.email, "ada@example.com").description
        == #"set String to "ada@example.com""#)
  }

  @Test func aWrongExpectationOfAChangeFailsTheTest() async {
    let store = FeatureTestStore(initialState: SignupForm.State(), reducer: SignupForm())
    let failures = await failuresReported {
      await store.send(.binding(.set(\.age, 40))) { $0.age = 41 }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.description.contains("-   age: 41,\n+   age: 40,") == true, "\(failures)")
  }
}
