import Foundation
import IdentifiedCollections
import Observation
import ReduxCore
import Testing

// DESIGN.md's shared contract, checked against every style through its adapter.

@Suite struct DispatchContract {
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func oneDispatchAppliesOnceAndTellsEachObserverOnce(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let seen = Log<ConformanceState>()
      let token = store.subscribeToState { seen.append($0) }
      store.dispatch(.add(2))
      #expect(store.state() == ConformanceState(count: 2))
      #expect(seen.entries == [ConformanceState(count: 2)])
      _ = token
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func reentrantDispatchesAreQueuedAndSeenInOrder(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let first = Log<Int>()
      let second = Log<Int>()
      let chaining = store.subscribeToCount { count in
        first.append(count)
        if count < 3 { store.dispatch(.increment) }
      }
      let watching = store.subscribeToCount { second.append($0) }
      store.dispatch(.increment)
      #expect(store.state().count == 3)
      #expect(first.entries == [1, 2, 3])
      #expect(second.entries == [1, 2, 3])
      _ = (chaining, watching)
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aHundredThousandQueuedDispatchesDoNotGrowTheStack(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let token = store.subscribeToCount { count in
        if count < 100_000 { store.dispatch(.increment) }
      }
      store.dispatch(.increment)
      #expect(store.state().count == 100_000)
      _ = token
    }
  }
}

@Suite struct MiddlewareContract {
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func middlewaresRunInOrderTheFirstOutermost(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let log = Log<String>()
      let store = style.make(StoreOptions(middlewareLog: log), isolation)
      store.dispatch(.increment)
      #expect(
        log.entries == [
          "a before increment", "b before increment", "b after increment", "a after increment",
        ])
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aMiddlewareDispatchRunsAfterTheCurrentAction(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(followUpAfterIncrement: true), isolation)
      let seen = Log<Int>()
      let token = store.subscribeToCount { seen.append($0) }
      store.dispatch(.increment)
      #expect(seen.entries == [1, 101])
      _ = token
    }
  }
}

