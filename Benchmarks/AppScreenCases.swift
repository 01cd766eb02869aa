import ClassStore
import EffectStore
import FunctionalStore
import Observation

// W1: the work of a real screen rather than one mechanism: a todo list of 10,000 rows with a
// filter, 50 rows on screen, each row's view watching its row as SwiftUI would
// (`withObservationTracking`, re-armed after it is told), and a user driving it. W1r is the same
// screen written as plain `@Observable` models, the way an app without a store would: the floor
// for this work.

/// One todo.
struct AppTodo: Identifiable, Equatable, Sendable {
  let id: Int
  var title = ""
  var isDone = false

  mutating func typeKey() { Benchmarks.typeKey(into: &title) }
}

enum AppFilter: Equatable, Sendable { case all, active, done }

/// The screen's state in the store styles.
struct AppScreenState: Equatable, Sendable {
  var todos = IdentifiedArrayOf(uniqueElements: (0..<appTodoCount).map { AppTodo(id: $0) })
  var filter = AppFilter.all
  var nextID = appTodoCount
}

/// What the user does, one action per keystroke or tap.
enum AppScreenAction: Equatable, Sendable {
  case type(id: Int)
  case toggle(id: Int)
  case filter(AppFilter)
  case add
  case removeLast
}

let appTodoCount = 10_000
let appVisibleRows = 50

/// The longest title the screen's text field takes.
let appTitleLength = 100

/// What a keystroke does to a row's title, in every style and in the reference: a text field of
/// at most `appTitleLength` characters, which starts over once full. (The script types 100 keys
/// per round, for as many rounds as a run takes: a title that grew for the whole run, to a
/// million characters, made a keystroke's cost depend on the run's length, since a store copies
/// the title it keeps to compare with while the reference appends in place.)
func typeKey(into title: inout String) {
  if title.utf8.count >= appTitleLength { title.removeAll(keepingCapacity: true) }
  title.append("x")
}

/// The one reducer every style runs.
func appScreenReduce(_ state: inout AppScreenState, _ action: AppScreenAction) {
  switch action {
  case .type(let id): state.todos[id: id]?.typeKey()
  case .toggle(let id): state.todos[id: id]?.isDone.toggle()
  case .filter(let filter): state.filter = filter
  case .add:
    state.todos.append(AppTodo(id: state.nextID))
    state.nextID += 1
  case .removeLast: state.todos.removeLast()
  }
}

/// The user's script, 225 actions: typing 100 characters into row 3, toggling 20 rows, switching
/// the filter 5 times (ending on "all"), adding 50 rows at the end and removing them. Each
/// action tells exactly one view: the row's view for a keystroke or a toggle (120), the list's
/// for a filter switch, an addition or a removal (105). The same in every style and in the
/// reference.
let appScript: [AppScreenAction] =
  Array(repeating: .type(id: 3), count: 100)
  + (0..<20).map { AppScreenAction.toggle(id: $0 * 2) }
  + [.filter(.active), .filter(.done), .filter(.all), .filter(.active), .filter(.all)]
  + Array(repeating: .add, count: 50) + Array(repeating: .removeLast, count: 50)
let appViewsToldPerScript = 225

/// The ids a list shows: the first `appVisibleRows` rows the filter lets through.
func visibleIDs(_ todos: some Sequence<AppTodo>, _ filter: AppFilter) -> [Int] {
  var ids: [Int] = []
  for todo in todos where filter == .all || (filter == .done) == todo.isDone {
    ids.append(todo.id)
    if ids.count == appVisibleRows { break }
  }
  return ids
}

/// A screen of views over some model: the list view and one view per visible row, each told
/// at most once per change and re-rendered (re-armed) after the action, as SwiftUI does. A row
/// that leaves the screen drops its view: if its old tracking fires later, nobody counts it.
@MainActor
final class AppScreenViews {
  let sink = Sink()
  private var listIsStale = true
  private var staleRows: Set<Int> = []
  private var shown: [Int: Int] = [:]
  private var nextView = 0
  /// Reads, tracked, what the list view depends on.
  private let trackList: () -> Void
  /// The visible ids, computed without tracking (as a `ForEach` over ids would).
  private let visible: () -> [Int]
  /// Reads what a row view shows.
  private let renderRow: (Int) -> Void

  init(
    list: @escaping () -> Void, visible: @escaping () -> [Int], row: @escaping (Int) -> Void
  ) {
    trackList = list
    self.visible = visible
    renderRow = row
  }

