// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "SwiftRedux",
  platforms: [
    // The Observation module, which every store conforms to, needs these releases.
    .macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1),
  ],
  products: [
    .library(name: "ReduxCore", targets: ["ReduxCore"]),
    .library(name: "FunctionalStore", targets: ["FunctionalStore"]),
    .library(name: "ClassStore", targets: ["ClassStore"]),
    .library(name: "EffectStore", targets: ["EffectStore"]),
    .library(name: "ReduxTesting", targets: ["ReduxTesting"]),
    .library(name: "ReduxDevTools", targets: ["ReduxDevTools"]),
    // Server data in the store's state, fetched, shared and refetched for you (RTK Query's job).
    .library(name: "ReduxQuery", targets: ["ReduxQuery"]),
    // `swift run redux-inspect session.jsonl`: the inspector page of a recording.
    .executable(name: "redux-inspect", targets: ["ReduxInspect"]),
  ],
  // The policy: ReduxCore, FunctionalStore and ClassStore depend on nothing, so their users pay
  // nothing; EffectStore, ReduxTesting and the benchmarks may use the field's standard libraries
  // where they do the job better, each pinned `from:` a released version and named in the
  // README with what it brings.
  dependencies: [
    // Reports a test store's failures to whichever framework runs the test: XCTest or Swift
    // Testing; tells a shared value which test it is made in.
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // The collection of element states `ForEachElement` and element child stores work on, the
    // one TCA users already have in their models (Docs/Benchmarks.md has the measured choice).
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    // What identified collections are built on (their `ids` are an `OrderedSet`).
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    // The test stores' failure messages: readable diffs of enums, classes, sets, dictionaries and
    // nested collections, in the format TCA's test store prints.
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    // The tests show that swift-clocks' clocks (ImmediateClock, its TestClock) drive effects
    // under the test stores, beside ReduxTesting's own TestClock.
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    // Where the devtools' logging middleware writes on a server: swift-log's `Logger`.
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    // The live inspector's server (`redux-inspect --live`: HTTP and WebSocket on loopback), and
    // the query cache's tests' HTTP server. Neither is in an app: its side stays on Foundation.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // `swift package generate-documentation`: the API reference of every product (DocC).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(name: "ReduxCore", path: "Packages/ReduxCore/Sources/ReduxCore"),
    .target(
      name: "FunctionalStore", dependencies: ["ReduxCore"],
      path: "Packages/FunctionalStore/Sources/FunctionalStore"),
    .target(
      name: "ClassStore", dependencies: ["ReduxCore"], path: "Packages/ClassStore/Sources/ClassStore"),
    .target(
      name: "EffectStore",
      dependencies: [
        "ReduxCore",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        // The ids of an identified collection (`OrderedSet`), which the element followers compare.
        .product(name: "OrderedCollections", package: "swift-collections"),
        // Which Swift Testing test is running, so that each test's shared values are its own.
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      path: "Packages/EffectStore/Sources/EffectStore"),
    // A query cache on a functional store: Foundation's URLSession, no other dependency.
    .target(
      name: "ReduxQuery", dependencies: ["ReduxCore", "FunctionalStore"],
      path: "Packages/ReduxQuery/Sources/ReduxQuery"),
    // Undo and redo, time travel, session recordings and the inspector page, for every style.
    .target(
      name: "ReduxDevTools",
      dependencies: [
        "ReduxCore",
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Packages/ReduxDevTools/Sources/ReduxDevTools"),
    // The live inspector's server (`redux-inspect --live`), on SwiftNIO; the app's side
    // (ReduxDevTools) does not depend on it. A target of its own so that tests start it.
    .target(
      name: "ReduxInspectServer",
      dependencies: [
        "ReduxDevTools",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ],
      path: "Packages/ReduxDevTools/Sources/ReduxInspectServer"),
    .executableTarget(
      name: "ReduxInspect", dependencies: ["ReduxDevTools", "ReduxInspectServer"],
      path: "Packages/ReduxDevTools/Sources/ReduxInspect"),
    // Test stores for every style, for tests written with XCTest or Swift Testing.
    .target(
      name: "ReduxTesting",
      dependencies: [
        "ReduxCore", "ClassStore", "EffectStore", "FunctionalStore",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // What IssueReporting calls to record a failure in XCTest or Swift Testing on Linux.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      path: "Packages/ReduxTesting/Sources/ReduxTesting"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "ReduxCore", "FunctionalStore", "ClassStore", "EffectStore", "ReduxTesting", "ReduxDevTools",
        "ReduxQuery",
        // The collection scenarios (C5, C6) measure it with no store around it.
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      path: "Benchmarks",
      // What `--check-instructions` compares with; read from the package folder, not bundled.
      exclude: ["instructions-baseline.json"]),
    // Commits one programmer error per run, so a test can read what a release build prints.
    // A store with a live inspector, driven on standard input: the app of the live inspector's
    // end-to-end check (.ci/check-live-inspector).
    .executableTarget(
      name: "LiveInspectorApp", dependencies: ["FunctionalStore", "ReduxDevTools"],
      path: "Tests/LiveInspectorApp"),
    .executableTarget(
      name: "ProgrammerErrorProbe", dependencies: ["FunctionalStore", "EffectStore", "ReduxQuery"],
      path: "Tests/ProgrammerErrorProbe"),
    .testTarget(
      name: "ReduxCoreTests",
      dependencies: [
        "ReduxCore",
        // A state holding a collection of rows, observed per field, as apps hold them.
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      path: "Tests/ReduxCoreTests"),
    .testTarget(
      name: "ConformanceTests",
      dependencies: [
        "ReduxCore", "FunctionalStore", "ClassStore", "EffectStore", "ReduxTesting", "ReduxDevTools",
        "ReduxQuery",
        // The live inspector's contract runs its server in the test's process.
        "ReduxInspectServer",
        // One file imports it beside every style, as a TCA user's file does.
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      path: "Tests/ConformanceTests"),
    // The samples of the guides (Docs/ and the packages' READMEs) that need a store of a style
    // beside declarations of their own, compiled and run as a user's code.
    .testTarget(
      name: "GuideTests",
      dependencies: [
        "ReduxCore", "FunctionalStore", "ClassStore", "EffectStore", "ReduxTesting", "ReduxDevTools",
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Tests/GuideTests"),
    .testTarget(
      name: "ClassStoreTests", dependencies: ["ClassStore", "ReduxTesting"], path: "Tests/ClassStoreTests"),
    .testTarget(
      name: "EffectStoreTests",
      dependencies: ["EffectStore", "ReduxTesting", .product(name: "Clocks", package: "swift-clocks")],
      path: "Tests/EffectStoreTests"),
    .testTarget(
      name: "FunctionalStoreTests", dependencies: ["FunctionalStore", "ReduxTesting"],
      path: "Tests/FunctionalStoreTests"),
    .testTarget(
      name: "ReduxQueryTests",
      dependencies: [
        "ReduxQuery", "ReduxTesting", "EffectStore", "ClassStore",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ],
      path: "Tests/ReduxQueryTests"),
    .testTarget(
      name: "ReduxDevToolsTests",
      dependencies: [
        "ReduxDevTools", "FunctionalStore", "ClassStore", "EffectStore", "ReduxTesting",
        .product(name: "Logging", package: "swift-log"),
        // The live inspector's server, started in the tests' own process.
        "ReduxInspectServer",
      ],
      path: "Tests/ReduxDevToolsTests"),
    .testTarget(
      name: "ReduxTestingTests",
      dependencies: ["ReduxTesting", .product(name: "Clocks", package: "swift-clocks")],
      path: "Tests/ReduxTestingTests"),
  ],
  swiftLanguageModes: [.v6]
)

// One list of settings for every target, so none is forgotten.
let sharedSwiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]
for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + sharedSwiftSettings
}