@Suite struct ObservationContract {
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func selectionsSkipDuplicates(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let counts = Log<Int>()
      let token = store.subscribeToCount { counts.append($0) }
      store.dispatch(.bumpOther)
      store.dispatch(.increment)
      store.dispatch(.bumpOther)
      #expect(counts.entries == [1])
      _ = token
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func cancelIsIdempotentAndReleaseCancels(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let counts = Log<Int>()
      let cancelled = store.subscribeToCount { counts.append($0) }
      var released: Subscription? = store.subscribeToCount { counts.append($0) }
      store.dispatch(.increment)
      cancelled.cancel()
      cancelled.cancel()
      released = nil
      store.dispatch(.increment)
      #expect(counts.entries == [1, 1])
      #expect(released == nil)
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func subscribingDuringANotificationStartsNextDispatch(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let late = Log<Int>()
      var lateToken: Subscription?
      let early = store.subscribeToCount { _ in
        if lateToken == nil { lateToken = store.subscribeToCount { late.append($0) } }
      }
      store.dispatch(.increment)
      store.dispatch(.increment)
      #expect(late.entries == [2])
      _ = early
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func streamsYieldEveryStateInOrderAndFinishWithTheStore(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      var store: StoreUnderTest? = style.make(StoreOptions(), isolation)
      let states = store!.states(.unbounded)
      store?.dispatch(.increment)
      store?.dispatch(.add(2))
      store = nil
      var seen: [Int] = []
      for await state in states { seen.append(state.count) }
      #expect(seen == [0, 1, 3])
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aStreamNobodyReadsHoldsOnlyTheNewestState(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      var store: StoreUnderTest? = style.make(StoreOptions(), isolation)
      let states = store!.states(.bufferingNewest(1))
      for _ in 0..<1_000 { store?.dispatch(.increment) }
      store = nil
      var seen: [Int] = []
      for await state in states { seen.append(state.count) }
      #expect(seen == [1_000])
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func selectionsOfEveryKindAreToldOnlyWhenTheirValueChangedInOrder(style: StyleAdapter, home: TestHome) async
  {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let told = Log<String>()
      var tokens = [
        store.subscribeToCount { told.append("count \($0)") },
        store.subscribeToOther { told.append("other \($0)") },
        store.subscribeSelecting({ $0.count % 2 }) { told.append("parity \($0)") },
        store.subscribeSelecting({ $0.other }) { told.append("other selected \($0)") },
      ]
      store.dispatch(.increment)
      store.dispatch(.increment)
      store.dispatch(.bumpOther)
      store.dispatch(.add(0))
      #expect(
        told.entries == [
          "count 1", "parity 1", "count 2", "parity 0", "other 1", "other selected 1",
        ])
      tokens[2].cancel()
      store.dispatch(.increment)
      #expect(told.entries.suffix(1) == ["count 3"])
      tokens.removeAll()
      store.dispatch(.increment)
      #expect(told.entries.count == 7)
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func wholeStateSubscribersAreToldAfterEveryDispatch(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let seen = Log<Int>()
      let token = store.subscribeToState { seen.append($0.count) }
      store.dispatch(.add(0))
      store.dispatch(.increment)
      #expect(seen.entries == [0, 1])
      _ = token
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func withObservationTrackingSeesADispatch(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let changes = SharedLog<Int>()
      withObservationTracking {
        _ = store.state()
      } onChange: {
        changes.append(1)
      }
      store.dispatch(.increment)
      #expect(changes.entries.count == 1)
      #expect(store.object is any Observable)
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aFieldReadByAViewIsToldOnlyWhenThatFieldChanged(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let countChanges = SharedLog<Int>()
      let otherChanges = SharedLog<Int>()
      for round in 1...3 {
        withObservationTracking {
          _ = store.count()
        } onChange: {
          countChanges.append(round)
        }
        withObservationTracking {
          _ = store.other()
        } onChange: {
          otherChanges.append(round)
        }
        store.dispatch(.increment)
      }
      // Re-armed each round: told once per dispatch that changed the field, never for the other.
      #expect(countChanges.entries == [1, 2, 3])
      #expect(otherChanges.entries.isEmpty)
      // The three trackers of `other`, still waiting, are each told once when it changes.
      store.dispatch(.bumpOther)
      #expect(otherChanges.entries.sorted() == [1, 2, 3])
      #expect(store.count() == 3)
    }
  }

  /// A view waits through any number of dispatches that leave its field alone (each compares
  /// the field and tells nobody), and is told once, at the first change of its field.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aWaitingViewIsToldOnceAtTheFirstChangeOfItsField(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let otherChanges = SharedLog<Int>()
      let countChanges = SharedLog<Int>()
      for view in 1...10 {
        withObservationTracking {
          _ = store.other()
        } onChange: {
          otherChanges.append(view)
        }
        withObservationTracking {
          _ = store.count()
        } onChange: {
          countChanges.append(view)
        }
      }
      for _ in 1...100 { store.dispatch(.increment) }
      #expect(countChanges.entries.sorted() == Array(1...10))
      #expect(otherChanges.entries.isEmpty)
      store.dispatch(.bumpOther)
      store.dispatch(.bumpOther)
      #expect(otherChanges.entries.sorted() == Array(1...10))
      #expect(store.count() == 100)
    }
  }

  /// A list screen: 50 rows visible out of 10,000, each row's view reading its own row. Editing
  /// a row tells that row's view and no other, as a hand-written `@Observable` row model would;
  /// editing a row nobody shows tells nobody.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aRowChangeTellsTheViewsOfThatRowAndNoOther(style: StyleAdapter, home: TestHome) async {
    // Both ways a row's view reads its row: a key path, `\.rows[id: id]`, and `(\.rows, id:)`.
    for readsByID in [false, true] {
      await home.run { isolation in
        let store = style.make(StoreOptions(rowCount: 10_000), isolation)
        let told = SharedLog<Int>()
        let read = readsByID ? store.rowByID : store.row
        func showRow(_ id: Int) {
          withObservationTracking {
            _ = read(id)
          } onChange: {
            told.append(id)
          }
        }
        for id in 0..<50 { showRow(id) }
        store.dispatch(.editRow(7))
        #expect(told.entries == [7])
        store.dispatch(.editRow(9_999))
        store.dispatch(.increment)
        #expect(told.entries == [7])
        showRow(7)
        store.dispatch(.editRow(7))
        store.dispatch(.editRow(49))
        #expect(told.entries == [7, 7, 49])
        #expect(read(7)?.title == "xx")
        #expect(read(9_999)?.title == "x")
      }
    }
  }

  /// Rows that move, leave and come back: a row's view, whichever way it reads its row, is told
  /// when what it shows changes (an edit, the row gone, the row back) and not when the row only
  /// moved, as a view of a hand-written row model is. A row nobody shows tells nobody.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aRowsViewIsToldWhenItsRowChangesLeavesOrComesBackNotWhenItMoves(
    style: StyleAdapter, home: TestHome
  ) async {
    for readsByID in [false, true] {
      await home.run { isolation in
        let store = style.make(StoreOptions(rowCount: 100), isolation)
        let told = SharedLog<Int>()
        let read = readsByID ? store.rowByID : store.row
        func show(_ id: Int) {
          withObservationTracking {
            _ = read(id)
          } onChange: {
            told.append(id)
          }
        }
        for id in 0..<10 { show(id) }
        store.dispatch(.changeRows(.moveToEnd(3)))
        #expect(told.entries == [], "a move changes no row's value")
        #expect(read(3)?.id == 3)
        store.dispatch(.editRow(3))
        #expect(told.entries == [3], "an edit after a move")
        store.dispatch(.editRow(4))
        #expect(told.entries == [3, 4], "an edit of a row the move shifted")
        store.dispatch(.changeRows(.remove(5)))
        #expect(told.entries == [3, 4, 5], "a row that left")
        #expect(read(5) == nil)
        show(5)
        store.dispatch(.changeRows(.restore(5)))
        #expect(told.entries == [3, 4, 5, 5], "a row that came back")
        #expect(read(5)?.title == "back")
        store.dispatch(.changeRows(.remove(42)))
        store.dispatch(.changeRows(.moveToEnd(0)))
        #expect(told.entries == [3, 4, 5, 5], "a row nobody shows, and a move")
      }
    }
  }

  /// A view of two rows and a field, as one body reads them: told once, at the first action that
  /// changes any of them (Observation's tracking fires once, as it does for a view of two
  /// hand-written row models and a property), and again after it reads them again.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aViewOfTwoRowsAndAFieldIsToldOnceByTheFirstChangeOfAny(style: StyleAdapter, home: TestHome) async {
    for readsByID in [false, true] {
      await home.run { isolation in
        let store = style.make(StoreOptions(rowCount: 100), isolation)
        let told = SharedLog<String>()
        let read = readsByID ? store.rowByID : store.row
        func show(_ render: String) {
          withObservationTracking {
            _ = (read(3), read(4), store.count())
          } onChange: {
            told.append(render)
          }
        }
        show("first")
        store.dispatch(.editRow(4))
        store.dispatch(.editRow(3))
        store.dispatch(.increment)
        #expect(told.entries == ["first"])
        show("second")
        store.dispatch(.editRow(9))
        #expect(told.entries == ["first"], "a row the view does not read")
        store.dispatch(.increment)
        #expect(told.entries == ["first", "second"])
        show("third")
        store.dispatch(.editRow(3))
        #expect(told.entries == ["first", "second", "third"])
        #expect(read(3)?.title == "xx" && read(4)?.title == "x")
      }
    }
  }

  /// A state read from the store is a value: no later action changes it, including a row's
  /// edit written in place while that row's view watches it.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aStateReadBeforeAnActionKeepsItsValue(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(rowCount: 3), isolation)
      let before = store.state()
      store.dispatch(.editRow(1))
      withObservationTracking {
        _ = store.row(1)
      } onChange: {
        // Watched only: the row's view is what counts, not what it is told.
      }
      let watched = store.state()
      store.dispatch(.editRow(1))
      store.dispatch(.increment)
      #expect(before.rows[1].title == "" && before.count == 0)
      #expect(watched.rows[1].title == "x" && watched.count == 0)
      #expect(store.state().rows[1].title == "xx" && store.state().count == 1)
    }
  }
}

