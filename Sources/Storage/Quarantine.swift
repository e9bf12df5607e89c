import Files
import FoundationEssentials
import Glibc

/// Sets a file aside as `<name>.bad-<UTC timestamp>` so a problem file is kept for the user
/// instead of being overwritten.
public enum Quarantine {
  public enum Method: Sendable {
    /// Moves the file away; the original name is free afterwards.
    case rename
    /// Keeps the original in place and writes a copy, for a file still in use.
    case copy
  }

  /// Returns where the file now is (for `.rename`) or where the copy is (for `.copy`).
  /// If the name is taken (two problems in one second), `-2`, `-3`, … is appended.
  public static func setAside(_ file: URL, at date: Date, by method: Method = .rename)
    throws(StorageError) -> URL
  {
    let stem = "\(file.lastPathComponent).bad-\(UTCTimestamp(date).compact)"
    let folder = file.deletingLastPathComponent()
    let contents: Data
    do throws(FileError) {
      contents = method == .copy ? try RegularFile.read(file, as: .settings) : Data()
    } catch {
      throw StorageError.cannotSetAside(file: file.lastPathComponent, reason: error.description)
    }
    do throws(SystemError) {
      var attempt = 1
      while true {
        let name = attempt == 1 ? stem : "\(stem)-\(attempt)"
        let target = folder.appendingPathComponent(name)
        attempt += 1
        switch method {
        case .rename:
          // Checking first leaves a tiny window only against another Woodshed setting the same
          // file aside in the same second; plain rename would silently replace the target.
          if Platform.fileExists(target.path) { continue }
          if Glibc.rename(file.path, target.path) != 0 { throw SystemError.current }
        case .copy:
          if try !write(contents, toNew: target) { continue }
        }
        Platform.syncFolder(folder)
        return target
      }
    } catch {
      throw StorageError.cannotSetAside(file: file.lastPathComponent, reason: error.description)
    }
  }

  /// Returns false, writing nothing, if `target` already exists.
  private static func write(_ contents: Data, toNew target: URL) throws(SystemError) -> Bool {
    let descriptor: Int32
    do throws(SystemError) {
      descriptor = try Platform.openFile(target.path, O_WRONLY | O_CREAT | O_EXCL)
    } catch  where error.code == EEXIST {
      return false
    }
    var failure: SystemError?
    do throws(SystemError) {
      try Platform.writeAll(descriptor, contents)
      try Platform.sync(descriptor)
    } catch {
      failure = error
    }
    if close(descriptor) != 0, failure == nil { failure = SystemError.current }
    if let failure {
      unlink(target.path)
      throw failure
    }
    return true
  }
}
