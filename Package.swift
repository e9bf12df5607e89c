// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Woodshed",
  products: [
    .executable(name: "woodshed", targets: ["woodshed"]),
    .executable(name: "woodshed-net", targets: ["woodshed-net"]),
    .executable(name: "woodshed-server-bench", targets: ["woodshed-server-bench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    // The network side, linked into woodshed-net only (ARCHITECTURE.md, "Two binaries").
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
    .package(
      url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(
      url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
    .package(url: "https://github.com/vapor/sql-kit", from: "3.36.0"),
    .package(url: "https://github.com/vapor/async-kit", from: "1.22.0"),
    .package(url: "https://github.com/vapor/sqlite-kit", from: "4.5.2"),
    .package(url: "https://github.com/vapor/postgres-kit", from: "2.17.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    // Latency percentiles for the server benchmark (woodshed-server-bench) only.
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CNcursesw", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"])]),
    .systemLibrary(
      name: "CPulseAudio", pkgConfig: "libpulse", providers: [.apt(["libpulse-dev"])]),
    .systemLibrary(name: "CFFTW", pkgConfig: "fftw3f", providers: [.apt(["libfftw3-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
    .systemLibrary(name: "CLTC", pkgConfig: "ltc", providers: [.apt(["libltc-dev"])]),

    .target(name: "MusicTheory"),
    .target(name: "Files"),
    .target(name: "MIDI"),
    .target(name: "OSC"),
    .target(name: "DSP", dependencies: ["CFFTW"]),
    .target(name: "Practice", dependencies: ["MusicTheory"]),
    .target(name: "AudioModel", dependencies: ["DSP"]),
    .target(
      name: "Audio",
      dependencies: ["DSP", "AudioModel", "Files", "MIDI", "CPulseAudio", "CALSA", "CLTC"]),
    .target(
      name: "Storage",
      dependencies: [
        "MusicTheory", "DSP", "Files", "CZlib", .product(name: "Logging", package: "swift-log"),
      ]),
    .target(name: "TerminalUI", dependencies: ["MusicTheory", "CNcursesw"]),
    .target(
      name: "App",
      dependencies: [
        "MusicTheory", "Practice", "DSP", "Files", "MIDI", "OSC", "AudioModel", "Audio",
        "Storage", "TerminalUI", .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(
      name: "woodshed",
      dependencies: [
        "App", "Audio", "AudioModel", "Storage", "TerminalUI",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),

    .target(
      name: "NetAPI",
      dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
      exclude: ["openapi.yaml", "openapi-generator-config.yaml"]),
    .target(
      name: "ServerStore",
      dependencies: [
        .product(name: "SQLKit", package: "sql-kit"),
        .product(name: "SQLiteKit", package: "sqlite-kit"),
        .product(name: "PostgresKit", package: "postgres-kit"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "AsyncKit", package: "async-kit"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .target(
      name: "Server",
      dependencies: [
        "NetAPI", "ServerStore", "Storage", "MusicTheory", "Practice",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .target(
      name: "NetClient",
      dependencies: [
        "NetAPI", "Storage",
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
    .executableTarget(
      name: "woodshed-net",
      dependencies: [
        "Server", "ServerStore", "NetClient", "Storage", "MusicTheory", "Practice", "TerminalUI",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),

    .target(
      name: "TestHelpers",
      dependencies: [
        "TerminalUI", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      path: "Tests/TestHelpers"),
    .target(name: "TerminalHarness", path: "Tests/TerminalHarness"),
    // Interval games played by the real game, for the server's tests and its benchmark.
    .target(
      name: "GameRecords", dependencies: ["Practice", "MusicTheory", "DSP"],
      path: "Tests/GameRecords"),
    .target(
      name: "ListeningEval", dependencies: ["DSP", "AudioModel", "Audio", "Practice"],
      path: "Tests/ListeningEval",
      exclude: ["librosa_onsets.py"]),
    .executableTarget(
      name: "woodshed-bench",
      dependencies: [
        "App", "Audio", "AudioModel", "DSP", "MIDI", "Practice", "Storage", "TerminalUI",
        "TerminalHarness",
        "ListeningEval", "CZlib",
      ],
      path: "Tests/Benchmarks"),
    // The server's benchmark, apart from woodshed-bench so that the app's figures never link the
    // network side; it drives the real woodshed-net binary.
    .executableTarget(
      name: "woodshed-server-bench",
      dependencies: [
        "NetAPI", "NetClient", "ServerStore", "Practice", "GameRecords",
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "SQLKit", package: "sql-kit"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Histogram", package: "hdrhistogram-swift"),
      ],
      path: "Tests/ServerBenchmark"),
    .executableTarget(
      name: "woodshed-patterns", dependencies: ["MusicTheory", "Practice", "Storage"],
      path: "Tests/PatternTool"),

    .testTarget(
      name: "MusicTheoryTests", dependencies: ["MusicTheory", "TerminalHarness"],
      exclude: ["Oracle"]),
    .testTarget(name: "FilesTests", dependencies: ["Files"]),
    .testTarget(name: "OSCTests", dependencies: ["OSC"]),
    .testTarget(name: "MIDITests", dependencies: ["MIDI", "ListeningEval", "TestHelpers"]),
    .testTarget(name: "DSPTests", dependencies: ["DSP", "ListeningEval"]),
    .testTarget(name: "PracticeTests", dependencies: ["Practice", "DSP", "GameRecords"]),
    .testTarget(name: "AudioTests", dependencies: ["Audio", "AudioModel", "DSP", "TestHelpers"]),
    .testTarget(
      name: "StorageTests", dependencies: ["Storage", "DSP", "Practice", "TestHelpers", "CZlib"]),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "MusicTheory", "TestHelpers"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App", "AudioModel", "OSC", "TestHelpers", "TerminalUI", "Storage", "ListeningEval",
        .product(name: "Logging", package: "swift-log"),
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "WoodshedTests",
      dependencies: ["TerminalHarness", "TestHelpers", "ListeningEval", "CLTC"]),
    .testTarget(
      name: "ServerStoreTests",
      dependencies: [
        "ServerStore", .product(name: "SQLKit", package: "sql-kit"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(
      name: "ServerTests",
      dependencies: [
        "NetAPI", "NetClient", "ServerStore", "TerminalHarness", "Practice", "GameRecords",
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "SQLKit", package: "sql-kit"),
        .product(name: "Logging", package: "swift-log"),
      ]),
  ]
)
