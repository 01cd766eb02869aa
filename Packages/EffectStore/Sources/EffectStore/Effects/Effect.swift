import IssueReporting

/// What a reducer asks the store to do after changing the state: nothing, send more actions,
/// run async work, or combine, cancel and name such work.
///
/// ```swift
/// let refreshing = Reduce<CounterState, CounterAction> { state, action in
///   switch action {
///   case .refreshTapped:
///     state.isLoading = true
///     return .run { send in
///       await send(.refreshed(await api.fetch()))
///     }
///     .cancellable(id: CancelID.refresh, cancelInFlight: true)
///   default:
///     return .none
///   }
/// }
/// ```
///
/// Effects start right after the reducer's change has been applied and observers told. A
/// `.send` runs as a queued action, before the dispatch that caused it returns; `.run` work
/// runs in a task off the store's actor, and sends back to it. Every task an effect starts is
/// cancelled when its store goes away.
public struct Effect<Action> {
  /// `.none` and `.send` are stored inline, so the effects a reducer returns most often cost no
  /// allocation and keep `Effect` as small as the action; everything else is boxed once.
  @usableFromInline
  enum Operation {
    case none
    case send(Action)
    indirect case work(Work)
  }

  @usableFromInline
  enum Work {
    case run(TaskPriority?, @Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
    case cancel(id: EffectID)
    /// Work that belongs to a list element: its ids are the element's own, and it is cancelled
    /// when the element leaves the state.
    case scoped(EffectScope, Effect)
    /// Work started at most once per window under an id (``throttle(id:for:clock:latest:)``).
    case throttled(EffectThrottle, Effect)
  }

  @usableFromInline let operation: Operation

  @inlinable init(_ operation: Operation) { self.operation = operation }

  /// No work.
  ///
  /// ```swift
  /// let counting = Reduce<CounterState, CounterAction> { state, action in
  ///   switch action {
  ///   case .increment:
  ///     state.count += 1
  ///     return .none
  ///   default:
  ///     return .none
  ///   }
  /// }
  /// ```
  @inlinable public static var none: Effect { Effect(.none) }

  /// Whether this is ``none``.
  @inlinable public var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// Sends an action right after this one, before the dispatch returns (queued, never nested).
  ///
  /// ```swift
  /// let effect: Effect<CounterAction> = .send(.validate)
  /// ```
  /// - Parameter action: The follow-up action.
  /// - Returns: The effect.
  @inlinable public static func send(_ action: Action) -> Effect { Effect(.send(action)) }

  /// Combines effects to run at the same time.
  ///
  /// ```swift
  /// let effect: Effect<CounterAction> = .merge(
  ///   .send(.log), .run { send in await send(.loaded(await api.fetch())) })
  /// ```
  /// - Parameter effects: The effects.
  /// - Returns: The effect.
  public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

  /// Combines a list of effects to run at the same time.
  ///
  /// ```swift
  /// let effect = Effect<CounterAction>.merge([1, 2, 3].map { count in .send(.loaded(count)) })
  /// ```
  /// - Parameter effects: The effects.
  /// - Returns: The effect.
  public static func merge(_ effects: [Effect]) -> Effect {
    let work = effects.filter { !$0.isNone }
    return work.isEmpty ? .none : work.count == 1 ? work[0] : Effect(.work(.merge(work)))
  }

  /// Runs effects one after another: each starts when the previous one's work has finished.
  ///
  /// ```swift
  /// let effect: Effect<CounterAction> = .concatenate(.run { _ in await api.save() }, .send(.saved))
  /// ```
  /// - Parameter effects: The effects, in order.
  /// - Returns: The effect.
  public static func concatenate(_ effects: Effect...) -> Effect { concatenate(effects) }

  /// Runs a list of effects one after another.
  ///
  /// ```swift
  /// let steps: [Effect<CounterAction>] = [.send(.stop), .send(.zero)]
  /// let effect = Effect.concatenate(steps)
  /// ```
  /// - Parameter effects: The effects, in order.
  /// - Returns: The effect.
  public static func concatenate(_ effects: [Effect]) -> Effect {
    let work = effects.filter { !$0.isNone }
    return work.isEmpty ? .none : work.count == 1 ? work[0] : Effect(.work(.concatenate(work)))
  }

