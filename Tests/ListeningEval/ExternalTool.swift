import Foundation

/// Runs the command-line programs the evaluation compares with or renders through.
enum ExternalTool {
  static func path(of name: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(
      separator: ":")
    return folders.map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The program's standard output, or nil when it could not run or failed.
  static func run(_ executable: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// `run`, with the program's memory laid out the same on every run (`setarch -R`, which
  /// turns off address space randomisation), or as `run` does where that cannot be had.
  /// timidity's rendering of a take depends on where its memory lies: a note now and then
  /// comes out at another phase, so the evaluation's clips, and every figure on them, moved a
  /// little from one run of the benchmark to the next.
  static func runAtFixedAddresses(_ executable: String, _ arguments: [String]) -> String? {
    if let setarch = path(of: "setarch"), let output = run(setarch, ["-R", executable] + arguments)
    {
      return output
    }
    return run(executable, arguments)
  }

  /// A fresh folder for one run's files, removed by the caller.
  static func scratchFolder() -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-onsets-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
