import EffectStore

/// TCA's `Timer` feature from its IfLet and IfCaseLet tests: a tick a second on the clock it is
/// given, counted. Shared by the ports of those tests.
struct PortTimer: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case timerButtonTapped, timerTick }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .timerButtonTapped:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTick)
        }
      }
    case .timerTick:
      state.count += 1
      return .none
    }
  }
}