  /// Re-renders what was told since the last time (all of it, the first time).
  func render() {
    if listIsStale {
      listIsStale = false
      withObservationTracking {
        trackList()
      } onChange: { [weak self] in
        MainActor.assumeIsolated { self?.listWasTold() }
      }
      var now: [Int: Int] = [:]
      for id in visible() {
        if let view = shown[id] {
          now[id] = view
        } else {
          now[id] = nextView
          nextView += 1
          staleRows.insert(id)
        }
      }
      shown = now
    }
    for id in staleRows {
      guard let view = shown[id] else { continue }
      withObservationTracking {
        renderRow(id)
      } onChange: { [weak self] in
        MainActor.assumeIsolated { self?.rowWasTold(id, view: view) }
      }
    }
    staleRows.removeAll(keepingCapacity: true)
  }

  private func listWasTold() {
    sink.calls &+= 1
    listIsStale = true
  }

  private func rowWasTold(_ id: Int, view: Int) {
    guard shown[id] == view else { return }
    sink.calls &+= 1
    staleRows.insert(id)
  }
}

/// W1r: the same screen as `@Observable` models written by hand.
@Observable
@MainActor
final class AppTodoModel {
  let id: Int
  var title = ""
  var isDone = false
  init(id: Int) { self.id = id }
}

@Observable
@MainActor
final class AppScreenModel {
  var todos = (0..<appTodoCount).map { AppTodoModel(id: $0) }
  var filter = AppFilter.all
  @ObservationIgnored var byID: [Int: AppTodoModel] = [:]
  @ObservationIgnored var nextID = appTodoCount

  init() {
    for todo in todos { byID[todo.id] = todo }
  }

  func apply(_ action: AppScreenAction) {
    switch action {
    case .type(let id): if let todo = byID[id] { typeKey(into: &todo.title) }
    case .toggle(let id): byID[id]?.isDone.toggle()
    case .filter(let filter): self.filter = filter
    case .add:
      let todo = AppTodoModel(id: nextID)
      byID[nextID] = todo
      nextID += 1
      todos.append(todo)
    case .removeLast:
      let todo = todos.removeLast()
      byID[todo.id] = nil
    }
  }
}

/// The store styles' side of W1.
protocol AppScreenStore: StateStore where State == AppScreenState {
  func perform(_ action: AppScreenAction)
  static var style: Style { get }
  @MainActor static func make() -> Self
}

extension ReduxStore: AppScreenStore where State == AppScreenState, Action == AppScreenAction {
  static var style: Style { .functional }
  @MainActor static func make() -> Self {
    ReduxStore(reducer: ReduxReducer(appScreenReduce), initialState: AppScreenState()) as! Self
  }
  func perform(_ action: AppScreenAction) { dispatch(action) }
}

/// The class-based style's screen store: each user action commits the reducer's mutation with
/// the action as its payload (the spelling that allocates nothing per commit).
final class AppScreenClassStore: NonisolatedCommitStore<AppScreenState>, AppScreenStore {
  static var style: Style { .classBased }
  @MainActor static func make() -> Self { Self(state: AppScreenState(), isolation: MainActor.shared) }
  func perform(_ action: AppScreenAction) { commit(mutation: appScreenReduce, payload: action) }
}

struct AppScreenFeature: Reducer {
  func reduce(into state: inout AppScreenState, action: AppScreenAction) -> Effect<AppScreenAction> {
    appScreenReduce(&state, action)
    return .none
  }
}

extension FeatureStore: AppScreenStore where State == AppScreenState, Action == AppScreenAction {
  static var style: Style { .effect }
  @MainActor static func make() -> Self {
    FeatureStore(initialState: AppScreenState(), reducer: AppScreenFeature()) as! Self
  }
  func perform(_ action: AppScreenAction) { send(action) }
}

/// W1 for a store style: the list view reads the filter and the rows' ids, a row view its row
/// (`store.state(\.todos, id: id)`); W1k the same with the row read through a key path
/// subscript (`store.state(\.todos[id: id])`).
@MainActor
func appScreenCase<S: AppScreenStore>(_: S.Type, _ scenario: String = "W1") -> BenchmarkCase {
  BenchmarkCase(scenario: Scenario.all.first { $0.id == scenario }!, style: S.style) {
    let store = makeAppScreenStore(S.self)
    let readsBySubscript = scenario == "W1k"
    let views = storeScreenViews(store) { id in
      if readsBySubscript {
        _ = store.state(\.todos[id: id])
      } else {
        _ = store.state(\.todos, id: id)
      }
    }
    return appScreenRunner(views: views) { store.perform($0) }
  }
}

