import FoundationEssentials
import Glibc

/// The file this process runs, as the kernel knows it (`/proc/self/exe`, its real path).
/// The first argument says only how the program was called: a bare `woodshed` found on the
/// `PATH` names no folder, and read as a path it would lie in the working folder.
public enum RunningExecutable {
  public static var path: String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
    return length > 0
      ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : CommandLine.arguments[0]
  }

  public static var url: URL { URL(fileURLWithPath: path) }
}
