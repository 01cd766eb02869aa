// What a user writes: every line must compile.
import ClassStore
import EffectStore
import Foundation
import FunctionalStore
import IdentifiedCollections
import ReduxTesting

@MainActor func use() {
  let functional = createStore(reducer: tallyReducer, initialState: Tally())
  let effect = FeatureStore(initialState: Tally(), reducer: TallyFeature())
  let classBased = TallyStore(state: Tally())
  functional.dispatch(.add(1))
  effect.send(.add(1))
  classBased.add(1)
  let token = functional.subscribe(\.count) { print($0) }
  token.cancel()
  _ = effect.scope(state: \.count, action: { TallyAction.add($0) }).state
  _ = classBased.count + effect.count + functional.getState().count
}

/// A store owned by an actor of the user's: made in a method, used there synchronously.
actor Session {
  private var effect: FeatureStore<Tally, TallyAction>?
  private var functional: ReduxStore<Tally, TallyAction>?

  func start() {
    effect = FeatureStore(initialState: Tally(), reducer: TallyFeature())
    functional = createStore(reducer: tallyReducer, initialState: Tally())
    effect?.send(.add(1))
    functional?.dispatch(.add(1))
  }
}

/// A middleware as a global constant, as in Redux: made outside any actor, any store may use it.
let passThrough = Middleware<Tally, TallyAction> { _, action, next in next(action) }

@MainActor func useTheGlobalMiddleware() {
  FeatureStore(initialState: Tally(), reducer: TallyFeature(), middlewares: [passThrough]).send(.add(1))
}

/// An app's view model: its stores are stored-property defaults and a `lazy var`, where Swift
/// reports no actor; each gets a middleware at run time, and reports its subscriber count.
@MainActor final class TallyViewModel {
  let effect = FeatureStore(initialState: Tally(), reducer: TallyFeature())
  let functional = createStore(reducer: tallyReducer, initialState: Tally())
  lazy var classBased = TallyStore(state: Tally())

  func addDebugLogging() {
    let added = effect.addMiddleware(.logging(label: "debug"))
    functional.addMiddleware(passThrough)
    classBased.addMiddleware(.logging(label: "class"))
    added.remove()
    _ = effect.subscriberCount + functional.subscriberCount + classBased.subscriberCount
  }
}

struct Draft: Codable, Sendable { var text = ""; var isSaving = false }

/// Persistence as an app with an extension writes it: private files, a transient flag, the
/// answer to another process's save, and a reader that only follows.
func persistDrafts(at url: URL) async throws {
  let persistence = StatePersistence<Draft>(
    fileURL: url, transient: [.reset(\.isSaving, to: false)], fileMode: 0o600)
  _ = persistence.load(orInitial: Draft()) { problem in print(problem) }
  do throws(PersistenceError) {
    try await persistence.flush()
  } catch .changedByAnotherWriter {
    _ = try persistence.reload()
  } catch {
    throw error
  }
  try await persistence.overwrite()
  for await draft in StateFileReader<Draft>(fileURL: url).changes() { print(draft.text) }
}

/// A TCA user's list: `IdentifiedArrayOf` (also named through `IdentifiedCollections`, imported
/// beside every style), `ForEachElement`, element child stores, the test clock and diffs.
struct Line: Identifiable, Equatable, Sendable {
  let id: Int
  var done = false
}
struct Lines: Equatable, Sendable {
  var lines: IdentifiedArrayOf<Line> = [Line(id: 1)]
}
enum LinesAction: Equatable, Sendable {
  case line(id: Int, action: Bool)
}
@MainActor func useLists() async {
  let lines = ForEachElement(\Lines.lines, action: LinesAction.line) {
    if case .line(let id, let done) = $0 { (id, done) } else { nil }
  } child: {
    Reduce<Line, Bool> { line, done in
      line.done = done
      return .none
    }
  }
  let store = FeatureStore(initialState: Lines(), reducer: lines)
  let rows: [ScopedStore<Line, Bool>] = store.scope(forEach: \.lines, action: LinesAction.line)
  rows.first?.send(true)
  let other: IdentifiedCollections.IdentifiedArrayOf<Line> = store.state.lines
  _ = other.ids.contains(1)
  let clock = TestClock()
  await clock.advance(by: .seconds(1))
  _ = diff(Lines(), store.state)
}

