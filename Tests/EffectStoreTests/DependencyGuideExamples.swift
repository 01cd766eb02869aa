import EffectStore
import ReduxTesting
import Testing

// The samples of Packages/EffectStore/README.md's "Dependencies" section, compiled and run.

struct Greeter: Sendable {
  var greet: @Sendable (String) async -> String
}

enum GreeterKey: DependencyKey {
  static let liveValue = Greeter { name in "Hello, \(name)" }
}

extension DependencyValues {
  var greeter: Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
}

private struct Greeting: Reducer {
  struct State: Equatable, Sendable { var message = "" }
  enum Action: Equatable, Sendable {
    case greet(String)
    case greeted(String)
  }

  @Dependency(\.greeter) var greeter

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .greet(let name):
      return .run { [greeter] send in await send(.greeted(await greeter.greet(name))) }
    case .greeted(let message):
      state.message = message
      return .none
    }
  }
}

@MainActor
@Suite struct DependencyGuideExamples {
  @Test func declaredOnceReplacedWhereNeeded() async {
    let app = FeatureStore(initialState: Greeting.State()) { Greeting() }  // live: "Hello, Ada"
    let french = FeatureStore(
      initialState: Greeting.State(),
      dependencies: { $0.greeter = Greeter { name in "Bonjour, \(name)" } }
    ) { Greeting() }
    let child = Greeting().dependency(\.greeter, Greeter { name in "Hei, \(name)" })  // in a parent's body

    let test = FeatureTestStore(
      initialState: Greeting.State(),
      dependencies: { $0.greeter = Greeter { name in "Test, \(name)" } }
    ) { Greeting() }
    await test.send(.greet("Ada"))
    await test.receive(.greeted("Test, Ada")) { $0.message = "Test, Ada" }
    await test.finish()
    await app.send(.greet("Ada")).finish()
    await french.send(.greet("Ada")).finish()
    #expect(app.state.message == "Hello, Ada" && french.state.message == "Bonjour, Ada")
    _ = child
  }
}
