import ReduxCore
import Testing

// dispose() ends a store the same way in every style.

@Suite struct DisposeContract {
  /// `dispose()` ends what the store started, in every style: subscribers and listeners are not
  /// told again, streams finish, an action sent afterwards changes nothing; the state can still
  /// be read.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func disposeEndsSubscriptionsAndStreamsAndDropsLaterActions(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let seen = Log<Int>()
      let token = store.subscribeToCount { seen.append($0) }
      let heard = Log<Int>()
      let listening = ListenerLifetime(store.listenToCount(false) { heard.append($0) })
      let stream = store.states(.unbounded)
      store.dispatch(.increment)
      #expect(store.dispose())
      store.dispatch(.increment)
      #expect(store.state().count == 1)
      #expect(seen.entries == [1] && heard.entries == [1])
      var streamed: [Int] = []
      for await state in stream { streamed.append(state.count) }
      #expect(streamed == [0, 1])  // the state when it began, then each change, then its end
      _ = (token, listening)
    }
  }

  /// `dispose()` lets go of every middleware, the ones added to the live store (and by
  /// plugins) too: what they hold (a persistence's saver, which then writes) ends with them.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func disposeReleasesTheMiddlewaresAddedToTheLiveStore(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      let store = style.make(StoreOptions(), isolation)
      let middleware = addMiddlewareHoldingItsLog(to: store)
      store.dispatch(.increment)
      #expect(middleware.log()?.entries == ["added increment"])
      #expect(middleware.log() != nil)
      #expect(store.dispose())
      #expect(middleware.log() == nil)
      _ = middleware.added
    }
  }

  /// A subscriber may dispose of the store, or remove a middleware, while the action that told
  /// it is still in the middleware chain: the action finishes through the chain it entered, and
  /// that chain (with what its middlewares hold) is let go once the action is out of it.
  @Test(arguments: StyleAdapter.all, TestHome.all)
  func aChainLeftDuringADispatchFinishesTheActionThenGoes(style: StyleAdapter, home: TestHome) async {
    await home.run { isolation in
      for endsTheStore in [true, false] {
        let store = style.make(StoreOptions(), isolation)
        let middleware = addMiddlewareHoldingItsLog(to: store)
        var added: AddedMiddleware? = middleware.added
        let seenInTheDispatch = Log<String>()
        let token = store.subscribeToCount { count in
          guard count == 1 else { return }
          if endsTheStore {
            _ = store.dispose()
          } else {
            added?.remove()
            added = nil
          }
          for entry in middleware.log()?.entries ?? ["the chain went"] { seenInTheDispatch.append(entry) }
        }
        store.dispatch(.increment)
        #expect(seenInTheDispatch.entries == ["added increment"], "the chain stays while the action is in it")
        #expect(middleware.log() == nil, "let go once the action is out of the chain")
        store.dispatch(.increment)
        #expect(store.state().count == (endsTheStore ? 1 : 2))
        _ = token
      }
    }
  }

  /// Adds a logging middleware whose log only the middleware holds: the log, read through a
  /// weak reference, says whether the store still holds the middleware.
  func addMiddlewareHoldingItsLog(to store: StoreUnderTest) -> (
    added: AddedMiddleware, log: () -> Log<String>?
  ) {
    let log = Log<String>()
    let added = store.addLoggingMiddleware("added", log)
    return (added, { [weak log] in log })
  }
}
