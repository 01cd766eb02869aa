/// One measured situation, run for the floor and for every style that has it.
struct Scenario: Sendable {
  let id: String
  let title: String
  /// How many subscribers, skipped or called, for the per-subscriber figures.
  let subscribers: Int
  /// Whether the allocation count of this scenario must be zero (checked in CI).
  let mustNotAllocate: Bool
  /// Whether valgrind can count it: work spread over concurrency's threads (S8b) makes
  /// valgrind's own scheduler fail, so that scenario is timed only.
  var allocationsCountable = true

  static let all: [Scenario] = [
    Scenario(
      id: "F", title: "floor: the reducer through a function value", subscribers: 0, mustNotAllocate: true),
    Scenario(id: "S1", title: "store, no subscriber, no middleware", subscribers: 0, mustNotAllocate: true),
    Scenario(id: "S2", title: "1 subscriber to the whole state", subscribers: 1, mustNotAllocate: false),
    Scenario(id: "S3", title: "10 subscribers to the whole state", subscribers: 10, mustNotAllocate: false),
    Scenario(id: "S4", title: "3 pass-through middlewares", subscribers: 0, mustNotAllocate: true),
    Scenario(
      id: "S4d", title: "S4 with the 3 middlewares added to the live store", subscribers: 0,
      mustNotAllocate: true),
    Scenario(
      id: "S5", title: "100 subscribers of a field that does not change", subscribers: 100,
      mustNotAllocate: true),
    Scenario(
      id: "S6", title: "10,000-element array, one element replaced", subscribers: 0, mustNotAllocate: true),
    Scenario(
      id: "S6w", title: "S6 with one subscriber to the whole state", subscribers: 1,
      mustNotAllocate: true),
    Scenario(
      id: "S6W", title: "S6w with 100,000 elements", subscribers: 1, mustNotAllocate: true),
    Scenario(
      id: "P1", title: "S1 with StatePersistence attached (one write per burst)", subscribers: 0,
      mustNotAllocate: true),
    Scenario(
      id: "S1a", title: "(class-based) S1 through a method marked action { }, no hook", subscribers: 0,
      mustNotAllocate: true),
    Scenario(
      id: "S1sl", title: "(functional) S1 written with a slice: a case reducer and its action creator",
      subscribers: 0, mustNotAllocate: true),
    Scenario(
      id: "S1h", title: "(class-based) S1a with one action hook installed", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "MA5", title: "(functional) five action types handled alike, matched by isAnyOf in addMatcher",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "MA5s", title: "(functional) MA5 written as a switch whose one case lists the five creators",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "LS0", title: "(functional) S1 with a listener middleware of 10 listeners, none matching",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "LS1", title: "(functional) S1 with one listener matching each action, its effect ending at once",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "AB0", title: "(functional) 10 listeners, each told of every action (the baseline of AB1)",
      subscribers: 10, mustNotAllocate: false),
    Scenario(
      id: "Q0r", title: "(reference) a view's read of a plain state field, `store.state(\\.count)`, tracked",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "Q0", title: "(query cache) a view's read of a cached entry, an ObservedQuery's `data`, tracked",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "Q2r",
      title: "(reference) a subscription token, `store.subscribe(\\.count) { … }`, made, told once and ended",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "Q2",
      title: "(query cache) a subscription to a cached entry, made and ended (a burst of 100 = 100)",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "AB1", title: "(functional) AB0 with the actions low priority, auto-batched: told once per burst",
      subscribers: 10, mustNotAllocate: false),
    Scenario(
      id: "H1", title: "S1 with a StoreHistory (undo) of the whole state attached", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "LI0", title: "S1 with a LiveInspector connected to a server that reads every step",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "LI2",
      title: "S1 with a LiveInspector and no server: its thread encodes what it can and drops the oldest",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "LI0p", title: "(class-based) S1p, a payload commit, with LI0's connected LiveInspector",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "H1r", title: "H1 after an undo to the start and the limit lowered to 10 under 50 redo steps",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "SH0", title: "(reducer/effect) a reducer writes a plain field (the baseline of SH1 to SH100)",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "SH1", title: "(reducer/effect) a reducer writes a shared value (withLock) that one store holds",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "SH10", title: "(reducer/effect) SH1 with the value held by 10 stores", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "SH100", title: "(reducer/effect) SH1 with the value held by 100 stores", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "SH1v",
      title: "(reducer/effect) SH1 with a view of the value in a second store, re-armed each time",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "SHr", title: "reference: an @Observable class's property written, no view", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "H6", title: "S6 with a StoreHistory of the whole state (its steps share the array)",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "H6p", title: "S6 with a StoreHistory of one field (count), not of the array", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "L1", title: "S1 with the diff logger writing to a sink that drops each line", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "L6", title: "S6 with the diff logger: one changed element of 10,000 found and described",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "P2",
      title: "one save, whole: encode, check no other writer changed the file, write, fsync, rename",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "P2r",
      title: "reference: the same JSON written with Foundation's atomic write (no lock, check, fsync)",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "U1", title: "subscribe, then cancel newest first, 2,000 at a time (per subscription)",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "U2", title: "subscribe, then cancel newest first, 20,000 at a time (per subscription)",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "U1s", title: "U1's subscriptions made, then let go with their store, not cancelled",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "S5d", title: "100 subscribers of 100 distinct stored fields that do not change",
      subscribers: 100, mustNotAllocate: true),
    Scenario(
      id: "S5c", title: "100 subscribers of 100 distinct computed key paths (\\.values[i])",
      subscribers: 100, mustNotAllocate: true),
    Scenario(
      id: "S5s", title: "100 subscribers of 100 distinct closure selectors", subscribers: 100,
      mustNotAllocate: true),
    Scenario(
      id: "S1w", title: "S1 on the 100-field state of S5d, S5c and S5s", subscribers: 0,
      mustNotAllocate: true),
    Scenario(
      id: "S7", title: "withObservationTracking re-armed after each change", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "S7f", title: "S7 with the view reading one field (store.count)", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "S7r", title: "reference: an @Observable class, 1 view of a property it changes",
      subscribers: 1, mustNotAllocate: false),
    Scenario(
      id: "R1", title: "read store.state.count, then dispatch (a view, untracked)", subscribers: 0,
      mustNotAllocate: true),
    Scenario(id: "R2", title: "read store.state.count (per read)", subscribers: 0, mustNotAllocate: true),
    Scenario(id: "R3", title: "read store.count (per read)", subscribers: 0, mustNotAllocate: true),
    Scenario(
      id: "R2r", title: "reference: read an @Observable class's stored property (per read)",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "V1", title: "10 views of a field no action changes, a dispatch changing another",
      subscribers: 10, mustNotAllocate: true),
    Scenario(
      id: "V4", title: "a view of three fields (store.count, .other, .values), re-armed, then a dispatch",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "V4r", title: "reference: V4's view of an @Observable view model's three properties",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "V1w", title: "S1 on the 100-field state of S5d, no view (the reference for V1d)",
      subscribers: 0, mustNotAllocate: true),
    Scenario(
      id: "V1d", title: "10 views, each of a different field no action changes, on V1w",
      subscribers: 0, mustNotAllocate: true),
    Scenario(
      id: "V1n", title: "10 views, each of its own field of an 11-number state, a dispatch changing another",
      subscribers: 0, mustNotAllocate: true),
    Scenario(
      id: "V1n1", title: "V1n with its 10 views all of one field, f0: V1n's reference in its own store",
      subscribers: 0, mustNotAllocate: true),
    Scenario(
      id: "V1nr", title: "reference: V1n's state as an @Observable class, a change to another property",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "W1r",
      title: "reference: a todo screen as @Observable models (10,000 rows, 50 shown), per user action",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "W1", title: "a todo screen (10,000 rows, 50 shown, each row's view watching it), per user action",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "W1k", title: "W1 with each row read through a key path subscript (state(\\.todos[id: id]))",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "W1s", title: "(reducer/effect) W1 with a row store per row view (scope(forEach:id:action:))",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "V3r",
      title: "reference: W1r's screen, 50 row views, a change to another property (per change)",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "V3", title: "W1's screen, 50 row views (by id), a dispatch changing no row (per dispatch)",
      subscribers: 0, mustNotAllocate: true),
    Scenario(
      id: "V2r", title: "reference: an @Observable class, 10 views of a property it changes",
      subscribers: 10, mustNotAllocate: false),
    Scenario(
      id: "V2", title: "10 views of the field a dispatch changes, re-armed after each change",
      subscribers: 10, mustNotAllocate: false),
    Scenario(
      id: "S8a", title: "an effect that sends a follow-up at once", subscribers: 0, mustNotAllocate: true),
    Scenario(
      id: "C1", title: "a send to a child store, one Scope level", subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "E1", title: "(functional) one of 10,000 entities changed, then a memoized selector read 100 times",
      subscribers: 0, mustNotAllocate: false,
      // Milliseconds per operation: counted under valgrind, the check's 3,000 runs would take
      // many minutes; its figure is the timed one, and its recomputations are verified.
      allocationsCountable: false),
    Scenario(
      id: "E1r", title: "E1 without the selector's memo: the derived value computed at each read",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "N1", title: "C1 into a sheet: a send to the child store of optional state (IfLet)",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "N2", title: "C1 into the top of a 10-deep navigation stack (StackState, ForEachElement)",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "N2w", title: "N2 with the top screen watched, as its view watches it (one subscriber)",
      subscribers: 1, mustNotAllocate: false),
    Scenario(
      id: "N3",
      title:
        "a push onto a 10-deep stack and its pop (StackAction), each screen presenting a sheet (per pair)",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "C2a", title: "1,000 rows, 10 live element children observed, one row changed", subscribers: 10,
      mustNotAllocate: true),
    Scenario(
      id: "C2", title: "C2a with 1,000 live element children", subscribers: 1_000, mustNotAllocate: false),
    Scenario(
      id: "C2b", title: "C2a with 10,000 rows", subscribers: 10, mustNotAllocate: true),
    Scenario(
      id: "C2c", title: "C2a with 100,000 rows", subscribers: 10, mustNotAllocate: true),
    Scenario(
      id: "C8a", title: "one row of 100 written by the parent reducer ([id:]), 50 live row stores observed",
      subscribers: 50, mustNotAllocate: false),
    Scenario(
      id: "C8", title: "C8a with 10,000 rows", subscribers: 50, mustNotAllocate: false),
    Scenario(
      id: "C8c", title: "C8a with 100,000 rows", subscribers: 50, mustNotAllocate: false),
    Scenario(
      id: "C7d", title: "reference: one row of 10,000 changed in the list's reducer, no child store",
      subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "C7", title: "C7d's change through ForEachElement", subscribers: 0, mustNotAllocate: true),
    Scenario(
      id: "C3a", title: "1,000 rows, no child store, an action that touches no row", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "C3", title: "C3a with 1,000 live element children observed", subscribers: 1_000,
      mustNotAllocate: false),
    Scenario(
      id: "C4a", title: "reference: a nested change written flat in one reducer", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "C4", title: "the same change through three nested Scopes", subscribers: 0, mustNotAllocate: false),
    Scenario(
      id: "C4b", title: "C4 written in `var body`, built again for every action", subscribers: 0,
      mustNotAllocate: true),
    Scenario(
      id: "C4r", title: "C4 with the cases found by reflection (the deprecated short form)", subscribers: 0,
      mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "C5a", title: "reference: one element write in a 10,000-element array", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "C5", title: "one element write through [id:] in a 10,000-row IdentifiedArrayOf", subscribers: 0,
      mustNotAllocate: false),
    Scenario(
      id: "T", title: "reference: a Task hopping off the main actor and back, awaited", subscribers: 0,
      mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "T2", title: "reference: T, with one call back onto the main actor", subscribers: 0,
      mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "C5p", title: "C5 through index(id:) and the position, as ForEachElement writes",
      subscribers: 0, mustNotAllocate: true),
    // C6 takes milliseconds an operation: far too slow to count under valgrind.
    Scenario(
      id: "C6", title: "10,000 rows: remove one by id, insert it at the top, move it to the end",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "S8b", title: "a .run effect, started and awaited", subscribers: 0, mustNotAllocate: false,
      allocationsCountable: false),
    Scenario(
      id: "S8p", title: "an action plan of two .run steps, each sending an action, awaited",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "S8d", title: "S8b, the store made as a @MainActor view model's property default",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "S8q", title: "S8b, sent from a listener during another dispatch, its task awaited",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "X1", title: "S1 through a test store, every change asserted (send + closure + compare)",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "S1p", title: "S1 with a payload commit, commit(mutation:payload:)", subscribers: 0,
      mustNotAllocate: true),
    Scenario(
      id: "A1", title: "S1 with the store owned by an actor of its own, dispatched on it",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "M2", title: "A1's dispatches split between 2 actors, each owning a store, in parallel",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
    Scenario(
      id: "Mc", title: "A1's dispatches split between one actor per core, each owning a store",
      subscribers: 0, mustNotAllocate: false, allocationsCountable: false),
  ]
}

/// A store style, or the floor.
enum Style: String, CaseIterable, Sendable {
  case floor
  case functional
  case classBased = "class-based"
  case effect = "reducer/effect"
}

/// A scenario set up for one style: `run(n)` dispatches `n` actions; `verify()` checks the
/// final state against every dispatch made so far and returns what is wrong, if anything.
@MainActor
struct Runner {
  let run: @MainActor (Int) async -> Void
  let verify: @MainActor () -> String?
}

/// A scenario as one style implements it.
struct BenchmarkCase: Sendable {
  let scenario: Scenario
  let style: Style
  let make: @MainActor @Sendable () -> Runner

  var name: String { "\(scenario.id) \(style.rawValue)" }
}
