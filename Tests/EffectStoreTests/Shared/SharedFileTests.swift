import EffectStore
import Foundation
import Observation
import Testing

@Suite struct SharedFileTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
  var file: URL { folder.appendingPathComponent("todos.json") }

  @Test func aFileValueSurvivesARestart() async throws {
    let file = file
    try await SharedStorage.$current.withValue(SharedStorage()) {
      @Shared(.file(file)) var todos: [Note] = []
      $todos.withLock { $0.append(Note(id: 1, title: "Plan")) }
      try await $todos.save()
    }
    // A new storage is a relaunch: the value comes from the file.
    SharedStorage.$current.withValue(SharedStorage()) {
      @Shared(.file(file)) var todos: [Note] = []
      #expect(todos == [Note(id: 1, title: "Plan")])
    }
  }

  @Test func aSecondWriterOfTheFileIsRefused() async throws {
    let file = file
    let errors = Locked<[PersistenceError]>([])
    let writer = SharedStorage()
    let stale = SharedStorage()
    @Shared var first: [Note]
    _first = SharedStorage.$current.withValue(writer) { Shared(wrappedValue: [], .file(file)) }
    $first.withLock { $0 = [Note(id: 1, title: "First")] }
    try await $first.save()
    SharedStorage.$current.withValue(stale) {
      @Shared(.file(file, onError: { error in errors.withLock { $0.append(error) } })) var second: [Note] = []
      // It reads what the writer saved, and its own writes are not saved over it.
      #expect(second == [Note(id: 1, title: "First")])
      $second.withLock { $0 = [] }
    }
    #expect(
      errors.withLock { $0 }.contains {
        if case .lockedByAnotherWriter = $0 { true } else { false }
      })
    let saved = try StateFileReader<[Note]>(fileURL: file).read()
    #expect(saved == [Note(id: 1, title: "First")])
  }

  @Test func aHolderThatDoesNotWriteTheFileSeesTheWritersSaves() async throws {
    let file = file
    let writer = SharedStorage()
    let reader = SharedStorage()
    let written = SharedStorage.$current.withValue(writer) { Shared<[Note]>(wrappedValue: [], .file(file)) }
    try await written.save()
    // Another writer holds the file: this one reads it again every 20 ms.
    let read = SharedStorage.$current.withValue(reader) {
      Shared<[Note]>(wrappedValue: [], .file(file, checkingEvery: .milliseconds(20), onError: { _ in }))
    }
    let told = Locked(false)
    withObservationTracking {
      _ = read.wrappedValue
    } onChange: {
      told.withLock { $0 = true }
    }
    written.withLock { $0 = [Note(id: 1, title: "Saved elsewhere")] }
    try await written.save()
    for _ in 0..<250 where read.wrappedValue.isEmpty {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(read.wrappedValue == [Note(id: 1, title: "Saved elsewhere")])
    #expect(told.withLock { $0 })
  }

  /// The follower once inherited the task-local storage that holds its value, so neither ever
  /// went: what the key holds (here its error handler) must be released with the value.
  @Test func aFollowedValueAndItsFollowerGoWithTheirStorage() async throws {
    final class Witness: Sendable {}
    let file = file
    weak var witness: Witness?
    try await SharedStorage.$current.withValue(SharedStorage()) {
      @Shared(.file(file)) var written: [Note] = []
      try await $written.save()
      let held = Witness()
      witness = held
      await SharedStorage.$current.withValue(SharedStorage()) {
        @Shared(.file(file, checkingEvery: .milliseconds(5), onError: { _ in _ = held })) var read: [Note] =
          []
        #expect(read.isEmpty)
        // The follower has looked at least once.
        try? await Task.sleep(for: .milliseconds(20))
      }
    }
    for _ in 0..<200 where witness != nil {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(witness == nil, "the follower or the value outlived its storage")
  }

  @Test func aCorruptFileIsReportedAndKept() throws {
    let file = file
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: file)
    let errors = Locked<[PersistenceError]>([])
    SharedStorage.$current.withValue(SharedStorage()) {
      @Shared(.file(file, onError: { error in errors.withLock { $0.append(error) } })) var todos: [Note] = []
      #expect(todos.isEmpty)
    }
    let kept = try #require(errors.withLock { $0 }.first?.keptAt)
    #expect(try String(contentsOf: kept, encoding: .utf8) == "not json")
  }

  @Test func inATestAFileKeyTouchesNoFile() {
    @Shared(.file(file)) var todos: [Note] = [Note(id: 7, title: "In memory")]
    $todos.withLock { $0.append(Note(id: 8, title: "Still")) }
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }
}

@Suite struct SharedUserDefaultsTests {
  let suite = "shared-tests-\(UUID().uuidString)"

  @Test func aDefaultsValueSurvivesARestart() {
    let suite = suite
    SharedStorage.$current.withValue(SharedStorage()) {
      let flag = Shared(wrappedValue: false, .userDefaults("isDarkMode", suiteName: suite))
      flag.withLock { $0 = true }
    }
    SharedStorage.$current.withValue(SharedStorage()) {
      let flag = Shared(wrappedValue: false, .userDefaults("isDarkMode", suiteName: suite))
      #expect(flag.wrappedValue)
    }
    UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite)
  }

  @Test func anUndecodableValueIsReportedAndKept() throws {
    let suite = suite
    let defaults = try #require(UserDefaults(suiteName: suite))
    defaults.set(Data("not json".utf8), forKey: "count")
    let errors = Locked<[String]>([])
    SharedStorage.$current.withValue(SharedStorage()) {
      let count = Shared(
        wrappedValue: 0,
        .userDefaults("count", suiteName: suite, onError: { error in errors.withLock { $0.append(error) } }))
      #expect(count.wrappedValue == 0)
    }
    #expect(errors.withLock { $0 }.first?.contains("kept under \"count.unreadable\"") == true)
    #expect(defaults.data(forKey: "count.unreadable") == Data("not json".utf8))
    defaults.removePersistentDomain(forName: suite)
  }
}
