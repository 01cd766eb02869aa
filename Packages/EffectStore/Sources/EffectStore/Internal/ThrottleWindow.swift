/// The open interval of a throttled id: what started in it is done, and what was returned since
/// waits for its end (one effect: the first or the latest).
final class ThrottleWindow<Action> {
  /// The effect to start when the interval ends, with where it was returned.
  private(set) var held:
    (effect: Effect<Action>, cancelIDs: [EffectID], namespace: EffectID?, work: StepWork?)?

  /// Keeps `effect` for the end of the interval: the latest replaces what is held, the first
  /// is kept.
  func hold(
    _ effect: Effect<Action>, latest: Bool, cancelIDs: [EffectID], namespace: EffectID?, work: StepWork?
  ) {
    if latest || held == nil { held = (effect, cancelIDs, namespace, work) }
  }

  /// Takes what is held, if anything.
  func take() -> (effect: Effect<Action>, cancelIDs: [EffectID], namespace: EffectID?, work: StepWork?)? {
    defer { held = nil }
    return held
  }
}

extension EffectRunner {
  /// Opens an interval under `id`: a task waits for it on the throttle's clock, then, at the
  /// store's home, starts what was held meanwhile (which opens the next interval) or closes it.
  /// The task is recorded under `id` and the ids the effect was returned under, so
  /// `.cancel(id:)`, or its row leaving, ends the interval and drops what waits.
  func openThrottleWindow(_ throttle: EffectThrottle, id: EffectID, cancelIDs: [EffectID]) {
    let window = ThrottleWindow<Action>()
    throttleWindows[id] = window
    let home = requireHome()
    let lifetime = EffectLifetime()
    let intervalEnded = HomeBound { [weak self] (completed: Bool) -> Void in
      guard let self, self.throttleWindows[id] === window else { return }
      self.throttleWindows[id] = nil
      guard completed, !lifetime.isCancelled, let next = window.take() else { return }
      self.openThrottleWindow(throttle, id: id, cancelIDs: next.cancelIDs)
      let enclosing = self.activeWork
      self.activeWork = next.work
      _ = self.start(next.effect, cancelIDs: next.cancelIDs, namespace: next.namespace)
      self.activeWork = enclosing
    }
    let (clock, interval) = (throttle.clock, throttle.interval)
    _ = track(cancelIDs: cancelIDs + [id], lifetime: lifetime, home: home) {
      let completed: Bool
      do {
        try await clock.sleep(for: interval)
        completed = true
      } catch {
        completed = false
      }
      await home.run(intervalEnded) { intervalEnded in intervalEnded(completed) }
    }
  }
}
