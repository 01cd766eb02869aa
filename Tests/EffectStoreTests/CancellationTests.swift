import EffectStore
import Foundation
import ReduxTesting
import Testing

/// A row of a list whose `.load` effect waits, then reports; it ignores cancellation on
/// purpose (it still sends after being cancelled), so the store is what must drop the send.
struct LoadingRow: Reducer {
  struct State: Identifiable, Equatable, Sendable {
    var id: Int
    var loaded: [Int] = []
  }
  enum Action: Equatable, Sendable {
    case load(Int)
    case loaded(Int)
    case cancelLoad
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load(let value):
      return .run { send in
        // Waits until cancelled (the stream never yields), then sends anyway.
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        _ = continuation
        for await _ in stream {}
        await send(.loaded(value))
      }
      .cancellable(id: "load")
    case .loaded(let value):
      state.loaded.append(value)
      return .none
    case .cancelLoad:
      return .cancel(id: "load")
    }
  }
}

struct RowsState: Equatable, Sendable {
  var rows: IdentifiedArrayOf<LoadingRow.State> = []
}

enum RowsAction: Equatable, Sendable {
  case row(id: Int, action: LoadingRow.Action)
  case add(Int)
  case remove(Int)
  case loadEverything
}

struct Rows: Reducer {
  var body: some Reducer<RowsState, RowsAction> {
    CombineReducers {
      ForEachElement(\RowsState.rows, action: RowsAction.row) {
        if case .row(let id, let action) = $0 { (id, action) } else { nil }
      } child: {
        LoadingRow()
      }
      Reduce<RowsState, RowsAction> { state, action in
        switch action {
        case .add(let id): state.rows.append(LoadingRow.State(id: id))
        case .remove(let id): state.rows.remove(id: id)
        default: break
        }
        return .none
      }
    }
  }

  func reduce(into state: inout RowsState, action: RowsAction) -> Effect<RowsAction> {
    body.reduce(into: &state, action: action)
  }
}

@MainActor
@Suite struct CancellationTests {
  func makeStore(rows: [Int]) -> FeatureStore<RowsState, RowsAction> {
    let store = FeatureStore(initialState: RowsState(), reducer: Rows())
    for id in rows { store.send(.add(id)) }
    return store
  }

  /// A test store of rows with these ids: its `finish()` fails for any action that reached the
  /// reducer unasserted, so it proves that a dropped send never did.
  func makeTestStore(rows: [Int]) -> FeatureTestStore<RowsState, RowsAction> {
    FeatureTestStore(
      initialState: RowsState(rows: IdentifiedArrayOf(uniqueElements: rows.map { LoadingRow.State(id: $0) })),
      reducer: Rows())
  }

  @Test func aSendMadeAfterCancellationIsDropped() async {
    let store = makeTestStore(rows: [1])
    let task = await store.send(.row(id: 1, action: .load(7)))
    #expect(store.store.runningEffectCount == 1)
    await store.send(.row(id: 1, action: .cancelLoad))
    await task.finish()  // the work ended, and sent `.loaded(7)` on its way out
    await store.finish()
  }

  /// A send that reaches the main actor after the cancellation (it was on its way while the
  /// cancel ran) is dropped: here the work hands its `send` out, the test cancels, then delivers
  /// through it, which is exactly what a send in flight does when it arrives.
  @Test func aSendArrivingAfterCancellationIsDropped() async {
    struct Server: Reducer {
      let handOut: AsyncStream<Send<Int>>.Continuation
      func reduce(into state: inout Int, action: Int) -> Effect<Int> {
        if action == -1 { return .cancel(id: "work") }
        if action != 0 {
          state += action
          return .none
        }
        let handOut = handOut
        return .run { send in
          handOut.yield(send)
          await waitForCancellation()
        }
        .cancellable(id: "work")
      }
    }
    let (sends, handOut) = AsyncStream<Send<Int>>.makeStream()
    let store = FeatureStore(initialState: 0, reducer: Server(handOut: handOut))
    let task = store.send(0)
    var iterator = sends.makeAsyncIterator()
    guard let send = await iterator.next() else { return }
    await send(5)  // before cancellation: delivered
    store.send(-1)
    await send(100)  // after: dropped
    await task.finish()
    #expect(store.state == 5)
  }

  @Test func equalIDsInTwoRowsAreTwoEffects() async {
    let store = makeTestStore(rows: [1, 2])
    let first = await store.send(.row(id: 1, action: .load(1)))
    let second = await store.send(.row(id: 2, action: .load(2)))
    #expect(store.store.runningEffectCount == 2)
    await store.send(.row(id: 1, action: .cancelLoad))
    await first.finish()
    #expect(store.store.runningEffectCount == 1)  // row 2's "load" is still running
    await store.send(.row(id: 2, action: .cancelLoad))
    await second.finish()
    await store.finish()
  }

  @Test func removingAnElementCancelsItsEffects() async {
    let store = makeTestStore(rows: [1, 2])
    let first = await store.send(.row(id: 1, action: .load(1)))
    await store.send(.row(id: 2, action: .load(2)))
    await store.send(.remove(1)) { $0.rows.remove(id: 1) }
    await first.finish()
    #expect(store.store.runningEffectCount == 1)
    await store.send(.row(id: 2, action: .cancelLoad))
    await store.finish()
  }

  @Test func anElementAddedAgainWithTheSameIDStartsClean() async {
    let store = makeTestStore(rows: [1])
    let old = await store.send(.row(id: 1, action: .load(1)))
    await store.send(.remove(1)) { $0.rows = [] }
    await store.send(.add(1)) { $0.rows = [LoadingRow.State(id: 1)] }
    await old.finish()  // the old work sent `.loaded(1)` as it ended: dropped
    await store.finish()
  }

  @Test func theStoreGoingAwayCancelsAndDropsEverything() async {
    var store: FeatureStore<RowsState, RowsAction>? = makeStore(rows: [1])
    let task = store!.send(.row(id: 1, action: .load(1)))
    weak let released = store
    store = nil
    #expect(released == nil)
    await task.finish()
  }
}
