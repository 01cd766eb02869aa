import Observation
import ReduxCore
import Testing

// Undo, redo and time travel (ReduxDevTools' StoreHistory) keep the contract in every style.

@Suite struct HistoryContract {
  /// Moving through the history is a change like an action's: the observers of what changed
  /// are told once, with the state shown; the observers of what did not are not; nothing runs
  /// again.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func undoAndRedoTellTheObserversOfWhatChangedOnly(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let history = store.makeHistory(100)
      store.dispatch(.increment)
      store.dispatch(.add(2))
      let counts = Log<Int>()
      let others = Log<Int>()
      let countToken = store.subscribeToCount { counts.append($0) }
      let otherToken = store.subscribeToOther { others.append($0) }
      let countViews = SharedLog<String>()
      let otherViews = SharedLog<String>()
      withObservationTracking {
        _ = store.count()
      } onChange: {
        countViews.append("count")
      }
      withObservationTracking {
        _ = store.other()
      } onChange: {
        otherViews.append("other")
      }
      history.undo()
      #expect(store.state().count == 1)
      history.jump(0)
      #expect(store.state().count == 0)
      history.redo()
      history.redo()
      #expect(store.state() == ConformanceState(count: 3))
      #expect(counts.entries == [1, 0, 1, 3])
      #expect(others.entries.isEmpty)
      #expect(countViews.entries == ["count"])
      #expect(otherViews.entries.isEmpty)
      _ = (countToken, otherToken)
    }
  }

  /// An action after an undo applies to the state shown and ends the redo branch; the limit
  /// keeps the newest steps.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func anActionAfterAnUndoEndsTheRedoBranch(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let history = store.makeHistory(2)
      for _ in 0..<4 { store.dispatch(.increment) }
      history.jump(0)
      #expect(store.state().count == 2)
      #expect(!history.canUndo() && history.canRedo())
      store.dispatch(.add(10))
      #expect(store.state().count == 12)
      #expect(!history.canRedo())
      history.undo()
      #expect(store.state().count == 2)
    }
  }
}