@Suite struct LifetimeContract {
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aStoreWithMiddlewaresAndObserversIsFreed(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      var store: StoreUnderTest? = style.make(
        StoreOptions(middlewareLog: Log(), followUpAfterIncrement: true), isolation)
      weak let object = store?.object
      let token = store?.subscribeToCount { _ in }
      let stream = store?.states(.bufferingNewest(1))
      store?.dispatch(.increment)
      store = nil
      #expect(object == nil)
      _ = (token, stream)
    }
  }
}

@Suite struct PersistenceContract {
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aBurstIsOneWriteOffTheDispatchAndTheLastStateSurvivesTheStore(style: StyleAdapter, home: TestHome)
    async throws
  {
    try await home.run { isolation in
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID())")
      defer { try? FileManager.default.removeItem(at: folder) }
      let url = folder.appendingPathComponent("state.json")
      let persistence = StatePersistence<ConformanceState>(fileURL: url)
      var store: StoreUnderTest? = style.make(StoreOptions(persistence: persistence), isolation)
      for _ in 0..<100 { store?.dispatch(.increment) }
      #expect(persistence.writeCount == 0)
      try await persistence.flush()
      #expect(persistence.writeCount == 1)
      store?.dispatch(.bumpOther)
      store = nil  // no flush: the store's release writes its last state
      #expect(try persistence.load() == ConformanceState(count: 100, other: 1))
      // A redacted field is kept whole: redaction is for what people and tools read.
      #expect(try persistence.load().secret == "s3cr3t")
    }
  }
}

