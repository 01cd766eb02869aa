import FunctionalStore
import Testing

// How app-wide plugins reach stores: through the code that makes them, not a global.

/// Names each action it sees "<tag> <action>".
private struct TaggingPlugin: StorePlugin {
  let tag: String
  let seen: Locked<[String]>

  func prepare<State, Action>(_ store: inout StoreSetup<State, Action>) {
    let (tag, seen) = (tag, seen)
    store.add(
      Middleware { _, action, next in
        seen.withLock { $0.append("\(tag) \(action)") }
        next(action)
      })
  }
}

@MainActor
@Suite struct PluginTests {
  @Test func aStoreMadeInATaskStartedInsideGetsThePlugins() async {
    let seen = Locked<[String]>([])
    let plugins = StorePlugins(TaggingPlugin(tag: "app", seen: seen))
    let later = plugins.makingStores {
      Task { @MainActor in
        let store = createStore(reducer: counterReducer, initialState: 0)
        store.dispatch(.increment)
        return store.getState()
      }
    }
    #expect(await later.value == 1)
    createStore(reducer: counterReducer, initialState: 0).dispatch(.increment)  // made outside
    #expect(seen.withLock { $0 } == ["app increment"])
  }

  @Test func anInnerCallReplacesThePluginsOfTheOuterOne() {
    let seen = Locked<[String]>([])
    let outer = StorePlugins(TaggingPlugin(tag: "outer", seen: seen))
    let inner = StorePlugins(TaggingPlugin(tag: "inner", seen: seen))
    let (first, second) = outer.makingStores {
      (
        createStore(reducer: counterReducer, initialState: 0),
        inner.makingStores { createStore(reducer: counterReducer, initialState: 0) }
      )
    }
    first.dispatch(.increment)
    second.dispatch(.increment)
    #expect(seen.withLock { $0 } == ["outer increment", "inner increment"])
  }

  @Test func twoActorsMakeStoresWithTheirOwnPluginsAtOnce() async {
    let seen = Locked<[String]>([])
    await withTaskGroup(of: Void.self) { group in
      for tag in ["a", "b"] {
        group.addTask {
          await StorePlugins(TaggingPlugin(tag: tag, seen: seen)).makingStores {
            let store = createStore(reducer: counterReducer, initialState: 0)
            await Task.yield()
            store.dispatch(.increment)
          }
        }
      }
    }
    #expect(seen.withLock { $0.sorted() } == ["a increment", "b increment"])
  }

  /// A plugin's middleware runs inside the store's own, and a middleware added to the live
  /// store afterwards still joins (and leaves) the chain.
  @Test func pluginsRunInsideTheStoresOwnMiddlewaresAndAddedOnesStillJoin() {
    let seen = Locked<[String]>([])
    let own = Middleware<Int, CounterAction> { _, action, next in
      seen.withLock { $0.append("own \(action)") }
      next(action)
    }
    let store = StorePlugins(TaggingPlugin(tag: "plugin", seen: seen)).makingStores {
      createStore(reducer: counterReducer, initialState: 0, enhancer: applyMiddleware(own))
    }
    let added = store.addMiddleware(
      Middleware { _, action, next in
        seen.withLock { $0.append("added \(action)") }
        next(action)
      })
    store.dispatch(.increment)
    added.remove()
    store.dispatch(.decrement)
    #expect(
      seen.withLock { $0 }
        == ["own increment", "plugin increment", "added increment", "own decrement", "plugin decrement"])
    #expect(store.getState() == 0)
  }
}