  /// Cancels the work started by effects marked ``cancellable(id:cancelInFlight:)`` with `id`.
  ///
  /// ```swift
  /// let stopping = Reduce<CounterState, CounterAction> { state, action in
  ///   switch action {
  ///   case .stopTapped:
  ///     return .cancel(id: CancelID.timer)
  ///   default:
  ///     return .none
  ///   }
  /// }
  /// ```
  /// - Parameter id: The id the work was marked with.
  /// - Returns: The effect.
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(.work(.cancel(id: EffectID(id))))
  }

  /// Marks this effect's work with an id, so ``cancel(id:)`` can stop it; with `cancelInFlight`,
  /// work already running under the id is cancelled first (the latest request wins).
  ///
  /// ```swift
  /// let query = "otters"
  /// let effect: Effect<CounterAction> = .run { send in await send(.results(await api.search(query))) }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  /// - Parameters:
  ///   - id: Any hashable value; an enum case is typical.
  ///   - cancelInFlight: Cancel work already running under this id before starting.
  /// - Returns: The effect.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    Effect(.work(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self)))
  }

  /// Turns the actions of this effect into another type, for a child reducer's effect inside
  /// its parent.
  ///
  /// ```swift
  /// let childEffect: Effect<CounterAction> = .send(.increment)
  /// let effect: Effect<AppAction> = childEffect.map(AppAction.counter)
  /// ```
  /// - Parameter transform: Wraps a child action.
  /// - Returns: The effect.
  public func map<Other>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
    map(transform, liftingScopes: nil)
  }

  /// ``map(_:)`` for a reducer that runs a child on a part of its state (`Scope`, `IfLet`, a
  /// list's element): the effects of scopes inside the child (a list's row, a sheet) are told
  /// apart by that part, so `lift` takes it out of the state they are checked against (the
  /// parent's, here; the root store's, once every level has lifted it).
  @usableFromInline
  func map<Other>(
    _ transform: @escaping @Sendable (Action) -> Other, liftingScopes lift: ((Any) -> Any?)?
  ) -> Effect<Other> {
    map(transform, liftingScopes: lift, dependencies: nil)
  }

  /// This effect with `values` in force wherever its `.run` work runs.
  func runningWith(_ values: DependencyValues) -> Effect {
    map({ $0 }, liftingScopes: nil, dependencies: values)
  }

  /// The one walk behind ``map(_:)``: each action wrapped by `transform`, each scope lifted by
  /// `lift`, each `.run` given `dependencies`, and, with `dismissal`, the action its work's
  /// `dismiss()` sends (a presented child's, made by its parent).
  func map<Other>(
    _ transform: @escaping @Sendable (Action) -> Other, liftingScopes lift: ((Any) -> Any?)?,
    dependencies: DependencyValues?, dismissal: (@Sendable () -> Other)? = nil
  ) -> Effect<Other> {
    // A loop over an explicit stack, children before their parent, so an effect nested 100,000
    // levels deep maps without growing the call stack.
    var steps: [MapStep] = [.visit(self)]
    var mapped: [Effect<Other>] = []
    while let step = steps.popLast() {
      switch step {
      case .visit(let effect):
        switch effect.operation {
        case .none:
          mapped.append(.none)
        case .send(let action):
          mapped.append(.send(transform(action)))
        case .work(.run(let priority, let work)):
          mapped.append(
            Effect<Other>(
              .work(
                .run(priority) { send in
                  let mappedSend = Send<Action> { action in await send(transform(action)) }
                  if let dismissal {
                    // The innermost presentation's wins: a grandchild's work binds its own
                    // inside this one.
                    await DismissEffect.$target.withValue({ await send(dismissal()) }) {
                      if let dependencies {
                        await DependencyValues.$current.withValue(dependencies) { await work(mappedSend) }
                      } else {
                        await work(mappedSend)
                      }
                    }
                  } else if let dependencies {
                    await DependencyValues.$current.withValue(dependencies) { await work(mappedSend) }
                  } else {
                    await work(mappedSend)
                  }
                })))
        case .work(.cancel(let id)):
          mapped.append(Effect<Other>(.work(.cancel(id: id))))
        case .work(.merge(let effects)), .work(.concatenate(let effects)):
          steps.append(.rebuild(effect))
          for child in effects.reversed() { steps.append(.visit(child)) }
        case .work(.cancellable(_, _, let inner)), .work(.scoped(_, let inner)),
          .work(.throttled(_, let inner)):
          steps.append(.rebuild(effect))
          steps.append(.visit(inner))
        }
      case .rebuild(let effect):
        switch effect.operation {
        case .work(.merge(let effects)):
          let children = Array(mapped.suffix(effects.count))
          mapped.removeLast(effects.count)
          mapped.append(Effect<Other>(.work(.merge(children))))
        case .work(.concatenate(let effects)):
          let children = Array(mapped.suffix(effects.count))
          mapped.removeLast(effects.count)
          mapped.append(Effect<Other>(.work(.concatenate(children))))
        case .work(.cancellable(let id, let cancelInFlight, _)):
          let inner = mapped.removeLast()
          mapped.append(Effect<Other>(.work(.cancellable(id: id, cancelInFlight: cancelInFlight, inner))))
        case .work(.scoped(let scope, _)):
          let inner = mapped.removeLast()
          mapped.append(Effect<Other>(.work(.scoped(lift.map(scope.lifted) ?? scope, inner))))
        case .work(.throttled(let throttle, _)):
          let inner = mapped.removeLast()
          mapped.append(Effect<Other>(.work(.throttled(throttle, inner))))
        default:
          break
        }
      }
    }
    return mapped[0]
  }
}