@Suite struct SubscriptionChurnContract {
  /// Subscribing and cancelling cost O(log n) in any order: 20,000 subscriptions released
  /// newest first (as a screen of rows going away does) finish at once, and the subscribers
  /// left are still told, in order.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func twentyThousandReleasedNewestFirstLeaveTheOthersWorking(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let heard = Log<String>()
      let first = store.subscribeToCount { _ in heard.append("first") }
      var tokens = (0..<20_000).map { _ in store.subscribeToCount { _ in heard.append("churn") } }
      let last = store.subscribeToState { _ in heard.append("last") }
      while let token = tokens.popLast() { token.cancel() }
      store.dispatch(.increment)
      #expect(heard.entries == ["first", "last"])
      _ = (first, last)
    }
  }
}

@Suite struct SubscriptionVocabularyContract {
  /// One meaning per spelling, the same in every style: `listen` lives until its `Unsubscribe`
  /// is called, a `subscribe` token ends when it is released, and `initial: true` delivers the
  /// current value at once.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aListenerLivesUntilUnsubscribedATokenUntilReleased(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let heard = Log<String>()
      let unsubscribe = store.listen { heard.append("listener") }
      var token: Subscription? = store.subscribeToState { _ in heard.append("token") }
      store.dispatch(.increment)
      #expect(token?.isCancelled == false)
      token = nil  // released: told no more (`_ = store.subscribe…` is DroppedSubscriptionTests')
      store.dispatch(.bumpOther)
      #expect(heard.entries == ["listener", "token", "listener"])
      unsubscribe()
      unsubscribe()
      store.dispatch(.increment)
      #expect(heard.entries.count == 3)
    }
  }

  @Test(arguments: StyleAdapter.all, TestHome.all)
  func initialDeliversTheCurrentValueAtOnceThenEachChange(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      store.dispatch(.add(5))
      let subscribed = Log<Int>()
      let listened = Log<Int>()
      let quiet = Log<Int>()
      let token = store.subscribeToCountInitially { subscribed.append($0) }
      let stop = store.listenToCount(true) { listened.append($0) }
      let stopQuiet = store.listenToCount(false) { quiet.append($0) }
      #expect(subscribed.entries == [5])
      #expect(listened.entries == [5])
      #expect(quiet.entries.isEmpty)
      store.dispatch(.bumpOther)
      store.dispatch(.increment)
      #expect(subscribed.entries == [5, 6])
      #expect(listened.entries == [5, 6])
      #expect(quiet.entries == [6])
      stop()
      stopQuiet()
      _ = token
    }
  }
}

@Suite struct MiddlewareSeesTheActionContract {
  /// A middleware sees the same thing in every style: the action with its values (for the
  /// class-based style, the commit with its name and payload), so one logging middleware prints
  /// the same lines whichever style the store is, with what the action changed.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func theLoggingMiddlewarePrintsEachActionWithItsValues(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let log = Log<String>()
      let store = style.make(StoreOptions(logging: log), isolation)
      store.dispatch(.add(5))
      store.dispatch(.increment)
      #expect(log.entries == ["[store] add(5): count: 0 -> 5", "[store] increment: count: 5 -> 6"])
    }
  }
}

@Suite struct AsyncWorkComesHomeContract {
  /// What a style's async work applies after an `await` (an effect's `send`, an async thunk's
  /// `dispatch`, an async method's commit) reaches the store on the store's own actor, wherever
  /// the work ran meanwhile: on the main actor in an app, on its actor on a server.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aFollowUpAfterAnAwaitIsAppliedOnTheStoresActor(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let reached = Log<String>()
      let store = style.make(StoreOptions(checkingIsolation: (isolation, reached)), isolation)
      await store.incrementAfterAwait()
      await store.incrementAfterAwait()
      #expect(store.state().count == 2)
      #expect(reached.entries.filter { $0.contains("increment") && !$0.contains("Later") }.count == 2)
    }
  }
}

