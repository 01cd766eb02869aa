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

/// `StoreHistory` against a model of what its docs promise, over random sequences of actions,
/// undo, redo, jump, clear and limit changes, in every style: after each operation the store
/// shows the model's state, and the history reports the model's step, count, undo and redo.
@Suite struct HistoryModelContract {
  /// What the docs say a history is: the states kept, oldest first, the one shown, and a limit
  /// on how many are kept before it.
  struct Model {
    var steps: [Int]
    var position = 0
    var limit: Int

    var shown: Int { steps[position] }

    mutating func apply(_ count: Int) {
      guard count != shown else { return }  // an action that changed nothing makes no step
      steps.removeSubrange((position + 1)...)
      steps.append(count)
      position = steps.count - 1
      keepLimit()
    }

    mutating func show(_ step: Int) {
      position = min(max(step, 0), steps.count - 1)
      keepLimit()
    }

    mutating func setLimit(_ newLimit: Int) {
      limit = newLimit
      keepLimit()
    }

    mutating func clear() {
      steps = [shown]
      position = 0
    }

    /// No more than `limit` steps before the one shown: the oldest go.
    mutating func keepLimit() {
      let dropped = max(position - max(limit, 0), 0)
      steps.removeFirst(dropped)
      position -= dropped
    }
  }

  /// A small generator of its own, so a failing sequence is found again from its seed.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      return mixed ^ (mixed >> 31)
    }
  }

  @Test(arguments: StyleAdapter.all)
  func historyFollowsItsModel(style: StyleAdapter) async {
    await TestHome.all[0].run { isolation in
      for seed in 1...300 { Self.follow(style, seed: seed, isolation) }
    }
  }

  static func follow(_ style: StyleAdapter, seed: Int, _ isolation: isolated any Actor) {
    do {
      var random = SeededGenerator(state: UInt64(seed))
      let store = style.make(StoreOptions(), isolation)
      let startLimit = Int.random(in: 0...6, using: &random)
      let history = store.makeHistory(startLimit)
      var model = Model(steps: [0], limit: startLimit)
      var trail: [String] = ["limit \(startLimit)"]
      for _ in 0..<40 {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<40:
          let amount = Int.random(in: 0...2, using: &random)
          trail.append("add(\(amount))")
          store.dispatch(.add(amount))
          model.apply(model.shown + amount)
        case 40..<55:
          trail.append("undo")
          history.undo()
          if model.position > 0 { model.show(model.position - 1) }
        case 55..<70:
          trail.append("redo")
          history.redo()
          if model.position < model.steps.count - 1 { model.show(model.position + 1) }
        case 70..<80:
          let step = Int.random(in: -1...8, using: &random)
          trail.append("jump(\(step))")
          history.jump(step)
          model.show(step)
        case 80..<85:
          trail.append("clear")
          history.clear()
          model.clear()
        default:
          let limit = Int.random(in: 0...6, using: &random)
          trail.append("limit \(limit)")
          history.setLimit(limit)
          model.setLimit(limit)
        }
        let seen = [
          store.state().count, history.currentStep(), history.stepCount(),
          history.canUndo() ? 1 : 0, history.canRedo() ? 1 : 0,
        ]
        let expected = [
          model.shown, model.position, model.steps.count, model.position > 0 ? 1 : 0,
          model.position < model.steps.count - 1 ? 1 : 0,
        ]
        guard seen == expected else {
          Issue.record(
            """
            seed \(seed), after \(trail.joined(separator: ", ")): \
            [count, step, steps, canUndo, canRedo] is \(seen), the model says \(expected)
            """)
          return
        }
      }
      withExtendedLifetime(history.object) {}
    }
  }
}
