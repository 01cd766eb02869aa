import Foundation
import ReduxCore
import Testing

/// A saved file removed from outside (a user clearing the app's data, a test cleaning up) holds
/// no other writer's change: the next save writes it again, and the store says so once.
@MainActor
@Suite struct RemovedSavedFileTests {
  @Test func aSavedFileRemovedFromOutsideIsWrittenAgainAndSaidOnce() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    let persistence = StatePersistence<Counter>(fileURL: url)
    let initial = persistence.load(orInitial: Counter()) { _ in }
    var reported: [PersistenceError] = []
    let store = BareStore(
      initial, middlewares: [persistence.middleware { reported.append($0) }], reducer: mergingReducer)
    store.dispatch(.bumpOther)
    try await persistence.flush()
    #expect(savedCounter(at: url) == Counter(other: 1))

    try FileManager.default.removeItem(at: url)
    store.dispatch(.bumpOther)
    try await persistence.flush()
    #expect(savedCounter(at: url) == Counter(other: 2), "written again, not refused as stale")

    try FileManager.default.removeItem(at: url)
    store.dispatch(.bumpOther)
    try await persistence.flush()
    #expect(savedCounter(at: url) == Counter(other: 3))
    for _ in 0..<100 where reported.isEmpty { await Task.yield() }
    #expect(reported == [.removedFromOutside(url)], "said once, not per save")
    #expect("\(reported.first!)".contains("written again"))
  }

  @Test func aFileAnotherWriterChangedIsStillRefused() async throws {
    let folder = try TemporaryFolder()
    let url = folder.file("counter.json")
    let persistence = StatePersistence<Counter>(fileURL: url)
    let initial = persistence.load(orInitial: Counter()) { _ in }
    let store = BareStore(initial, middlewares: [persistence.middleware { _ in }], reducer: mergingReducer)
    store.dispatch(.bumpOther)
    try await persistence.flush()
    try Data("{\"schemaVersion\":1,\"state\":{\"count\":7,\"other\":0}}".utf8).write(to: url)
    store.dispatch(.bumpOther)
    await #expect(throws: PersistenceError.changedByAnotherWriter(url)) { try await persistence.flush() }
    #expect(savedCounter(at: url) == Counter(count: 7))
  }
}