/// A secret in the state and in an action: read and written as its value, printed as the mark.
struct Credentials: Equatable, Sendable, Codable {
  @Redacted var token = ""
}
enum CredentialsAction: Sendable {
  case set(Redacted<String>)
}
func useRedaction() throws -> String {
  var credentials = Credentials()
  credentials.token = "t0k3n"
  let action = CredentialsAction.set(Redacted(wrappedValue: credentials.token))
  let encoder = JSONEncoder()
  encoder.userInfo[.redactsSensitiveValues] = true
  return "\(credentials) \(action) \(credentials.$token) "
    + String(decoding: try encoder.encode(credentials), as: UTF8.self)
}

/// A row's view reading its row by id, generic code over any style's store (`StateStore`), a
/// child scoped from a child, and what every test store shares.
@MainActor func useRowsAndTestStores() async {
  let store = FeatureStore(initialState: Lines(), reducer: EmptyReducer<Lines, LinesAction>())
  _ = store.state(\.lines, id: 1)?.done
  func count<S: StateStore<Tally, TallyAction>>(_ store: S) -> Int { store.state(\.count) }
  _ = count(FeatureStore(initialState: Tally(), reducer: TallyFeature()))
  let child = FeatureStore(initialState: Lines(), reducer: EmptyReducer<Lines, LinesAction>())
    .scope(state: \.lines, action: { (_: Bool) in LinesAction.line(id: 1, action: true) })
  _ = child.scope(state: \.count, action: { (_: Bool) in true }).state
  let test = ReduxTestStore(reducer: tallyReducer, initialState: Tally(), extraArgument: 5)
  let plain = Thunk<Tally, TallyAction, Void> { dispatch, _ in dispatch(.add(1)) }
  await test.dispatch(ThunkWithExtra(plain)) { $0.count = 1 }
  await test.receive("an addition", where: { if case .add = $0 { true } else { false } }, timeout: .zero)
  await test.skipReceivedActions(strict: false)
  await test.finish(timeout: .seconds(1))
  let commits = CommitTestStore(TallyStore(state: Tally()))
  await commits.call({ $0.add(2) }) { $0.count = 2 }
  await commits.finish(timeout: .seconds(1))
}

/// A feature composed in `body`, a row store in a generic `Identifiable` context (as SwiftUI's
/// `ForEach` takes it), a test store made with a trailing closure, and `receive` by case for
/// an action that is not `Equatable`.
struct LinesBoard: Reducer {
  var body: some Reducer<Lines, LinesAction> {
    ForEachElement(\.lines, action: LinesAction.line) {
      if case .line(let id, let done) = $0 { (id, done) } else { nil }
    } child: {
      Reduce<Line, Bool> { line, done in
        line.done = done
        return .none
      }
    }
  }
}
enum Loaded: Sendable { case result(Result<Int, any Error>) }
@MainActor func useBodyRowIdentityAndReceiveByCase() async {
  let store = FeatureStore(initialState: Lines(), reducer: LinesBoard())
  func ids<Rows: Collection>(_ rows: Rows) -> [Rows.Element.ID] where Rows.Element: Identifiable {
    rows.map(\.id)
  }
  _ = ids(store.scope(forEach: \.lines, action: LinesAction.line))
  let test = FeatureTestStore(initialState: Tally()) {
    Reduce<Tally, Loaded> { tally, action in
      if case .result(.success(let count)) = action { tally.count = count }
      return .none
    }
  }
  await test.receive({ Loaded.result(.success($0)) }, timeout: .zero) { $0.count = 1 }
  await test.receive(Loaded.result, timeout: .zero)
  await test.finish()
}

/// A shared value, as a feature's state holds it: read plainly, written with `withLock`, a part
/// handed to a child, and described in a test store's assertion.
struct SharedRow: Identifiable, Equatable, Sendable { let id: Int; var count = 0 }
struct SharedRows: Equatable, Sendable {
  @Shared(.inMemory("rows")) var rows: IdentifiedArrayOf<SharedRow> = []
}
@MainActor func sharedValues() async {
  let state = SharedRows()
  state.$rows.withLock { $0.append(SharedRow(id: 1)) }
  let first: Shared<SharedRow>? = Shared(state.$rows[id: 1])
  _ = first?.count
  let test = FeatureTestStore(initialState: SharedRows()) {
    Reduce<SharedRows, Int> { state, _ in
      state.$rows.withLock { $0.removeAll() }
      return .none
    }
  }
  await test.send(1) { $0.$rows.withLock { $0 = [] } }
}
