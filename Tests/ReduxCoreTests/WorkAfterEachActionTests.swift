import ReduxCore
import Testing

/// The hook a style (the effect style) uses to run work after an action: it runs only after an
/// action that raised the flag, after the observers, still inside the dispatch; the style
/// lowers the flag when it has nothing left.
@MainActor
@Suite struct WorkAfterEachActionTests {
  /// A store whose reducer raises the flag for odd amounts, and whose work logs what it saw.
  private func makeStore(log: Log<String>) -> (StoreEngine<Int, Int>, WorkAfterEachAction) {
    let work = WorkAfterEachAction()
    let engine = StoreEngine<Int, Int>(initialState: 0, home: MainActor.shared, workAfterEachAction: work) {
      state, amount in
      state += amount
      if amount % 2 == 1 { work.isDue = true }
    }
    work.setWork { [unowned engine, unowned work] in
      log.append("work after \(engine.untrackedState)")
      work.isDue = false
    }
    return (engine, work)
  }

  @Test func theWorkRunsOnlyAfterAnActionThatRaisedTheFlag() {
    let log = Log<String>()
    let (engine, _) = makeStore(log: log)
    engine.dispatch(2)
    engine.dispatch(1)
    engine.dispatch(4)
    #expect(log.entries == ["work after 3"])
  }

  @Test func theWorkRunsAfterTheObserversAndItsActionsAreQueuedNext() {
    let log = Log<String>()
    let work = WorkAfterEachAction()
    let engine = StoreEngine<Int, Int>(initialState: 0, home: MainActor.shared, workAfterEachAction: work) {
      state, amount in
      state += amount
      if amount == 1 { work.isDue = true }
    }
    let token = engine.addSubscriber { state in log.append("observer saw \(state)") }
    work.setWork { [unowned engine, unowned work] in
      work.isDue = false
      log.append("work")
      engine.dispatch(10)
      log.append("work done, state \(engine.untrackedState)")
    }
    engine.dispatch(1)
    #expect(
      log.entries == ["observer saw 1", "work", "work done, state 1", "observer saw 11"])
    engine.removeSubscriber(token)
  }

  @Test func aFlagLeftRaisedRunsTheWorkAfterEveryActionUntilLowered() {
    let work = WorkAfterEachAction()
    let engine = StoreEngine<Int, Int>(initialState: 0, home: MainActor.shared, workAfterEachAction: work) {
      state, amount in state += amount
    }
    var runs = 0
    // Unowned: the work is held by what it runs, as a style's runner holds it.
    work.setWork { [unowned work] in
      runs += 1
      if runs == 2 { work.isDue = false }
    }
    work.isDue = true
    for _ in 0..<4 { engine.dispatch(1) }
    #expect(runs == 2)
    work.isDue = true
    work.setWork(nil)
    #expect(!work.isDue)
    engine.dispatch(1)
    #expect(runs == 2)
  }
}
