public import ClassStore

/// A test store for the class-based style: call the store's methods and say how the state
/// changes; receive, in order, the commits that arrive later (from a task a method started, a
/// middleware's async work); end with `finish()`.
///
/// A method may commit several times; `call` checks the state after all of them.
///
/// ```swift
/// @MainActor @Test func loadingACount() async {
///   let store = CommitTestStore(CounterStore())
///   await store.call({ $0.increment() }) { $0.count = 1 }
///   await store.call({ await $0.load(from: CounterAPI(saved: 5)) }) { $0.count = 5 }
///   await store.finish()
/// }
/// ```
@MainActor
public final class CommitTestStore<Store: NonisolatedCommitStore<State>, State: Equatable>:
  TestStoreBase<State, Commit<State>>
{
  /// The store under test.
  public let store: Store

  /// Wraps a store made for the test; from now on, every commit that reaches its state is
  /// checked.
  ///
  /// ```swift
  /// let store = CommitTestStore(CounterStore())
  /// ```
  /// - Parameters:
  ///   - store: A new store, with no commit made yet.
  ///   - timeout: How long `receive` waits before failing.
  ///   - fileID: Where leftovers are reported if the test store goes away unfinished; leave the defaults.
  ///   - filePath: With `fileID`, the same place; leave the default.
  ///   - line: With `fileID`, the same place; leave the default.
  ///   - column: With `fileID`, the same place; leave the default.
  public init(
    _ store: Store, timeout: Duration = .seconds(1), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.store = store
    super.init(
      recording: store.engine, timeout: timeout, createdAt: TestLocation(fileID, filePath, line, column),
      describe: Self.describe)
  }

  /// Calls an action of the store (a method) and checks the state after every commit it made.
  ///
  /// ```swift
  /// let store = CommitTestStore(CounterStore())
  /// await store.call({ $0.add(5) }) { $0.count = 5 }
  /// ```
  /// - Parameters:
  ///   - action: Calls the method.
  ///   - update: How its commits should have changed the expected state, together.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func call(
    _ action: (Store) -> Void, assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await call(
      { store async in action(store) }, assert: update, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Calls an async action of the store, waits for it, and checks the state after every commit
  /// it made.
  ///
  /// ```swift
  /// let store = CommitTestStore(CounterStore())
  /// await store.call({ await $0.load(from: api) }) { $0.count = 5 }
  /// ```
  /// - Parameters:
  ///   - action: Calls the method.
  ///   - update: How its commits should have changed the expected state, together.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func call(
    _ action: @MainActor (Store) async -> Void, assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    guard core.prepareToAct("call", sourceLocation: TestLocation(fileID, filePath, line, column)) else {
      return
    }
    let before = store.engine.untrackedState
    await action(store)
    core.assertActedAll(
      "call", before: before, update: update, sourceLocation: TestLocation(fileID, filePath, line, column))
  }

  /// Waits for the next commit the test did not cause through `call`, checks its name (the
  /// method that committed it, `load(from:)`, unless it was given one), and checks its change.
  ///
  /// ```swift
  /// let store = CommitTestStore(CounterStore())
  /// await store.call({ $0.refresh() })
  /// await store.receive("refresh()") { $0.count = 7 }
  /// ```
  /// - Parameters:
  ///   - name: The commit's name.
  ///   - timeout: How long to wait for it.
  ///   - update: How the commit should have changed the expected state.
  ///   - fileID: The file a failure is reported in: the caller's; leave the default.
  ///   - filePath: That file's path; leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: Its column; leave the default.
  public func receive(
    _ name: String, timeout: Duration? = nil, assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await core.receive(
      "\"\(name)\"", matching: { $0.name == name }, timeout: timeout, update: update,
      sourceLocation: TestLocation(fileID, filePath, line, column)
    ) { commit in
      guard commit.name.hasPrefix(name) || name.hasPrefix(commit.name) else { return nil }
      return """
        Receive a commit by its name, as quoted here: receive("\(commit.name)"). A method's \
        commits are named after it, with its argument labels (`load(from:)`).
        """
    }
  }

  /// How failures show a commit: its name, which `receive` takes, then the payload it carried.
  private static func describe(_ commit: Commit<State>) -> String {
    commit.payload == nil ? "\"\(commit.name)\"" : "\"\(commit.name)\" (\(commit.description))"
  }
}
