/// A named, reusable sequence of steps (actions to send, async work) run one after another: a
/// group of actions, or a little workflow, that you start with one call.
///
/// ```swift
/// let refresh = ActionPlan<CounterAction>("refresh", steps: [
///   .send(.refreshTapped),
///   .run { send in await send(.refreshed(await api.fetch())) },
///   .send(.log),
/// ])
/// await store.run(refresh).finish()
/// ```
///
/// Each step starts when the previous one has finished, including the work of every action it
/// sent, whether as a `.send` step or from a `.run` step's `send`, at once or later; a plan of
/// `.send` steps whose actions start no async work runs to the end before
/// ``FeatureStore/run(_:)`` returns. Middlewares see the actions the steps send.
///
/// Cancelling the task `run` returned stops the plan: the running step's work is cancelled,
/// nothing it sends afterwards reaches the reducer, and no later step starts.
public struct ActionPlan<Action> {
  /// What the plan is called, for logs.
  public let name: String
  /// The steps, in order.
  public let steps: [Effect<Action>]

  /// Makes a plan.
  ///
  /// ```swift
  /// let reset = ActionPlan<CounterAction>("reset", steps: [.send(.stop), .send(.zero)])
  /// ```
  /// - Parameters:
  ///   - name: What the plan is called.
  ///   - steps: The steps, in order.
  public init(_ name: String, steps: [Effect<Action>]) {
    self.name = name
    self.steps = steps
  }
}

extension ActionPlan: Sendable where Action: Sendable {}

extension FeatureStore {
  /// Runs a plan's steps one after another.
  ///
  /// ```swift
  /// let reset = ActionPlan<CounterAction>("reset", steps: [.send(.stop), .send(.zero)])
  /// await store.run(reset).finish()
  /// ```
  /// - Parameter plan: The plan.
  /// - Returns: The async work the plan started, to await or cancel.
  @discardableResult
  public func run(_ plan: ActionPlan<Action>) -> StoreTask {
    StoreTask(effects.startPlan(.concatenate(plan.steps)).map(StoreTask.Work.plan))
  }
}
