import EffectStore
import ReduxTesting
import Testing

// The README's "Closing from the child" samples, run.

private struct NoteEditor: Reducer {
  struct State: Equatable, Sendable {
    var draft = ""
  }
  enum Action: Equatable, Sendable { case saveTapped }
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .saveTapped:
      return .run { _ in await dismiss() }
    }
  }
}

/// An alert: gone after any of its buttons.
private struct DeleteNoteAlert: Equatable, Sendable, EphemeralState {
  enum Action: Equatable, Sendable { case confirm, cancel }
}

private struct Notes: Reducer {
  struct State: Equatable, Sendable {
    var editor: NoteEditor.State?
    var deleteAlert: DeleteNoteAlert?
    var path = StackState<NoteEditor.State>()
    var isDeleted = false
  }
  enum Action: Equatable, Sendable {
    case edit, askToDelete, open
    case editor(PresentationAction<NoteEditor.Action>)
    case deleteAlert(PresentationAction<DeleteNoteAlert.Action>)
    case path(StackAction<NoteEditor.State, NoteEditor.Action>)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .edit: state.editor = NoteEditor.State()
      case .askToDelete: state.deleteAlert = DeleteNoteAlert()
      case .open: state.path.append(NoteEditor.State())
      case .deleteAlert(.presented(.confirm)): state.isDeleted = true
      case .editor, .deleteAlert, .path: break
      }
      return .none
    }
    IfLet(\.editor, action: Action.editor) {
      if case .editor(let action) = $0 { action } else { nil }
    } child: {
      NoteEditor()
    }
    IfLet(\.deleteAlert, action: Action.deleteAlert) {
      if case .deleteAlert(let action) = $0 { action } else { nil }
    }
    ForEachElement(\.path, action: Action.path) {
      if case .path(let action) = $0 { action } else { nil }
    } child: {
      NoteEditor()
    }
  }
}

@MainActor
@Test func closingFromTheChild() async {
  let store = FeatureTestStore(initialState: Notes.State()) { Notes() }
  await store.send(.edit) { $0.editor = NoteEditor.State() }
  await store.send(.editor(.presented(.saveTapped)))
  await store.receive(.editor(.dismiss)) { $0.editor = nil }  // the editor closed itself

  await store.send(.askToDelete) { $0.deleteAlert = DeleteNoteAlert() }
  await store.send(.deleteAlert(.presented(.confirm))) {
    $0.deleteAlert = nil  // an alert is gone after any of its actions
    $0.isDeleted = true
  }

  await store.send(.open) { $0.path[id: 0] = NoteEditor.State() }
  await store.send(.path(.element(id: 0, action: .saveTapped)))
  await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }  // the screen popped itself
}
