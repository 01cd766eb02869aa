/// Lets the effects a send started run up to where they wait (a clock, a response, their end)
/// before the test goes on, as TCA's test store yields after each send. What an effect sends
/// at once then reaches the reducer before the test's next action, as it does in an app, so a
/// non-exhaustive test's next `send` skips it rather than racing it, and `state` after that send
/// does not depend on which thread was faster.
///
/// ```swift
/// let task = store.send(action)
/// await giveEffectsTheirHeadStart { store.runningEffectCount }
/// ```
///
/// Each round queues a probe at each priority on the shared executor and waits for them (so
/// work queued before them there, an effect's next step, has had a thread), then yields the
/// main actor (so an effect's send waiting to come home is applied). It stops as soon as no
/// work runs; an effect that waits for something the test has not done yet costs the rounds.
@MainActor
func giveEffectsTheirHeadStart(rounds: Int = 5, running: () -> Int) async {
  for _ in 0..<rounds {
    guard running() > 0 else { return }
    await withTaskGroup(of: Void.self) { group in
      for priority in [TaskPriority.high, .medium, .low] { group.addTask(priority: priority) {} }
    }
    await Task.yield()
  }
}
