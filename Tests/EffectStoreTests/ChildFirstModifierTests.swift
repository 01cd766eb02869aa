import EffectStore
import ReduxTesting
import Testing

/// TCA's `.ifLet` and `.forEach` modifiers: the child runs before the reducer they modify, so
/// the parent sees what the child did with the same action.
@MainActor
@Suite struct ChildFirstModifierTests {
  struct Draft: Equatable, Sendable { var text = "" }
  enum DraftAction: Equatable, Sendable { case type(String), save }

  struct DraftFeature: Reducer {
    func reduce(into state: inout Draft, action: DraftAction) -> Effect<DraftAction> {
      if case .type(let text) = action { state.text += text }
      if action == .save { state.text += "!" }
      return .none
    }
  }

  struct Editor: Equatable, Sendable {
    var sheet: Draft? = Draft()
    var saved: [String] = []
  }
  enum EditorAction: Equatable, Sendable { case sheet(DraftAction) }

  /// The parent keeps the draft the child finished on `.save`, then closes the sheet: it sees
  /// the child's last change, and the child never finds its state gone.
  @Test func ifLetRunsTheChildBeforeTheParent() async {
    let editor = Reduce<Editor, EditorAction> { state, action in
      if case .sheet(.save) = action {
        state.saved.append(state.sheet?.text ?? "nothing")
        state.sheet = nil
      }
      return .none
    }
    .ifLet(\.sheet, action: EditorAction.sheet) {
      if case .sheet(let action) = $0 { action } else { nil }
    } then: {
      DraftFeature()
    }
    let store = FeatureTestStore(initialState: Editor(), reducer: editor)
    await store.send(.sheet(.type("hi"))) { $0.sheet?.text = "hi" }
    await store.send(.sheet(.save)) {
      $0.saved = ["hi!"]
      $0.sheet = nil
    }
    await store.finish()
  }

  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var isDone = false
  }
  enum RowAction: Equatable, Sendable { case toggle }

  struct RowFeature: Reducer {
    func reduce(into state: inout Row, action: RowAction) -> Effect<RowAction> {
      state.isDone.toggle()
      return .none
    }
  }

  struct List: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    var doneCount = 0
  }
  enum ListAction: Equatable, Sendable { case row(id: Int, action: RowAction) }

  @Test func forEachRunsTheRowBeforeTheParent() async {
    let list = Reduce<List, ListAction> { state, _ in
      state.doneCount = state.rows.filter(\.isDone).count
      return .none
    }
    .forEach(\.rows, action: ListAction.row) {
      if case .row(let id, let action) = $0 { (id, action) } else { nil }
    } element: {
      RowFeature()
    }
    let store = FeatureTestStore(initialState: List(), reducer: list)
    await store.send(.row(id: 2, action: .toggle)) {
      $0.rows[id: 2]?.isDone = true
      $0.doneCount = 1
    }
    await store.finish()
  }

  struct Navigator: Equatable, Sendable {
    var path = StackState<Row>()
    var depth = 0
  }
  enum NavigatorAction: Equatable, Sendable { case path(StackAction<Row, RowAction>) }

  @Test func forEachOverAStackAppliesPushesBeforeTheParent() async {
    let navigator = Reduce<Navigator, NavigatorAction> { state, _ in
      state.depth = state.path.count
      return .none
    }
    .forEach(\.path, action: NavigatorAction.path) {
      if case .path(let action) = $0 { action } else { nil }
    } element: {
      RowFeature()
    }
    let store = FeatureTestStore(initialState: Navigator(), reducer: navigator)
    await store.send(.path(.push(id: 0, state: Row(id: 7)))) {
      $0.path[id: 0] = Row(id: 7)
      $0.depth = 1
    }
    await store.send(.path(.element(id: 0, action: .toggle))) { $0.path[id: 0]?.isDone = true }
    await store.finish()
  }
}
