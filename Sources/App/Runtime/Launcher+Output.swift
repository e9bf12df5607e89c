import Files
import FoundationEssentials

extension Launcher {
  /// Refuses, in one line, a file the user named for a command to write (`--output`,
  /// `--audio-out`) unless it is a new path, or an existing regular file and `force` is set.
  static func checkOutput(_ url: URL, force: Bool) throws(Failure) {
    let name = url.lastPathComponent
    do throws(FileError) {
      try OutputTarget.check(url, replacing: force)
    } catch {
      throw Failure(
        description: error == .exists
          ? "\(name) already exists; choose another name or add --force"
          : "cannot write \(name): \(error)")
    }
  }
}
