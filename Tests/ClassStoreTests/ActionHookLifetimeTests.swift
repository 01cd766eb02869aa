import ClassStore
import Foundation
import Testing

/// Pinia's `$dispose` and `$onAction` behaviours, as Pinia's own tests check them: a disposed
/// store calls no action hook (the store's own or a plugin's), and a hook dropped at once says so.
@MainActor
@Suite struct ActionHookLifetimeTests {
  @Test func disposeEmptiesTheActionHooks() {
    let store = ActionStore()
    var calls: [String] = []
    let hook = store.onAction { calls.append($0.name) }
    store.increment()
    store.dispose()
    store.increment()
    let late = store.onAction { calls.append("late \($0.name)") }
    store.add(2)
    #expect(calls == ["increment()"], "no hook runs after dispose, not even one added after it")
    #expect(store.state.count == 1, "and the disposed store's commits are dropped")
    _ = (hook, late)
  }

  @Test func disposeEndsAPluginsActionHooksToo() {
    struct Counting: ActionHookPlugin {
      let calls: LockedCalls
      func prepare<State, Action>(_ store: inout StoreSetup<State, Action>) {}
      func onAction(_ call: ActionCall, in store: String) { calls.append(call.name) }
    }
    let calls = LockedCalls()
    let store = StorePlugins(Counting(calls: calls)).makingStores { ActionStore() }
    store.increment()
    store.dispose()
    store.increment()
    #expect(calls.names == ["increment()"])
  }

  @Test func anActionHookDroppedAtOnceSaysSo() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let store = ActionStore()
        _ = store.onAction { _ in }
        store.increment()
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("an action hook's token was released as soon as it was made"), "\(message)")
    #expect(message.contains("hook = store.onAction"), "\(message)")
  }

  @Test func aKeptActionHookSaysNothing() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let store = ActionStore()
        let hook = store.onAction { _ in }
        store.increment()
        hook.cancel()
      }
    }
    #expect(result?.standardErrorContent.isEmpty == true)
  }
}

/// Names of action calls, from a plugin (which must be `Sendable`).
final class LockedCalls: Sendable {
  private let lock = NSLock()
  // Safe: `stored` is read and written only under `lock`.
  nonisolated(unsafe) private var stored: [String] = []
  func append(_ name: String) { lock.withLock { stored.append(name) } }
  var names: [String] { lock.withLock { stored } }
}
