import ClassStore
import EffectStore
import Foundation
import FunctionalStore
import Observation
import ReduxCore
import ReduxDevTools
import ReduxTesting
import Testing

@MainActor
@Suite struct StoreHistoryFunctionalTests {
  @Test func undoAndRedoMoveTheLiveStoreAndTellItsObservers() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(of: store)
    var told: [[String]] = []
    let token = store.subscribe(\.words) { told.append($0) }
    store.dispatch(.addWord("a"))
    store.dispatch(.addWord("b"))
    history.undo()
    #expect(store.words == ["a"])
    history.undo()
    #expect(store.words == [])
    history.undo()  // nothing before the first step
    history.redo()
    #expect(store.words == ["a"])
    #expect(told == [["a"], ["a", "b"], ["a"], [], ["a"]])
    #expect(history.canUndo && history.canRedo)
    #expect(history.currentStep == 1 && history.stepCount == 3)
    _ = token
  }

  @Test func anActionAfterAnUndoEndsTheRedoBranch() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(of: store)
    store.dispatch(.addWord("a"))
    store.dispatch(.addWord("b"))
    history.undo()
    store.dispatch(.addWord("c"))
    #expect(store.words == ["a", "c"])
    #expect(!history.canRedo)
    history.undo()
    #expect(store.words == ["a"])
    history.undo()
    #expect(store.words == [])
  }

  @Test func theLimitKeepsTheNewestSteps() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(of: store, limit: 2)
    for word in ["a", "b", "c", "d"] { store.dispatch(.addWord(word)) }
    #expect(history.stepCount == 3)
    history.jump(to: 0)
    #expect(store.words == ["a", "b"])
    history.jump(to: 2)
    history.limit = 0
    #expect(history.stepCount == 1 && !history.canUndo)
    #expect(store.words == ["a", "b", "c", "d"])
  }

  @Test func theStepsKeepTheirOrderWhenTheOldestAreReplaced() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(of: store, limit: 3)
    for word in ["a", "b", "c", "d", "e", "f"] { store.dispatch(.addWord(word)) }
    history.undo()
    store.dispatch(.addWord("x"))  // replaces the redo branch inside a ring that has wrapped
    var seen: [[String]] = [store.words]
    while history.canUndo {
      history.undo()
      seen.append(store.words)
    }
    #expect(seen.map { $0.joined() } == ["abcdex", "abcde", "abcd", "abc"])
    history.limit = 5
    store.dispatch(.addWord("y"))
    history.jump(to: 0)
    #expect(store.words.joined() == "abc")
    #expect(history.stepCount == 2)
  }

  @Test func ignoredActionsJoinTheStepShownAndGroupedActionsMakeOneStep() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(
      of: store, ignoring: { $0.isSelection }, groupingBy: { $0.groupKey })
    for character in "hello" { store.dispatch(.type(character)) }
    store.dispatch(.select(3))
    store.dispatch(.addWord("x"))
    for character in "!!" { store.dispatch(.type(character)) }
    #expect(history.stepCount == 4)
    history.undo()
    #expect(store.title == "hello" && store.words == ["x"])
    history.undo()
    #expect(store.title == "hello" && store.words == [])
    history.undo()
    #expect(store.title == "" && store.selection == 0)
  }

  @Test func anActionThatChangesNothingMakesNoStep() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(of: store)
    store.dispatch(.save)
    store.dispatch(.select(0))
    #expect(history.stepCount == 1)
  }

  @Test func aHistoryOfOnePartLeavesTheRestAsItIs() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(of: store, part: \.words)
    store.dispatch(.addWord("a"))
    store.dispatch(.select(7))  // not in the part: no step
    store.dispatch(.type("t"))
    #expect(history.stepCount == 2)
    history.undo()
    #expect(store.words == [] && store.selection == 7 && store.title == "t")
  }

  @Test func clearHistoryKeepsTheStateShown() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(of: store)
    store.dispatch(.addWord("a"))
    store.dispatch(.addWord("b"))
    history.undo()
    history.clearHistory()
    #expect(store.words == ["a"])
    #expect(!history.canUndo && !history.canRedo && history.stepCount == 1)
  }

  @Test func canUndoIsObservedPerField() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(of: store)
    let undoTold = Flag()
    let redoTold = Flag()
    withObservationTracking {
      _ = history.canUndo
    } onChange: {
      undoTold.raise()
    }
    withObservationTracking {
      _ = history.canRedo
    } onChange: {
      redoTold.raise()
    }
    store.dispatch(.addWord("a"))
    #expect(undoTold.isRaised && !redoTold.isRaised)
    let undoToldAgain = Flag()
    withObservationTracking {
      _ = history.canUndo
    } onChange: {
      undoToldAgain.raise()
    }
    store.dispatch(.addWord("b"))  // still can undo: not told
    #expect(!undoToldAgain.isRaised && !redoTold.isRaised)
    history.undo()
    #expect(redoTold.isRaised && !undoToldAgain.isRaised)
  }

  @Test func aReleasedHistoryStopsRecording() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    var history: StoreHistory? = StoreHistory(of: store)
    weak let weakHistory = history
    history = nil
    #expect(weakHistory == nil)
    store.dispatch(.addWord("a"))
    #expect(store.words == ["a"])
  }

  /// An undo is no action, so no middleware sees it as one; persistence is told all the same,
  /// and the file holds the state the user sees.
  @Test func anUndoIsSavedByPersistence() async throws {
    let url = try makeTestFolder().appendingPathComponent("editor.json")
    let persistence = StatePersistence<Editor>(fileURL: url)
    let store = createStore(
      reducer: editorReducer, initialState: Editor(), enhancer: applyMiddleware(persistence.middleware()))
    let history = StoreHistory(of: store)
    store.dispatch(.addWord("a"))
    store.dispatch(.addWord("b"))
    try await persistence.flush()
    history.undo()
    try await persistence.flush()
    #expect(try persistence.load().words == ["a"])
  }

  @Test func viewsOfAFieldAreToldByAnUndoOnlyIfTheFieldChanged() {
    let store = createStore(reducer: editorReducer, initialState: Editor())
    let history = StoreHistory(of: store, ignoring: { $0.isSelection })
    store.dispatch(.addWord("a"))
    let titleTold = Flag()
    let wordsTold = Flag()
    withObservationTracking {
      _ = store.title
    } onChange: {
      titleTold.raise()
    }
    withObservationTracking {
      _ = store.words
    } onChange: {
      wordsTold.raise()
    }
    history.undo()
    #expect(wordsTold.isRaised && !titleTold.isRaised)
  }
}

