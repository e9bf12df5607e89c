import Files
import FoundationEssentials
import Glibc

/// Replaces a file so that a reader, a crash or a full disk only ever sees the old content or
/// the new content, never a mix.
public enum AtomicFile {
  /// Writes `data` to a temporary file next to `url`, flushes it to disk and renames it over
  /// `url`. Missing parent folders are created. On failure the temporary file is removed, the
  /// existing file is untouched, and the error names the file and the system's reason.
  /// If `url` is a symlink, the file it points to is replaced and the link stays.
  /// With `mode` (0o600 for a secret) the new file has that mode from its first byte on;
  /// without it, the old file's mode is kept.
  public static func write(_ data: Data, to link: URL, mode: mode_t? = nil) throws(StorageError) {
    // People keep dotfiles in a repository and link them; renaming over the link would cut it.
    let url = link.resolvingSymlinksInPath()
    do throws(FileError) {
      try OutputTarget.check(url, replacing: true)
    } catch {
      throw StorageError.saveRefused(file: url.lastPathComponent, reason: error.description)
    }
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))")
    do throws(SystemError) {
      try Platform.makeFolders(folder)
      let descriptor = try Platform.openFile(
        temporary.path, O_WRONLY | O_CREAT | O_EXCL, mode: mode)
      do throws(SystemError) {
        if let mode {
          if fchmod(descriptor, mode) != 0 { throw SystemError.current }
        } else {
          try keepMode(of: url, on: descriptor)
        }
        try Platform.writeAll(descriptor, data)
        try Platform.sync(descriptor)
      } catch {
        close(descriptor)
        throw error
      }
      // Network file systems may report a failed write only when the file is closed.
      if close(descriptor) != 0 { throw SystemError.current }
      if rename(temporary.path, url.path) != 0 { throw SystemError.current }
    } catch {
      unlink(temporary.path)
      throw PermissionProblem.error(
        .save, file: url.lastPathComponent, at: url.path, error, writing: true)
    }
    Platform.syncFolder(folder)
  }

  /// A user who made their file private (say `chmod 600`) should not find it readable by all
  /// after the next save.
  private static func keepMode(of url: URL, on descriptor: Int32) throws(SystemError) {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return }
    if fchmod(descriptor, info.st_mode & 0o7777) != 0 { throw SystemError.current }
  }
}
