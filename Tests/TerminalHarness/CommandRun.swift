import Foundation

/// A built binary (or any command) run to its end without a terminal, as a script runs it.
public enum CommandRun {
  /// Runs `executable` with `arguments` and only `environment`, `input` on standard input
  /// (nothing when nil); returns the exit status, standard output and standard error.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    input: String? = nil
  ) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    let stdin = input.map { _ in Pipe() }
    process.standardOutput = output
    process.standardError = error
    process.standardInput = stdin ?? FileHandle.nullDevice
    try process.run()
    if let stdin, let input {
      stdin.fileHandleForWriting.write(Data(input.utf8))
      try stdin.fileHandleForWriting.close()
    }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }
}
