import EffectStore
import ReduxTesting
import Testing

// Dependencies: declared once with a live value, read where needed, replaced per store, per
// child feature and per test; a test store fails on one it was not given.

// `Greeter`, its key and `DependencyValues.greeter` are the guide's (DependencyGuideExamples).

/// A dependency whose key gives tests a value of their own.
private enum PunctuationKey: DependencyKey {
  static let liveValue = "!"
  static let testValue: String? = "?"
}

extension DependencyValues {
  fileprivate var punctuation: String {
    get { self[PunctuationKey.self] }
    set { self[PunctuationKey.self] = newValue }
  }
}

private struct Greeting: Reducer {
  struct State: Equatable, Sendable { var message = "" }
  enum Action: Equatable, Sendable {
    case greet(String)
    case greeted(String)
  }

  @Dependency(\.greeter) var greeter
  @Dependency(\.punctuation) var punctuation

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .greet(let name):
      let punctuation = punctuation  // read in the reducer
      return .run { send in
        @Dependency(\.greeter) var greeter  // and inside the effect
        await send(.greeted(await greeter.greet(name) + punctuation))
      }
    case .greeted(let message):
      state.message = message
      return .none
    }
  }
}

/// Two greetings, the second given another greeter by its parent.
private struct Pair: Reducer {
  struct State: Equatable, Sendable {
    var first = Greeting.State()
    var second = Greeting.State()
  }
  enum Action: Equatable, Sendable {
    case first(Greeting.Action)
    case second(Greeting.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.first, action: Action.first) {
      if case .first(let action) = $0 { action } else { nil }
    } child: {
      Greeting()
    }
    Scope(state: \.second, action: Action.second) {
      if case .second(let action) = $0 { action } else { nil }
    } child: {
      Greeting().dependency(\.greeter, Greeter { name in "Bonjour, \(name)" })
    }
  }
}

@MainActor
@Suite struct DependencyTests {
  @Test func aStoreUsesTheLiveValues() async {
    let store = FeatureStore(initialState: Greeting.State()) { Greeting() }
    await store.send(.greet("Ada")).finish()
    #expect(store.state.message == "Hello, Ada!")
  }

  @Test func aStoreReplacesADependencyForItsReducerAndEffects() async {
    let store = FeatureStore(
      initialState: Greeting.State(),
      dependencies: {
        $0.greeter = Greeter { name in "Hi, \(name)" }
        $0.punctuation = "."
      }
    ) { Greeting() }
    await store.send(.greet("Ada")).finish()
    #expect(store.state.message == "Hi, Ada.")
  }

  @Test func aParentReplacesADependencyForOneChild() async {
    let store = FeatureStore(initialState: Pair.State(), dependencies: { $0.punctuation = "" }) { Pair() }
    await store.send(.first(.greet("Ada"))).finish()
    await store.send(.second(.greet("Ada"))).finish()
    #expect(store.state.first.message == "Hello, Ada" && store.state.second.message == "Bonjour, Ada")
  }

  @Test func aTestProvidesItsDependencies() async {
    let store = FeatureTestStore(
      initialState: Greeting.State(),
      dependencies: { $0.greeter = Greeter { name in "Test, \(name)" } }
    ) { Greeting() }
    await store.send(.greet("Ada"))
    await store.receive(.greeted("Test, Ada?")) { $0.message = "Test, Ada?" }  // the key's testValue
    await store.finish()
  }

  @Test func aTestStoreFailsOnADependencyTheTestDidNotProvide() async {
    await withKnownIssue {
      let store = FeatureTestStore(initialState: Greeting.State()) { Greeting() }
      await store.send(.greet("Ada"))
      await store.receive(.greeted("Hello, Ada?")) { $0.message = "Hello, Ada?" }
      await store.finish()
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return message.contains("GreeterKey") && message.contains("was not given")
        && message.contains("dependencies: { $0[GreeterKey.self] = … }")
    }
  }

  /// TCA's spelling of an override: a write into the dependency (`$0.greeter.greet = …`) reads
  /// it first; that read is not a missing dependency, and the test passes with no report.
  @Test func aDependencyOverriddenByWritingIntoItIsProvided() async {
    let store = FeatureTestStore(
      initialState: Greeting.State(),
      dependencies: { $0.greeter.greet = { name in "Test, \(name)" } }
    ) { Greeting() }
    await store.send(.greet("Ada"))
    await store.receive(.greeted("Test, Ada?")) { $0.message = "Test, Ada?" }
    await store.finish()
  }

  /// The same through a parent's `.dependency(…)`, which applies its override on every action.
  @Test func aFeatureWhoseParentWritesIntoADependencyIsNotReported() async {
    let store = FeatureTestStore(initialState: Greeting.State()) {
      WithDependencies({ $0.greeter.greet = { name in "Child, \(name)" } }, base: Greeting())
    }
    await store.send(.greet("Ada"))
    await store.receive(.greeted("Child, Ada?")) { $0.message = "Child, Ada?" }
    await store.send(.greet("Bo"))
    await store.receive(.greeted("Child, Bo?")) { $0.message = "Child, Bo?" }
    await store.finish()
  }

  /// A read that no write follows is still reported, once.
  @Test func aDependencyReadButNotWrittenInTheOverrideIsReported() async {
    await withKnownIssue {
      let store = FeatureTestStore(
        initialState: Greeting.State(),
        dependencies: { values in _ = values.greeter }
      ) { Greeting() }
      await store.send(.greet("Ada"))
      await store.receive(.greeted("Hello, Ada?")) { $0.message = "Hello, Ada?" }
      await store.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("GreeterKey")
    }
  }

  @Test func storesOnTwoActorsKeepTheirOwn() async {
    let hosts = [GreetingHost(greeting: "Hei"), GreetingHost(greeting: "Hola")]
    async let first = hosts[0].greetTwentyTimes("Ada")
    async let second = hosts[1].greetTwentyTimes("Ada")
    #expect(await [first, second] == ["Hei, Ada", "Hola, Ada"])
  }
}

/// An actor that owns a store with a greeter of its own.
private actor GreetingHost {
  let greeting: String

  init(greeting: String) { self.greeting = greeting }

  func greetTwentyTimes(_ name: String) async -> String {
    let greeting = greeting
    let store = FeatureStore(
      initialState: Greeting.State(),
      dependencies: {
        $0.greeter = Greeter { name in "\(greeting), \(name)" }
        $0.punctuation = ""
      }
    ) { Greeting() }
    for _ in 0..<20 { await store.send(.greet(name)).finish() }
    return store.state.message
  }
}
