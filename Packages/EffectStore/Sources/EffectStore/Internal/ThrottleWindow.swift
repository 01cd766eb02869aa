/// The interval of a throttled id, as a deadline on the throttle's clock (TCA keeps a time per
/// id the same way): nothing runs while it is open and empty, so a test that ends inside it has
/// no effect left running. What is returned before it ends waits for that end (one effect: the
/// first or the latest), in a task that starts it then.
final class ThrottleWindow<Action> {
  /// Whether the interval has ended, read on its clock.
  let hasEnded: () -> Bool
  /// Waits on the clock until the interval ends.
  let untilItEnds: @Sendable () async throws -> Void
  /// The effect to start when the interval ends, with where it was returned.
  private(set) var held:
    (effect: Effect<Action>, cancelIDs: [EffectID], namespace: EffectID?, work: StepWork?)?

  /// Opens an interval of `interval` from now on `clock`.
  init<C: Clock<Duration>>(on clock: C, for interval: Duration) {
    let end = clock.now.advanced(by: interval)
    hasEnded = { clock.now >= end }
    untilItEnds = { try await clock.sleep(until: end, tolerance: nil) }
  }

  /// Keeps `effect` for the end of the interval: the latest replaces what is held, the first
  /// is kept. Returns whether something was held already (a task already waits for the end).
  func hold(
    _ effect: Effect<Action>, latest: Bool, cancelIDs: [EffectID], namespace: EffectID?, work: StepWork?
  ) -> Bool {
    let wasHolding = held != nil
    if latest || !wasHolding { held = (effect, cancelIDs, namespace, work) }
    return wasHolding
  }

  /// Takes what is held, if anything.
  func take() -> (effect: Effect<Action>, cancelIDs: [EffectID], namespace: EffectID?, work: StepWork?)? {
    defer { held = nil }
    return held
  }
}

extension EffectRunner {
  /// Starts a throttled effect under `id`: at once when no interval of `id` is open, which
  /// opens one; otherwise it is held until the interval ends (the first or the latest held).
  func startThrottled(
    _ inner: Effect<Action>, _ throttle: EffectThrottle, id: EffectID, cancelIDs: [EffectID],
    namespace: EffectID?, work: StepWork?
  ) -> Bool {
    if let window = throttleWindows[id], !window.hasEnded() {
      let wasHolding = window.hold(
        inner, latest: throttle.latest, cancelIDs: cancelIDs, namespace: namespace, work: work)
      if !wasHolding { startWhenItEnds(window, throttle, id: id, cancelIDs: cancelIDs) }
      return false
    }
    openThrottleWindow(throttle, id: id)
    return true
  }

  /// Opens an interval of `id` from now. Intervals that ended with nothing held are forgotten
  /// as new ones open, so that ids used once (a row's) do not pile up.
  private func openThrottleWindow(_ throttle: EffectThrottle, id: EffectID) {
    if throttleWindows.count >= 64 {
      throttleWindows = throttleWindows.filter { !$0.value.hasEnded() || $0.value.held != nil }
    }
    throttleWindows[id] = ThrottleWindow(on: throttle.clock, for: throttle.interval)
  }

  /// Waits, in a task, for the end of `window`, then, at the store's home, starts what it held
  /// (which opens the next interval). The task is recorded under `id` and the ids the effect
  /// was returned under, so `.cancel(id:)`, or its row leaving, drops what waits.
  private func startWhenItEnds(
    _ window: ThrottleWindow<Action>, _ throttle: EffectThrottle, id: EffectID, cancelIDs: [EffectID]
  ) {
    let home = requireHome()
    let lifetime = EffectLifetime()
    let intervalEnded = HomeBound { [weak self] () -> Void in
      guard let self, self.throttleWindows[id] === window, !lifetime.isCancelled, let next = window.take()
      else { return }
      self.openThrottleWindow(throttle, id: id)
      let enclosing = self.activeWork
      self.activeWork = next.work
      _ = self.start(next.effect, cancelIDs: next.cancelIDs, namespace: next.namespace)
      self.activeWork = enclosing
    }
    let untilItEnds = window.untilItEnds
    _ = track(cancelIDs: cancelIDs + [id], lifetime: lifetime, home: home) {
      guard (try? await untilItEnds()) != nil else { return }
      await home.run(intervalEnded) { intervalEnded in intervalEnded() }
    }
  }
}
