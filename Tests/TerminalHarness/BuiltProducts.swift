import Foundation

/// The executables `swift build` made beside the test bundle, as a user would run them.
public enum BuiltProducts {
  /// The path of `name` in the build folder the running test binary came from.
  public static func executable(named name: String) -> String {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
    let candidates = [
      testBinary.deletingLastPathComponent().appendingPathComponent(name),
      testBinary.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(name),
    ]
    return
      (candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[0]).path
  }
}
