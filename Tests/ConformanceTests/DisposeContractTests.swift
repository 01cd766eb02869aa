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
      weak var heldByTheMiddleware: Log<String>?
      var added: AddedMiddleware?
      do {
        let log = Log<String>()
        heldByTheMiddleware = log
        added = store.addLoggingMiddleware("added", log)
        store.dispatch(.increment)
        #expect(log.entries == ["added increment"])
      }
      #expect(heldByTheMiddleware != nil)
      #expect(store.dispose())
      #expect(heldByTheMiddleware == nil)
      _ = added
    }
  }
}
