import FunctionalStore

struct CountState: Equatable, Sendable {
  var value = 0
}

struct TallyState: Equatable, Sendable {
  var added = 0
  var resets = 0
  var others: [String] = []
}

struct SliceAppState: Equatable, Sendable {
  var count = CountState()
  var tally = TallyState()
}

enum Count {
  static let slice = StateSlice<CountState>(name: "count")
  static let incremented = slice.caseReducer("incremented") { state in state.value += 1 }
  static let added = slice.caseReducer("added") { (state, amount: Int) in state.value += amount }
  static let reset = slice.caseReducer("reset") { state in state.value = 0 }
}

/// A created action no slice owns.
let appCleared = ActionCreator<Void>("app/cleared")

enum Tally {
  static let slice = StateSlice<TallyState>(name: "tally") { extra in
    extra.addCase(Count.added) { state, amount in state.added += amount }
    extra.addCase(Count.reset) { state, _ in state.resets += 1 }
    extra.addMatcher({ $0.type.name.hasPrefix("app/") }) { state, action in
      state.others.append(action.type.name)
    }
    extra.addDefaultCase { state, action in state.others.append("default \(action.type.name)") }
  }
  static let cleared = slice.caseReducer("cleared") { state in state = TallyState() }
}

let sliceAppReducer = combineReducers(
  .slice(\SliceAppState.count, Count.slice), .slice(\SliceAppState.tally, Tally.slice))
