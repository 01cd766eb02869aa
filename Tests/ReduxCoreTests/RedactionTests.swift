import Foundation
import ReduxCore
import Testing

struct Account: Equatable, Sendable, Codable {
  var user = "ada"
  @Redacted var token = "t0k3n"
}

enum AccountAction: Equatable, Sendable {
  case signIn(user: String, password: Redacted<String>)
  case rotate(Redacted<String>)
}

func accountReducer(_ account: inout Account, _ action: AccountAction) {
  switch action {
  case .signIn(let user, _): account.user = user
  case .rotate(let token): account.token = token.wrappedValue
  }
}

@MainActor
@Suite struct RedactionTests {
  @Test func theLogShowsNeitherAMarkedFieldNorAMarkedPayload() {
    var lines: [String] = []
    let store = BareStore<Account, AccountAction>(
      Account(), middlewares: [.logging(label: "account", log: { lines.append($0) })], reducer: accountReducer
    )
    store.dispatch(.signIn(user: "grace", password: Redacted(wrappedValue: "hunter2")))
    store.dispatch(.rotate(Redacted(wrappedValue: "n3w")))
    #expect(
      lines == [
        #"[account] signIn(user: "grace", password: <redacted>): user: "ada" -> "grace""#,
        #"[account] rotate(<redacted>): token: <redacted> -> <redacted>"#,
      ])
    #expect(!lines.joined().contains("hunter2") && !lines.joined().contains("n3w"))
    #expect(store.state.token == "n3w")  // the reducer works on the real value
  }

  @Test func printAndDumpShowTheMark() {
    let account = Account()
    #expect("\(account)" == #"Account(user: "ada", _token: <redacted>)"#)
    var dumped = ""
    dump(account, to: &dumped)
    #expect(!dumped.contains("t0k3n"))
  }

  @Test func anEncoderThatAsksWritesTheMarkAndPersistenceKeepsTheValue() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(Account()), as: UTF8.self) == #"{"token":"t0k3n","user":"ada"}"#)
    encoder.userInfo[.redactsSensitiveValues] = true
    #expect(
      String(decoding: try encoder.encode(Account()), as: UTF8.self)
        == #"{"token":"<redacted>","user":"ada"}"#)
  }

  @Test func aSavedStateLoadsBackWithTheRealValue() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("redaction-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let persistence = StatePersistence<Account>(fileURL: folder.appendingPathComponent("account.json"))
    var account = Account()
    account.token = "kept"
    try persistence.save(account)
    #expect(try persistence.load().token == "kept")
  }
}
