import Observation
import ReduxQuery

// Q0r, Q0, Q2r, Q2: the query cache on the path a screen takes. Q0 reads a cached entry the way
// a view does (an `ObservedQuery`'s `data`, tracked), against Q0r, a plain state field read the
// way a view does. Q2 is a burst of subscriptions to one cached entry (each made and ended),
// against Q2r, the store's own subscription token made and ended.

struct QueryBenchState {
  var api = QueryCacheState()
  var count = 0
}

struct QueryBenchRow: Equatable, Sendable {
  var id: Int
  var title: String
}

/// An API whose one query answers from memory: the figures are the cache's, not a network's.
let queryBenchAPI = QueryAPI(cache: \QueryBenchState.api)
let queryBenchRow = queryBenchAPI.query("row") { (id: Int) in QueryBenchRow(id: id, title: "Row \(id)") }

/// A store with the cache, its entries for ids `0..<entries` filled by hand.
@MainActor
func queryBenchStore(entries: Int) -> ReduxStore<QueryBenchState, PayloadAction> {
  let store = createStore(
    reducer: combineReducers(
      .slice(\QueryBenchState.api, queryBenchAPI.reducer),
      ReduxReducer { state, action in if action.type.name == "count/incremented" { state.count += 1 } }),
    initialState: QueryBenchState())
  for id in 0..<entries {
    store.upsertQueryData(queryBenchRow, id, QueryBenchRow(id: id, title: "Row \(id)"))
  }
  return store
}

@MainActor
func queryCases() -> [BenchmarkCase] {
  func scenario(_ id: String) -> Scenario { Scenario.all.first { $0.id == id }! }

  let plainFieldRead = BenchmarkCase(scenario: scenario("Q0r"), style: .functional) {
    let store = queryBenchStore(entries: 0)
    let sink = Sink()
    return Runner(
      run: { n in
        for _ in 0..<n {
          withObservationTracking {
            sink.calls &+= store.state(\.count)
          } onChange: {
          }
        }
      },
      verify: { expectCount(sink.calls, 0, "counts read") })
  }

  let cachedEntryRead = BenchmarkCase(scenario: scenario("Q0"), style: .functional) {
    let store = queryBenchStore(entries: 1)
    let row = store.observeQuery(queryBenchRow, 0)
    let sink = Sink()
    return Runner(
      run: { n in
        for _ in 0..<n {
          withObservationTracking {
            sink.calls &+= row.data?.id ?? 1
          } onChange: {
          }
        }
      },
      verify: { expectCount(sink.calls, 0, "ids read") })
  }

  let tokenBurst = BenchmarkCase(scenario: scenario("Q2r"), style: .functional) {
    let store = queryBenchStore(entries: 1)
    var made = 0
    return Runner(
      run: { n in
        var tokens: [Subscription] = []
        tokens.reserveCapacity(n)
        for _ in 0..<n { tokens.append(store.subscribe(\.count) { _ in }) }
        // An action before they end, as in an app: a token released before any is warned of.
        store.dispatch(ActionCreator<Void>("count/incremented")())
        made += tokens.count
        tokens.removeAll()
      },
      verify: {
        made > 0 && store.subscriberCount == 0 ? nil : "tokens made \(made), left \(store.subscriberCount)"
      })
  }

  let subscriptionBurst = BenchmarkCase(scenario: scenario("Q2"), style: .functional) {
    let store = queryBenchStore(entries: 1)
    var made = 0
    return Runner(
      run: { n in
        var subscriptions: [QuerySubscription] = []
        subscriptions.reserveCapacity(n)
        for _ in 0..<n { subscriptions.append(store.subscribe(to: queryBenchRow, 0)) }
        made += subscriptions.count
        subscriptions.removeAll()
      },
      verify: {
        let entry = store.queryResult(queryBenchRow, 0)
        return made > 0 && entry.isSuccess ? nil : "subscriptions made \(made), entry \(entry.status)"
      })
  }

  return [plainFieldRead, cachedEntryRead, tokenBurst, subscriptionBurst]
}
