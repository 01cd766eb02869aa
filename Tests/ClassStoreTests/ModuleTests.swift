import ClassStore
import Observation
import Testing

// Stores added to a class-based store while it runs (Vuex's registerModule), and the plugins
// every class store gets.

private struct NoteState: Equatable, Sendable { var text = "" }

private final class NoteStore: CommitStore<NoteState> {
  init() { super.init(state: NoteState()) }
  func write(_ text: String) { commit { $0.text = text } }
}

private struct DeskState: Equatable, Sendable {
  var title = "Desk"
  var modules = StoreModules()
}

private final class DeskStore: CommitStore<DeskState> {
  init() { super.init(state: DeskState()) }
  func rename(_ title: String) { commit { $0.title = title } }
}

@MainActor
@Suite struct ModuleTests {
  @Test func aModuleIsMirroredUntilRemovedAndItsStateDropped() {
    let desk = DeskStore()
    let told = Log<String>()
    let token = desk.subscribe(\.modules) { modules in told.append(modules.names.joined(separator: ",")) }
    let note = NoteStore()
    desk.addModule(note, named: "note", in: \.modules)
    note.write("hello")
    #expect(desk.state.modules["note", as: NoteState.self] == NoteState(text: "hello"))
    #expect(desk.module(named: "note", as: NoteStore.self) === note)
    #expect(desk.module(named: "note", as: DeskStore.self) == nil)
    desk.removeModule(named: "note")
    note.write("after")
    #expect(!desk.hasModule(named: "note") && !desk.state.modules.contains("note"))
    #expect(told.entries == ["note", "note", ""])  // added, changed, removed
    #expect(note.subscriberCount == 0)
    _ = token
  }

  @Test func aRemovedModuleCanKeepItsLastState() {
    let desk = DeskStore()
    let note = NoteStore()
    desk.addModule(note, named: "note", in: \.modules)
    note.write("kept")
    desk.removeModule(named: "note", keepingState: true)
    note.write("not mirrored")
    #expect(!desk.hasModule(named: "note"))
    #expect(desk.state.modules["note", as: NoteState.self] == NoteState(text: "kept"))
  }

  @Test func theParentHoldsItsModuleWhileItIsIn() {
    let desk = DeskStore()
    weak var released: NoteStore?
    do {
      let note = NoteStore()
      released = note
      desk.addModule(note, named: "note", in: \.modules)
    }
    #expect(released != nil)
    desk.module(named: "note", as: NoteStore.self)?.write("through the parent")
    #expect(desk.state.modules["note", as: NoteState.self]?.text == "through the parent")
    desk.removeModule(named: "note")
    #expect(released == nil)
  }

  @Test func aNameInUseIsReplaced() {
    let desk = DeskStore()
    let first = NoteStore()
    let second = NoteStore()
    first.write("first")
    desk.addModule(first, named: "note", in: \.modules)
    desk.addModule(second, named: "note", in: \.modules)
    first.write("first again")
    #expect(desk.state.modules["note", as: NoteState.self] == NoteState())
    #expect(first.subscriberCount == 0 && desk.module(named: "note", as: NoteStore.self) === second)
  }

  @Test func aViewOfAnotherFieldIsNotToldOfAModule() {
    let desk = DeskStore()
    let note = NoteStore()
    desk.addModule(note, named: "note", in: \.modules)
    let titleChanged = Log<Bool>()
    withObservationTracking {
      _ = desk.title
    } onChange: {
      MainActor.assumeIsolated { titleChanged.append(true) }
    }
    note.write("typing")
    #expect(titleChanged.entries.isEmpty)
    desk.rename("Office")
    #expect(titleChanged.entries == [true])
  }

  @Test func disposeEndsTheMirrorsOfModules() {
    let desk = DeskStore()
    let note = NoteStore()
    desk.addModule(note, named: "note", in: \.modules)
    desk.dispose()
    note.write("after dispose")
    #expect(desk.state.modules["note", as: NoteState.self] == NoteState())
    #expect(note.subscriberCount == 0)
  }

  @Test func modulesAreEqualWhenTheirNamesAndStatesAre() {
    var one = DeskState()
    var other = DeskState()
    #expect(one == other)
    let desk = DeskStore()
    desk.addModule(NoteStore(), named: "a", in: \.modules)
    one = desk.state
    #expect(one != other)
    other = desk.state
    #expect(one == other)
    desk.module(named: "a", as: NoteStore.self)?.write("x")
    #expect(desk.state != other)
    #expect("\(desk.state.modules)" == #"[a: NoteState(text: "x")]"#)
  }
}