@Suite struct CompositionContract {
  /// A view of one part of the state, made with the style's composition tool (a child store in
  /// the reducer/effect style, a slice listener in the functional style, a field subscription in
  /// the class-based style), is told once per change of that part and never for another part's.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aViewOfAPartIsToldOnlyWhenThatPartChanged(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let told = Log<Int>()
      var view: AnyObject? = store.viewOfCount { told.append($0) }
      store.dispatch(.bumpOther)
      store.dispatch(.bumpOther)
      #expect(told.entries.isEmpty)
      store.dispatch(.increment)
      store.dispatch(.add(0))
      store.dispatch(.add(2))
      #expect(told.entries == [1, 3])
      view = nil
      store.dispatch(.increment)
      #expect(told.entries == [1, 3])
      #expect(view == nil)
    }
  }
}

@Suite struct CreationSiteContract {
  /// A store made as the default value of a stored property of a `@MainActor` type (an app's view
  /// model, a SwiftUI view's property), where Swift reports no actor, lives on the main actor:
  /// its async work runs, and what it applies after an `await` is applied there.
  @MainActor @Test(arguments: StyleAdapter.all)
  func aStoreMadeAsAPropertyDefaultOfAMainActorTypeRunsItsAsyncWork(style: StyleAdapter) async {
    let store = style.makeAsPropertyDefault()
    let applied = Log<Int>()
    let token = store.subscribeToCount { count in
      MainActor.preconditionIsolated("the follow-up was applied off the main actor")
      applied.append(count)
    }
    await store.incrementAfterAwait()
    #expect(store.state().count == 1)
    #expect(applied.entries == [1])
    token.cancel()
  }
}

@Suite struct AddedMiddlewareContract {
  /// A middleware added to a live store sees the next action, after (inside) the middlewares
  /// the store was made with and those added before it; removed, it sees none. (ReSwift lets an
  /// app set a store's middleware after creation; Redux Toolkit has `createDynamicMiddleware`.)
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aMiddlewareAddedAfterCreationSeesTheNextActionAndNoneOnceRemoved(
    style: StyleAdapter, home: TestHome
  ) async {
    await home.run { isolation in
      let log = Log<String>()
      let store = style.make(StoreOptions(middlewareLog: log), isolation)
      store.dispatch(.increment)
      let first = store.addLoggingMiddleware("first", log)
      let second = store.addLoggingMiddleware("second", log)
      log.entries.removeAll()
      store.dispatch(.add(2))
      #expect(
        log.entries == [
          "a before add(2)", "b before add(2)", "first add(2)", "second add(2)", "b after add(2)",
          "a after add(2)",
        ])
      first.remove()
      first.remove()
      log.entries.removeAll()
      store.dispatch(.bumpOther)
      #expect(
        log.entries == [
          "a before bumpOther", "b before bumpOther", "second bumpOther",
          "b after bumpOther", "a after bumpOther",
        ])
      second.remove()
      #expect(!second.isActive)
      log.entries.removeAll()
      store.dispatch(.increment)
      #expect(
        log.entries == [
          "a before increment", "b before increment", "b after increment",
          "a after increment",
        ])
      #expect(store.state() == ConformanceState(count: 4, other: 1))
    }
  }

  /// A store made with no middleware gets one at run time, and loses it again.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aStoreMadeWithoutMiddlewaresTakesOneAtRunTime(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let log = Log<String>()
      let store = style.make(StoreOptions(), isolation)
      let added = store.addLoggingMiddleware("debug", log)
      store.dispatch(.increment)
      added.remove()
      store.dispatch(.increment)
      #expect(log.entries == ["debug increment"])
      #expect(store.state().count == 2)
    }
  }
}

@Suite struct RefusedInsideAReducerContract {
  /// Cancelling a subscription (releasing a token, calling a listener's `Unsubscribe`) from
  /// inside a reducer stops with the fix, as dispatching, reading and subscribing there do.
  /// (Redux JS throws when `unsubscribe` is called while reducing.)
  @Test(arguments: StyleAdapter.all.map(\.name))
  func unsubscribingInsideAReducerStopsWithTheFix(styleName: String) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      [styleName] in
      await MainActor.run {
        StyleAdapter.all.first { $0.name == styleName }?.unsubscribeInsideReducer()
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    let style = StyleAdapter.all.first { $0.name == styleName }
    #expect(message.contains(style?.wordsOfItsMessages.unsubscribe ?? "?"), "\(message)")
  }

