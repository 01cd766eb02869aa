import Observation
import ReduxQuery
import ReduxTesting
import Testing

@MainActor
@Suite struct ObservedQueryTests {
  @Test func itShowsLoadingThenTheDataAndTellsItsObserver() async throws {
    let fixture = Fixture()
    fixture.backend.hold()
    let post = fixture.store.observeQuery(fixture.getPost, 1)
    #expect(post.isLoading)
    #expect(post.data == nil)
    let told = Events()
    withObservationTracking {
      _ = post.result
    } onChange: {
      told.append("result")
    }
    fixture.backend.release()
    await waitUntil { post.isSuccess }
    #expect(post.data == Post(id: 1, title: "One"))
    #expect(post.currentData == post.data)
    #expect(told.all == ["result"])
  }

  @Test func itMakesOneRequestAndCancelsNone() async throws {
    let fixture = Fixture()
    fixture.backend.hold()
    let post = fixture.store.observeQuery(fixture.getPost, 1)
    post.argument = 1
    await waitUntil { fixture.backend.total == 1 }
    fixture.backend.release()
    await waitUntil { post.isSuccess }
    #expect(fixture.backend.total == 1)
    #expect(fixture.backend.cancellations == 0)
  }

  @Test func itIsNotToldOfAnotherEntry() async throws {
    let fixture = Fixture()
    let one = fixture.store.observeQuery(fixture.getPost, 1)
    await waitUntil { one.isSuccess }
    let told = Events()
    withObservationTracking {
      _ = one.result
    } onChange: {
      told.append("one")
    }
    let two = fixture.store.observeQuery(fixture.getPost, 2)
    await waitUntil { two.isSuccess }
    fixture.store.updateQueryData(fixture.getPost, 2) { $0.title = "Deux" }
    #expect(told.all.isEmpty)
    fixture.store.updateQueryData(fixture.getPost, 1) { $0.title = "Un" }
    #expect(told.all == ["one"])
    #expect(one.data?.title == "Un")
  }

  @Test func aNewArgumentMovesItToAnotherEntryAndKeepsTheLastDataMeanwhile() async throws {
    let fixture = Fixture()
    let post = fixture.store.observeQuery(fixture.getPost, 1)
    await waitUntil { post.isSuccess }
    fixture.backend.hold()
    post.argument = 2
    #expect(post.isLoading)
    #expect(post.currentData == nil)
    #expect(post.data == Post(id: 1, title: "One"))
    fixture.backend.release()
    await waitUntil { post.isSuccess }
    #expect(post.data == Post(id: 2, title: "Two"))
  }

  @Test func aNilArgumentSkipsTheQuery() async throws {
    let fixture = Fixture()
    let post = fixture.store.observeQuery(fixture.getPost, nil)
    await settle()
    #expect(post.result.isUninitialized)
    #expect(fixture.backend.total == 0)
    post.argument = 1
    await waitUntil { post.isSuccess }
    #expect(fixture.backend.total == 1)
  }

  @Test func releasingItLetsGoOfTheEntry() async throws {
    let fixture = Fixture(keepUnusedDataFor: .seconds(1))
    var post: ObservedQuery<CacheTestState, Int, Post>? = fixture.store.observeQuery(fixture.getPost, 1)
    await waitUntil { post?.isSuccess == true }
    post = nil
    await waitUntil { fixture.clock.sleeperCount == 1 }
    await fixture.clock.advance(by: .seconds(1))
    await waitUntil { fixture.store.getState().api.queries.isEmpty }
    #expect(fixture.store.getState().api.queries.isEmpty)
  }
}