@MainActor
@Suite struct StoreHistoryClassBasedTests {
  @Test func undoRestoresWhatCommitsChanged() {
    let store = EditorStore(state: Editor())
    let history = StoreHistory(of: store, groupingBy: { $0.name == "type" ? "typing" : nil })
    var told: [String] = []
    let token = store.subscribe(\.title) { told.append($0) }
    store.type("h")
    store.type("i")
    store.addWord("x")
    history.undo()
    #expect(store.state == Editor(title: "hi"))
    history.undo()
    #expect(store.state == Editor())
    history.redo()
    history.redo()
    #expect(store.state == Editor(title: "hi", words: ["x"]))
    #expect(told == ["h", "hi", "", "hi"])
    _ = token
  }
}

@MainActor
@Suite struct StoreHistoryEffectTests {
  @Test func travelRunsNoEffectAgain() async {
    let saves = EffectCount()
    let store = FeatureStore(initialState: Editor(), reducer: EditorFeature(saves: saves))
    let history = StoreHistory(of: store)
    store.send(.addWord("a"))
    await store.send(.save).finish()
    store.send(.addWord("b"))
    #expect(saves.value == 1)
    history.undo()
    history.redo()
    history.jump(to: 0)
    await Task.yield()
    #expect(saves.value == 1)
    #expect(store.words == [])
  }

  @Test func aChildStoreIsToldOfTheUndo() {
    let store = FeatureStore(initialState: Editor(), reducer: EditorFeature(saves: EffectCount()))
    let history = StoreHistory(of: store)
    let child = store.scope(state: \.words, action: EditorAction.addWord)
    var told: [[String]] = []
    let token = child.subscribe { told.append($0) }
    store.send(.addWord("a"))
    history.undo()
    #expect(child.state == [])
    #expect(told == [["a"], []])
    _ = token
  }
}

/// Raised by an Observation change handler, which may run on any thread.
final class Flag: Sendable {
  private let raised = Locked(false)
  func raise() { raised.withLock { $0 = true } }
  var isRaised: Bool { raised.withLock { $0 } }
}

@Suite struct StoreHistoryMisuseTests {
  /// An undo from a subscriber would replace the state in the middle of the dispatch telling it:
  /// it stops, and the message says where to call it from.
  @Test func anUndoDuringADispatchStopsWithTheFix() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let store = createStore(reducer: editorReducer, initialState: Editor())
        let history = StoreHistory(of: store)
        store.dispatch(.addWord("a"))
        let token = store.subscribe { _ in history.undo() }
        store.dispatch(.addWord("b"))
        _ = token
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("StoreHistory.undo() was called during a dispatch"), "\(message)")
    #expect(message.contains("call it from the code that drives the store"), "\(message)")
  }
}