  /// Sending to the store from inside its reducer (a commit inside a mutation) stops with a
  /// message in the style's own words, and the style's fix: a dispatch from a middleware or a
  /// thunk, a second commit after the first, an effect returned by the reducer.
  @Test(arguments: StyleAdapter.all.map(\.name))
  func sendingInsideAReducerStopsWithTheStylesOwnFix(styleName: String) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      [styleName] in
      await MainActor.run {
        StyleAdapter.all.first { $0.name == styleName }?.sendInsideReducer()
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    let words = StyleAdapter.all.first { $0.name == styleName }?.wordsOfItsMessages
    #expect(message.contains(words?.send ?? "?"), "\(message)")
    #expect(message.contains(words?.fix ?? "?"), "\(message)")
  }
}

/// The functional style's listener middleware is a `Middleware`, so it works in every style.
@Suite struct ListenerMiddlewareContract {
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aListenerRunsAfterTheReducerOnTheStoresActorAndItsDispatchArrives(
    style: StyleAdapter, home: TestHome
  ) async {
    await home.run { isolation in
      let log = Log<String>()
      let store = style.make(StoreOptions(listening: (isolation, log)), isolation)
      store.dispatch(.increment)
      #expect(
        log.entries == ["increment seen at count 1, on the store's actor"],
        "an effect starts inside the dispatch, after the reducer, and runs to its first await")
      #expect(store.state().count == 1, "what it dispatches after an await arrives later")
      for _ in 0..<5_000 where store.state().count != 101 { try? await Task.sleep(for: .milliseconds(1)) }
      #expect(log.entries == ["increment seen at count 1, on the store's actor"])
      #expect(store.state().count == 101)
    }
  }

  /// Redux Toolkit's order: each matching listener's effect starts inside `dispatch`, in the
  /// order of the actions, and runs up to its first `await` before `dispatch` returns; a burst
  /// of 10,000 actions needs no wait to see every run started, in order, on every home.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func effectsStartInsideDispatchInTheOrderOfTheActions(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let log = Log<String>()
      let store = style.make(StoreOptions(startOrderLog: log), isolation)
      let burst = 10_000
      for amount in 0..<burst { store.dispatch(.add(amount)) }
      let started = (0..<burst).map { Intent.add($0).description }
      #expect(log.entries == started, "every run started before its dispatch returned, in order")
      for _ in 0..<10_000 where log.entries.count < 2 * burst { try? await Task.sleep(for: .milliseconds(1)) }
      #expect(log.entries.count == 2 * burst, "and each went on after its await")
      withExtendedLifetime(store.object) {}
    }
  }

  /// Redux Toolkit's `clearListeners`: every run going on is cancelled, with the child tasks
  /// it forked, and nothing a cancelled run dispatches arrives; on every home.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func clearingTheListenersCancelsTheirRunsAndWhatTheyForked(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let probe = ForkingListenerProbe()
      let store = style.make(StoreOptions(forkingListener: probe), isolation)
      store.dispatch(.increment)
      for _ in 0..<5_000 where probe.log.entries.isEmpty { try? await Task.sleep(for: .milliseconds(1)) }
      #expect(probe.log.entries == ["child started"], "a forked child begins after the run's first await")
      probe.clear()
      for _ in 0..<5_000 where probe.log.entries.count < 3 { try? await Task.sleep(for: .milliseconds(1)) }
      #expect(Set(probe.log.entries) == ["child started", "child cancelled", "run cancelled"])
      #expect(store.state().count == 1, "a cancelled run dispatches nothing")
      store.dispatch(.increment)
      #expect(probe.log.entries.count == 3, "no listener is left")
    }
  }

  /// A store's work ends with the store: a listener's run still under way when the store goes
  /// is cancelled, and nothing it dispatches after arrives anywhere. (In the reducer/effect
  /// style the same holds for a child's effects when its state goes: NavigationTests.)
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aRunStillUnderWayIsCancelledWhenItsStoreGoes(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let log = Log<String>()
      var store: StoreUnderTest? = style.make(StoreOptions(waitingListener: log), isolation)
      weak let object = store?.object
      store?.dispatch(.increment)
      for _ in 0..<5_000 where log.entries.isEmpty { try? await Task.sleep(for: .milliseconds(1)) }
      #expect(log.entries == ["started"])
      store = nil
      #expect(object == nil, "a run under way does not keep its store alive")
      for _ in 0..<5_000 where log.entries.count < 2 { try? await Task.sleep(for: .milliseconds(1)) }
      #expect(log.entries == ["started", "cancelled"])
    }
  }
}
