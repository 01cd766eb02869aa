import Foundation
import ReduxCore

// P2, P2r: what one save costs, whole: P2 is `StatePersistence.save` (encode; under the lock,
// check that no other writer changed the file; write a temporary file, fsync it, rename it,
// fsync the folder); P2r writes the same JSON with Foundation's atomic write, which skips the
// lock, the check and both fsyncs.

/// A folder of its own for the save scenarios.
private func saveFolder() -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("swift-redux-benchmarks-saves")
}

@MainActor
func persistenceCases() -> [BenchmarkCase] {
  let save = BenchmarkCase(scenario: Scenario.all.first { $0.id == "P2" }!, style: .floor) {
    let url = saveFolder().appendingPathComponent("P2.json")
    let persistence = StatePersistence<BenchmarkState>(fileURL: url)
    _ = persistence.load(orInitial: BenchmarkState()) { _ in }
    var state = BenchmarkState()
    var problem: String?
    return Runner(
      run: { n in
        for _ in 0..<n {
          state.count += 1
          do { try persistence.save(state) } catch { problem = "\(error)" }
        }
      },
      verify: { problem ?? expectCount((try? persistence.load().count) ?? -1, state.count) })
  }
  let reference = BenchmarkCase(scenario: Scenario.all.first { $0.id == "P2r" }!, style: .floor) {
    let url = saveFolder().appendingPathComponent("P2r.json")
    try? FileManager.default.createDirectory(at: saveFolder(), withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var state = BenchmarkState()
    var problem: String?
    return Runner(
      run: { n in
        for _ in 0..<n {
          state.count += 1
          do {
            try encoder.encode(PersistedState(schemaVersion: 1, state: state)).write(
              to: url, options: .atomic)
          } catch { problem = "\(error)" }
        }
      },
      verify: { problem })
  }
  return [save, reference]
}
