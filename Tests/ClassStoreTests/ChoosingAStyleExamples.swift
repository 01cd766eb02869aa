import ClassStore
import Testing

// The class-based samples of Docs/ChoosingAStyle.md.

struct CountAPI: Sendable {
  func fetch() async -> Int { 42 }
}

final class CounterPage: CommitStore<Int> {
  init() { super.init(state: 0) }

  func increment() { commit { $0 += 1 } }
  func load(from api: CountAPI) async {
    let value = await api.fetch()
    commit { $0 = value }
  }
}

@MainActor
@Suite struct ChoosingAStyleClassBased {
  @Test func sameScreen() async {
    let page = CounterPage()
    page.increment()
    await page.load(from: CountAPI())
    #expect(page.state == 42)
  }
}
