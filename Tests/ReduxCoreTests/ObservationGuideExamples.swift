public import IdentifiedCollections
import Observation
public import ReduxCore
import Testing

// The samples of Docs/Observation.md, compiled and run; `.ci/check-doc-samples` keeps them in
// step with the page. Their `print` calls are recorded here, so the test checks what the page
// says they print.

private let printed = Locked<[String]>([])

private func print(_ items: Any...) {
  let line = items.map { "\($0)" }.joined(separator: " ")
  printed.withLock { $0.append(line) }
}

private func takePrinted() -> [String] {
  printed.withLock { lines in
    defer { lines.removeAll() }
    return lines
  }
}

private func render(theme: String, todo: Todo?) {}

@MainActor
@Suite(.serialized) struct ObservationGuideExamples {
  @Test func aViewReadingOneField() {
    _ = takePrinted()
    let store = makeCounterStore()
    withObservationTracking {
      print("rendering", store.count)
    } onChange: {
      print("count changed")
    }
    store.dispatch(.bumpOther)  // nothing: `other` changed, `count` did not
    store.dispatch(.increment)  // "count changed"
    #expect(takePrinted() == ["rendering 0", "count changed"])
  }

  @Test func aBurstOfLowPriorityActions() async {
    _ = takePrinted()
    let store = makeCounterStore()
    store.batchNotifications(after: .timer(.milliseconds(16))) { action in
      if case .bumpOther = action { true } else { false }
    }
    let token = store.subscribe(\.other) { other in print("other is", other) }
    for _ in 0..<10 { store.dispatch(.bumpOther) }
    #expect(store.state.other == 10)  // applied at once
    #expect(takePrinted().isEmpty)  // told later, once
    var lines: [String] = []
    for _ in 0..<5_000 where lines.isEmpty {
      try? await Task.sleep(for: .milliseconds(2))
      lines = takePrinted()
    }
    #expect(lines == ["other is 10"])
    store.dispatch(.bumpOther)
    store.dispatch(.increment)  // a normal action: told at once, and covers the burst before it
    #expect(takePrinted() == ["other is 11"])
    _ = token
  }

  @Test func deeperPathsAndElements() {
    _ = takePrinted()
    let store = makeScreenStore()
    withObservationTracking {
      render(theme: store.state(\.settings.theme), todo: store.state(\.todos, id: 2))
    } onChange: {
      print("the theme or todo 2 changed")
    }
    store.dispatch(.setFontSize(14))  // nothing: neither read value changed
    store.dispatch(.rename(2, "Ship it"))  // "the theme or todo 2 changed"
    #expect(takePrinted() == ["the theme or todo 2 changed"])
  }

  @Test func aRowOfALongListByID() {
    _ = takePrinted()
    let store = makeScreenStore()
    withObservationTracking {
      print("row 2 is", store.state(\.todos, id: 2)?.title ?? "gone")
    } onChange: {
      print("todo 2 changed")
    }
    store.dispatch(.rename(1, "Plan"))  // nothing: another row changed
    store.dispatch(.rename(2, "Ship it"))  // "todo 2 changed"
    #expect(takePrinted() == ["row 2 is b", "todo 2 changed"])
    // Read again after it changed, and then removed: told once more, and the row is gone.
    withObservationTracking {
      print("row 2 is", store.state(\.todos, id: 2)?.title ?? "gone")
    } onChange: {
      print("todo 2 changed")
    }
    store.dispatch(.remove(2))
    #expect(takePrinted() == ["row 2 is Ship it", "todo 2 changed"])
    #expect(store.state(\.todos, id: 2) == nil)
  }
}

// What a functional or class-based app writes once to read rows by id (EffectStore says it for
// its users); an app's module adds `@retroactive`, which this package's own modules may not.
extension IdentifiedArray: IdentifiedElements where Element: Identifiable, ID == Element.ID {
  /// The subscript's key path, so that `\.todos[id: id]` reads are read by id.
  public static func keyPath(toElementWithID id: ID) -> KeyPath<Self, Element?>? { \Self[id: id] }
}
