import FoundationEssentials
import Glibc

/// Whether Woodshed can create files in a folder, as `woodshed doctor` reports it.
public struct FolderCheck: Equatable, Sendable {
  public let folder: URL
  public let isWritable: Bool
  /// One line: "writable", or what failed and the system's reason.
  public let reason: String

  /// Creates `folder` if missing, then creates and removes a probe file in it. Asking for
  /// permission bits is not enough: root ignores them, and read-only mounts do not show in them.
  public init(checking folder: URL) {
    self.folder = folder
    do throws(SystemError) {
      try Platform.makeFolders(folder)
    } catch {
      (isWritable, reason) = (false, "cannot create the folder: \(error)")
      return
    }
    let probe = folder.appendingPathComponent(
      ".woodshed-probe-\(getpid())-\(UInt32.random(in: .min ... .max))")
    do throws(SystemError) {
      let descriptor = try Platform.openFile(probe.path, O_WRONLY | O_CREAT | O_EXCL)
      close(descriptor)
    } catch {
      (isWritable, reason) = (false, "cannot create files in it: \(error)")
      return
    }
    if unlink(probe.path) != 0 {
      (isWritable, reason) = (false, "cannot remove files from it: \(SystemError.current)")
      return
    }
    (isWritable, reason) = (true, "writable")
  }
}
