import Foundation
import ReduxCore

/// Keeps every thread of Swift's shared executor busy for `seconds`, and returns once they all
/// are (or after two seconds, for an executor with fewer threads than cores): how the package's
/// tests make a loaded machine on purpose, to check that no test store's verdict depends on
/// timing (see `ChancesToRun`).
///
/// ```swift
/// occupyEveryThread(forSeconds: 1.2)
/// // work queued from now on waits for a thread
/// ```
package func occupyEveryThread(forSeconds seconds: Double) {
  let threads = ProcessInfo.processInfo.activeProcessorCount
  let started = Locked(0)
  for _ in 0..<threads {
    Task.detached {
      started.withLock { $0 += 1 }
      holdThisThread(forSeconds: seconds)
    }
  }
  let deadline = Date().addingTimeInterval(2)
  while started.withLock({ $0 }) < threads, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
}

/// Holds the calling thread: the point is a thread of the shared executor that is not free.
private func holdThisThread(forSeconds seconds: Double) { Thread.sleep(forTimeInterval: seconds) }