extension Effect {
  /// A step of ``map(_:)``: an effect to map, or one whose children are mapped and which is
  /// rebuilt around them.
  enum MapStep {
    case visit(Effect)
    case rebuild(Effect)
  }
}

extension Effect where Action: Sendable {
  /// Runs async work off the store's actor; it sends actions back with `send`, which applies
  /// them on the store's actor.
  ///
  /// A thrown error goes to `catch` when given; otherwise it is reported (a runtime warning in
  /// an app, a failure in a test), as TCA reports it. Cancellation (the store went away, or
  /// ``cancel(id:)``) is not an error.
  ///
  /// ```swift
  /// let effect: Effect<CounterAction> = .run { send in
  ///   let count = try await api.fetchCount()
  ///   await send(.loaded(count))
  /// } catch: { error, send in
  ///   await send(.failed("\(error)"))
  /// }
  /// ```
  /// - Parameters:
  ///   - operation: The work.
  ///   - handler: Handles an error the work threw.
  /// - Returns: The effect.
  ///
  /// > Note: Apart from ``run(priority:operation:catch:)`` rather than a defaulted priority: a
  /// > reducer calling it would otherwise make a `TaskPriority?` (a type whose size is known
  /// > only at run time) on every action, whichever case it took: about 15 instructions per
  /// > dispatch. (Never inlined, for the same reason.)
  @inline(never)
  public static func run(
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    catch handler: (@Sendable (any Error, Send<Action>) async -> Void)? = nil
  ) -> Effect {
    run(priority: nil, operation: operation, catch: handler)
  }

  /// Runs async work at a priority; otherwise ``run(operation:catch:)``.
  ///
  /// ```swift
  /// let effect: Effect<CounterAction> = .run(priority: .background) { send in
  ///   await send(.loaded(try await api.fetchCount()))
  /// }
  /// ```
  /// - Parameters:
  ///   - priority: The task's priority (`nil`: the task's default).
  ///   - operation: The work.
  ///   - handler: Handles an error the work threw.
  /// - Returns: The effect.
  public static func run(
    priority: TaskPriority?,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    catch handler: (@Sendable (any Error, Send<Action>) async -> Void)? = nil
  ) -> Effect {
    Effect(
      .work(
        .run(priority) { send in
          do {
            try await operation(send)
          } catch is CancellationError {
          } catch {
            if let handler {
              await handler(error, send)
            } else {
              // As TCA reports it: a runtime warning in an app, a failure in a test.
              reportIssue(
                """
                An effect's work (.run) threw \(error), and nothing handled it. Pass `catch:` to \
                .run to turn the error into an action, or handle it in a `do` block.
                """)
            }
          }
        }))
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}
extension Effect.Work: Sendable where Action: Sendable {}
