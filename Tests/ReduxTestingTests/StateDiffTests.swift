import EffectStore
import ReduxCore
import ReduxTesting
import Testing

/// What a failing state assertion prints, for each kind of value a state holds: the message is
/// CustomDump's diff of the state the test described against the one the store holds.
@MainActor
@Suite struct StateDiffTests {
  struct Row: Identifiable, Equatable {
    let id: Int
    var title: String
  }

  enum Loading: Equatable {
    case idle
    case loaded([String])
    case failed(reason: String)
  }

  final class Session: Equatable {
    let user: String
    var visits: Int
    init(user: String, visits: Int) {
      self.user = user
      self.visits = visits
    }
    static func == (lhs: Session, rhs: Session) -> Bool {
      lhs.user == rhs.user && lhs.visits == rhs.visits
    }
  }

  struct Screen: Equatable {
    var loading = Loading.idle
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "Write"), Row(id: 2, title: "Ship")]
    var session = Session(user: "ada", visits: 1)
    var tags: Set<String> = ["new"]
    var scores: [String: Int] = ["ada": 1]
  }

  enum Change: Equatable { case load, rename, visit, tag, score }

  struct Feature: Reducer {
    func reduce(into state: inout Screen, action: Change) -> Effect<Change> {
      switch action {
      case .load: state.loading = .loaded(["a", "b"])
      case .rename: state.rows[id: 2]?.title = "Ship it"
      case .visit: state.session = Session(user: "ada", visits: 2)
      case .tag: state.tags.insert("seen")
      case .score: state.scores["ada"] = 2
      }
      return .none
    }
  }

  /// Sends `change` with a wrong expectation, and returns the failure's message.
  func failure(of change: Change, expecting update: @escaping (inout Screen) -> Void) async -> String {
    let message = Locked("")
    let store = FeatureTestStore(initialState: Screen(), reducer: Feature())
    await expectFailures {
      await store.send(change, assert: update)
    } matching: { issue in
      message.withLock { $0 = issue.description }
      return true
    }
    return message.withLock { $0 }
  }

  @Test func anEnumCaseIsNamedWithItsPayload() async {
    let message = await failure(of: .load) { $0.loading = .failed(reason: "offline") }
    #expect(
      message.contains(
        """
        -   loading: .failed(reason: "offline"),
        +   loading: .loaded(
        +     [
        +       [0]: "a",
        +       [1]: "b"
        +     ]
        +   ),
        """))
    #expect(message.contains("(Expected: -, Actual: +)"))
  }

  @Test func theMessageNamesWhatDiffersByPathAsTheLogsDo() async {
    let message = await failure(of: .rename) { $0.rows[id: 2]?.title = "Ship now" }
    #expect(message.contains("What differs: rows[id: 2].title"), "\(message)")
  }

  @Test func aNestedCollectionShowsOnlyTheElementThatDiffers() async {
    let message = await failure(of: .rename) { $0.rows[id: 2]?.title = "Ship now" }
    #expect(
      message.contains(
        """
            rows: [
              [0]: StateDiffTests.Row(…),
              [1]: StateDiffTests.Row(
                id: 2,
        -       title: "Ship now"
        +       title: "Ship it"
              )
            ],
        """))
  }

  @Test func aClassIsShownByItsFields() async {
    let message = await failure(of: .visit) { $0.session = Session(user: "ada", visits: 3) }
    #expect(
      message.contains(
        """
        -   session: StateDiffTests.Session(
        -     user: "ada",
        -     visits: 3
        -   ),
        +   session: #1 StateDiffTests.Session(
        +     user: "ada",
        +     visits: 2
        +   ),
        """))
  }

  @Test func aSetIsComparedByMember() async {
    let message = await failure(of: .tag) { $0.tags.insert("old") }
    #expect(
      message.contains(
        """
            tags: Set([
        -     "old"
        +     "seen"
              … (1 unchanged)
            ]),
        """))
  }

  @Test func aDictionaryIsComparedByKey() async {
    let message = await failure(of: .score) { $0.scores["ada"] = 3 }
    #expect(
      message.contains(
        """
            scores: [
        -     "ada": 3
        +     "ada": 2
            ]
        """))
  }
}
