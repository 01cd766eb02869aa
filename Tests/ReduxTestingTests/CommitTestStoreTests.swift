import ClassStore
import ReduxTesting
import Testing

@MainActor
@Suite struct CommitTestStoreTests {
  @Test func anExhaustiveTestOfMethodsAndAnAsyncMethod() async {
    let store = CommitTestStore(ScoreStore())
    await store.call({ $0.add(3) }) { $0.points = 3 }
    await store.call({ $0.addTwice(2) }) { $0.points = 7 }
    await store.call({ await $0.save() }) { $0.saved = true }
    await store.finish()
  }

  @Test func aCommitThatArrivesLaterIsReceivedByName() async {
    let store = CommitTestStore(ScoreStore())
    await store.call({ $0.saveLater() })
    await store.receive("save()") { $0.saved = true }
    await store.finish()
  }

  @Test func aWrongExpectedStateFails() async {
    let store = CommitTestStore(ScoreStore())
    await withKnownIssue {
      await store.call({ $0.add(3) }) { $0.points = 4 }
    } matching: { issue in
      issue.description.contains("points: expected 4, actual 3")
    }
    await store.finish()
  }

  @Test func aCommitNotReceivedFailsAtFinish() async {
    let store = CommitTestStore(ScoreStore())
    await store.call({ $0.saveLater() })
    for await saved in store.store.states(\.saved) where saved { break }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.description.contains("never received: \"save()\"")
    }
  }

  @Test func aNameThatCannotMatchSaysWhichNameToUse() async {
    let store = CommitTestStore(ScoreStore())
    await store.call({ $0.saveLater() })
    for await saved in store.store.states(\.saved) where saved { break }
    await withKnownIssue {
      await store.receive("save") { $0.saved = true }
    } matching: { issue in
      issue.description.contains("next action that reached the reducer was \"save()\"")
        && issue.description.contains("receive(\"save()\")")
    }
    await store.finish()
  }

  @Test func receivingACommitThatNeverComesFails() async {
    let store = CommitTestStore(ScoreStore(), timeout: .milliseconds(20))
    await withKnownIssue {
      await store.receive("save()") { $0.saved = true }
    } matching: { issue in
      issue.description.contains("Expected to receive \"save()\"")
    }
    await store.finish()
  }
}

@Suite struct StateDifferencesTests {
  struct Row: Identifiable, Equatable {
    let id: Int
    var title: String
  }

  struct Screen: Equatable {
    var name = ""
    var rows = IdentifiedArray<Row>()
    var tags: [String] = []
    var nested = Nested()
  }

  struct Nested: Equatable {
    var flag = false
    var count = 0
  }

  @Test func onlyTheDifferingPathsAreListed() {
    var expected = Screen()
    expected.rows = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
    expected.nested.count = 1
    var actual = expected
    actual.rows[id: 2]?.title = "B"
    actual.nested.count = 2
    actual.tags = ["x"]
    #expect(
      stateDifferences(expected, actual) == [
        "rows[id: 2].title: expected \"b\", actual \"B\"",
        "tags[0]: not expected, actual \"x\"",
        "nested.count: expected 1, actual 2",
      ])
  }

  @Test func missingAndExtraElementsByID() {
    let expected = IdentifiedArray([Row(id: 1, title: "a")])
    let actual = IdentifiedArray([Row(id: 2, title: "a")])
    #expect(
      stateDifferences(expected, actual) == [
        "state[id: 1]: expected Row(id: 1, title: \"a\"), actual missing",
        "state[id: 2]: not expected, actual Row(id: 2, title: \"a\")",
      ])
  }
}
