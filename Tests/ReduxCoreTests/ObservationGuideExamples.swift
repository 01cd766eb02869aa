import IdentifiedCollections
import Observation
import ReduxCore
import Synchronization
import Testing

// The samples of Docs/Observation.md, compiled and run; `.ci/check-doc-samples` keeps them in
// step with the page. Their `print` calls are recorded here, so the test checks what the page
// says they print.

private let printed = Mutex<[String]>([])

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

  @Test func deeperPathsAndElements() {
    _ = takePrinted()
    let store = makeScreenStore()
    withObservationTracking {
      render(theme: store.state(\.settings.theme), todo: store.state(\.todos[id: 2]))
    } onChange: {
      print("the theme or todo 2 changed")
    }
    store.dispatch(.setFontSize(14))  // nothing: neither read value changed
    store.dispatch(.rename(2, "Ship it"))  // "the theme or todo 2 changed"
    #expect(takePrinted() == ["the theme or todo 2 changed"])
  }
}