/// A store screen's views: the list view reads the rows' ids and the filter, a row view what
/// `row` reads.
@MainActor
func storeScreenViews<Store: StateStore>(_ store: Store, row: @escaping (Int) -> Void) -> AppScreenViews
where Store.State == AppScreenState {
  AppScreenViews(
    list: {
      _ = store.state(\.todos.ids)
      _ = store.filter
    },
    visible: {
      let state = store.engine.untrackedState
      return visibleIDs(state.todos, state.filter)
    },
    row: row)
}

/// The row stores of W1s's row views, by row id.
@MainActor
final class HeldRowStores {
  var stores: [Int: ScopedStore<AppTodo, AppScreenAction>] = [:]
}

/// W1s: the reducer/effect screen with a row store per row view, as a TCA app writes it
/// (`scope(forEach:id:action:)`, the view reading `row.title` and `row.isDone`); the parent's
/// reducer writes the rows.
@MainActor
func appScreenRowStoreCase() -> BenchmarkCase {
  BenchmarkCase(scenario: Scenario.all.first { $0.id == "W1s" }!, style: .effect) {
    let store = FeatureStore(initialState: AppScreenState(), reducer: AppScreenFeature())
    // What the row views hold, as a SwiftUI row view holds its store.
    let held = HeldRowStores()
    let views = storeScreenViews(store) { id in
      guard let row = store.scope(forEach: \.todos, id: id, action: { _, action in action }) else { return }
      held.stores[id] = row
      _ = (row.title, row.isDone)
    }
    return appScreenRunner(views: views) { store.send($0) }
  }
}

/// Makes a screen store on the main actor (called directly from generic code, `S.make()` returns
/// a store the compiler does not place on the caller's actor).
@MainActor
func makeAppScreenStore<S: AppScreenStore>(_: S.Type) -> S { S.make() }

/// W1r: the reference, plain `@Observable` models.
@MainActor
func appScreenReferenceCase() -> BenchmarkCase {
  BenchmarkCase(scenario: Scenario.all.first { $0.id == "W1r" }!, style: .floor) {
    let model = AppScreenModel()
    let views = AppScreenViews(
      list: {
        _ = model.todos
        _ = model.filter
      },
      visible: {
        visibleIDs(model.todos.lazy.map { AppTodo(id: $0.id, isDone: $0.isDone) }, model.filter)
      },
      row: { id in
        guard let todo = model.byID[id] else { return }
        _ = (todo.title, todo.isDone)
      })
    return appScreenRunner(views: views) { model.apply($0) }
  }
}

/// Runs the script over and over, one user action per "dispatch", re-rendering what was told
/// after each; checks that the views were told as often as the script says.
@MainActor
func appScreenRunner(views: AppScreenViews, perform: @escaping (AppScreenAction) -> Void) -> Runner {
  views.render()
  let start = views.sink.calls
  var done = 0
  let timesEachAction = AppActionTimes.isOn
  return Runner(
    run: { n in
      for index in done..<(done + n) {
        let action = appScript[index % appScript.count]
        let started = timesEachAction ? ContinuousClock.now : nil
        perform(action)
        views.render()
        if let started { AppActionTimes.record(action, took: ContinuousClock.now - started) }
      }
      done += n
    },
    verify: {
      let scripts = done / appScript.count
      // Each action tells one view, so a partial script tells as many as it has actions.
      let expected = scripts * appViewsToldPerScript + done % appScript.count
      return expectCount(views.sink.calls - start, expected, "views told")
    })
}

@MainActor
func appScreenCases() -> [BenchmarkCase] {
  [
    appScreenReferenceCase(),
    appScreenCase(ReduxStore<AppScreenState, AppScreenAction>.self),
    appScreenCase(AppScreenClassStore.self),
    appScreenCase(FeatureStore<AppScreenState, AppScreenAction>.self),
    appScreenCase(ReduxStore<AppScreenState, AppScreenAction>.self, "W1k"),
    appScreenCase(AppScreenClassStore.self, "W1k"),
    appScreenCase(FeatureStore<AppScreenState, AppScreenAction>.self, "W1k"),
    appScreenRowStoreCase(),
  ]
}
