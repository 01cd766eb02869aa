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
    await expectFailures {
      await store.call({ $0.add(3) }) { $0.points = 4 }
    } matching: { issue in
      issue.description.contains("-   points: 4,\n+   points: 3,")
    }
    await store.finish()
  }

  @Test func aCommitNotReceivedFailsAtFinish() async {
    let store = CommitTestStore(ScoreStore())
    await store.call({ $0.saveLater() })
    for await saved in store.store.states(\.saved) where saved { break }
    await expectFailures {
      await store.finish()
    } matching: { issue in
      issue.description.contains("never received: \"save()\"")
    }
  }

  @Test func aNameThatCannotMatchSaysWhichNameToUse() async {
    let store = CommitTestStore(ScoreStore())
    await store.call({ $0.saveLater() })
    for await saved in store.store.states(\.saved) where saved { break }
    await expectFailures {
      await store.receive("save") { $0.saved = true }
    } matching: { issue in
      issue.description.contains("next action that reached the reducer was \"save()\"")
        && issue.description.contains("receive(\"save()\")")
    }
    await store.finish()
  }

  @Test func receivingACommitThatNeverComesFails() async {
    let store = CommitTestStore(ScoreStore(), timeout: .milliseconds(20))
    await expectFailures {
      await store.receive("save()") { $0.saved = true }
    } matching: { issue in
      issue.description.contains("Expected to receive \"save()\"")
    }
    await store.finish()
  }
}
