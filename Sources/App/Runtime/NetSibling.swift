import Glibc

/// `woodshed-net`, the binary beside this one that links the networking (ARCHITECTURE.md, "Two
/// binaries"): the commands that need the server run it in place of this process, and the
/// practice room runs its refresh in the background.
public enum NetSibling {
  public static var path: String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
    let executable =
      length > 0
      ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : CommandLine.arguments[0]
    let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    return (folder.isEmpty ? "." : folder) + "/woodshed-net"
  }
}
