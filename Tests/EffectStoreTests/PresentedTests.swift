import EffectStore
import Foundation
import ReduxTesting
import Testing

/// A feature that presents itself (TCA's recursive `@Presents`), through `@Presented`.
@MainActor
@Suite struct PresentedTests {
  struct Folder: Equatable, Sendable, Codable {
    var name: String
    var opened = 0
    @Presented var subfolder: Folder?
  }

  indirect enum FolderAction: Equatable, Sendable {
    case open(String)
    case close
    case subfolder(FolderAction)
  }

  struct FolderFeature: Reducer {
    var body: some Reducer<Folder, FolderAction> {
      Reduce { state, action in
        switch action {
        case .open(let name):
          state.subfolder = Folder(name: name)
          state.opened += 1
        case .close: state.subfolder = nil
        case .subfolder: break
        }
        return .none
      }
      .ifLet(\.subfolder, action: FolderAction.subfolder) {
        if case .subfolder(let action) = $0 { action } else { nil }
      } then: {
        FolderFeature()
      }
    }
  }

  @Test func aFeaturePresentsItselfTwoLevelsDeep() async {
    let store = FeatureTestStore(initialState: Folder(name: "/"), reducer: FolderFeature())
    await store.send(.open("docs")) {
      $0.subfolder = Folder(name: "docs")
      $0.opened = 1
    }
    await store.send(.subfolder(.open("drafts"))) {
      $0.subfolder?.subfolder = Folder(name: "drafts")
      $0.subfolder?.opened = 1
    }
    await store.send(.subfolder(.close)) { $0.subfolder?.subfolder = nil }
    await store.finish()
  }

  @Test func itIsAValueComparedAndCodedAsTheOptionalItWraps() throws {
    var first = Folder(name: "/")
    first.subfolder = Folder(name: "a")
    var second = first
    second.subfolder?.name = "b"
    #expect(first.subfolder?.name == "a")  // a copy, not a shared box
    #expect(first != second)
    let data = try JSONEncoder().encode(first)
    #expect(String(decoding: data, as: UTF8.self).contains(#""subfolder":{"#))
    #expect(try JSONDecoder().decode(Folder.self, from: data) == first)
  }
}
