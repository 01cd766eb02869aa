import ClassStore
import Foundation
import Testing

// Pinia's and Vuex's behaviours around plugins, `$reset` and modules, as their own tests check
// them: a plugin sees the store and its state (Vuex passes the store to each plugin); `$reset`
// returns to the defaults, also once a persisted-state plugin restored a saved state; a module
// registered with `preserveState` takes the state already under its name.

private struct VolumeState: Codable, Equatable, Sendable { var volume = 5 }

private final class VolumeStore: CommitStore<VolumeState> {
  init() { super.init(state: VolumeState()) }
  func louder() { action { commit { $0.volume += 1 } } }
}

private struct BagState: Equatable, Sendable { var items: [String] = [] }

private final class BagStore: CommitStore<BagState> {
  init() { super.init(state: BagState()) }
  func add(_ item: String) { commit { $0.items.append(item) } }
}

private struct HallState: Equatable, Sendable { var modules = StoreModules() }

private final class HallStore: CommitStore<HallState> {
  init() { super.init(state: HallState()) }
}

/// What a plugin saw at each action: the store's name, its class, its state as the action began.
private struct Witness: ActionHookPlugin {
  let seen: LockedCalls
  func onAction(_ call: ActionCall, of store: PluggedStore) {
    let volume = (store.state as? VolumeState)?.volume ?? -1
    seen.append("\(store.name).\(call.name) volume \(volume) \(store.object is VolumeStore)")
  }
}

/// A plugin that writes only the name-based hook, as plugins did before the store was given.
private struct NameOnly: ActionHookPlugin {
  let seen: LockedCalls
  func onAction(_ call: ActionCall, in store: String) { seen.append("\(store).\(call.name)") }
}

@MainActor
@Suite struct PiniaVuexPluginAndResetTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reset-\(UUID().uuidString)")

  @Test func aPluginIsGivenTheStoreAndItsStateAtEachAction() {
    let seen = LockedCalls()
    let store = StorePlugins(Witness(seen: seen)).makingStores { VolumeStore() }
    store.louder()
    store.louder()
    #expect(
      seen.names == ["VolumeStore.louder() volume 5 true", "VolumeStore.louder() volume 6 true"])
  }

  @Test func aPluginWithTheNameHookAloneStillWorks() {
    let seen = LockedCalls()
    let store = StorePlugins(NameOnly(seen: seen)).makingStores { VolumeStore() }
    store.louder()
    #expect(seen.names == ["VolumeStore.louder()"])
  }

  @Test func thePluginsHookKeepsNoStoreAlive() {
    weak var released: VolumeStore?
    do {
      let store = StorePlugins(Witness(seen: LockedCalls())).makingStores { VolumeStore() }
      released = store
      store.louder()
    }
    #expect(released == nil)
  }

  @Test func resetReturnsToTheDefaultsAndResetToLoadedToTheRestoredState() throws {
    do {
      // A save from an earlier launch; this writer lets the file go when it goes.
      let earlier = StatePersistence<VolumeState>(fileURL: folder.appendingPathComponent("VolumeStore.json"))
      try earlier.save(VolumeState(volume: 8))
    }
    let plugins = StorePlugins(PersistencePlugin(folder: folder, onError: { _ in }))
    let second = plugins.makingStores { VolumeStore() }
    #expect(second.state.volume == 8)
    second.louder()
    second.resetToLoaded()
    #expect(second.state.volume == 8)
    second.louder()
    second.reset()
    #expect(second.state.volume == 5)
  }

  @Test func withoutAPluginResetToLoadedIsReset() {
    let store = VolumeStore()
    store.louder()
    store.resetToLoaded()
    #expect(store.state.volume == 5)
  }

  /// A hall whose bag module held "tea" when it was removed, its state kept.
  private func hallWithAKeptBag() -> HallStore {
    let hall = HallStore()
    let first = BagStore()
    hall.addModule(first, named: "bag", in: \.modules)
    first.add("tea")
    hall.removeModule(named: "bag", keepingState: true)
    return hall
  }

  @Test func aModuleAddedWithPreserveStateTakesTheStateUnderItsName() {
    let hall = hallWithAKeptBag()
    let second = BagStore()
    hall.addModule(second, named: "bag", in: \.modules, preservingState: true)
    #expect(second.state.items == ["tea"])
    second.add("milk")
    #expect(hall.state.modules["bag", as: BagState.self]?.items == ["tea", "milk"])
  }

  @Test func withoutPreserveStateTheModulesOwnStateReplacesTheKeptOne() {
    let hall = hallWithAKeptBag()
    let second = BagStore()
    hall.addModule(second, named: "bag", in: \.modules)
    #expect(second.state.items == [])
    #expect(hall.state.modules["bag", as: BagState.self]?.items == [])
  }

  @Test func aKeptStateOfAnotherTypeIsNotGiven() {
    let hall = HallStore()
    let volume = VolumeStore()
    hall.addModule(volume, named: "shared", in: \.modules)
    hall.removeModule(named: "shared", keepingState: true)
    let bag = BagStore()
    hall.addModule(bag, named: "shared", in: \.modules, preservingState: true)
    #expect(bag.state.items == [])
  }
}
