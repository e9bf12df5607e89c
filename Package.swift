// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Woodshed",
  products: [
    .executable(name: "woodshed", targets: ["woodshed"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    .systemLibrary(
      name: "CNcursesw", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"])]),
    .systemLibrary(
      name: "CPulseAudio", pkgConfig: "libpulse", providers: [.apt(["libpulse-dev"])]),
    .systemLibrary(name: "CFFTW", pkgConfig: "fftw3f", providers: [.apt(["libfftw3-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),

    .target(name: "MusicTheory"),
    .target(name: "Files"),
    .target(name: "MIDI"),
    .target(name: "DSP", dependencies: ["CFFTW"]),
    .target(name: "Practice", dependencies: ["MusicTheory"]),
    .target(name: "AudioModel", dependencies: ["DSP"]),
    .target(
      name: "Audio", dependencies: ["DSP", "AudioModel", "Files", "MIDI", "CPulseAudio", "CALSA"]),
    .target(
      name: "Storage",
      dependencies: [
        "MusicTheory", "DSP", "Files", "CZlib", .product(name: "Logging", package: "swift-log"),
      ]),
    .target(name: "TerminalUI", dependencies: ["MusicTheory", "CNcursesw"]),
    .target(
      name: "App",
      dependencies: [
        "MusicTheory", "Practice", "DSP", "Files", "MIDI", "AudioModel", "Audio", "Storage",
        "TerminalUI", .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(
      name: "woodshed",
      dependencies: [
        "App", "Audio", "AudioModel", "Storage", "TerminalUI",
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
    .executableTarget(
      name: "woodshed-patterns", dependencies: ["MusicTheory", "Practice", "Storage"],
      path: "Tests/PatternTool"),

    .testTarget(name: "MusicTheoryTests", dependencies: ["MusicTheory"]),
    .testTarget(name: "FilesTests", dependencies: ["Files"]),
    .testTarget(name: "MIDITests", dependencies: ["MIDI", "ListeningEval", "TestHelpers"]),
    .testTarget(name: "DSPTests", dependencies: ["DSP", "ListeningEval"]),
    .testTarget(name: "PracticeTests", dependencies: ["Practice", "DSP"]),
    .testTarget(name: "AudioTests", dependencies: ["Audio", "AudioModel", "DSP", "TestHelpers"]),
    .testTarget(
      name: "StorageTests", dependencies: ["Storage", "DSP", "Practice", "TestHelpers", "CZlib"]),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "MusicTheory", "TestHelpers"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App", "AudioModel", "TestHelpers", "TerminalUI", "Storage", "ListeningEval",
        .product(name: "Logging", package: "swift-log"),
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "WoodshedTests", dependencies: ["TerminalHarness", "TestHelpers", "ListeningEval"]),
  ]
)
