import FoundationEssentials
import Glibc

/// The one rule for where Woodshed writes a file the user named: a new path, or an existing
/// regular file when replacing it was asked for. A device, FIFO, socket or folder is never
/// replaced, whatever was asked: writing beside it and renaming over it would destroy it.
public enum OutputTarget {
  public static func check(_ url: URL, replacing: Bool) throws(FileError) {
    var status = stat()
    guard stat(url.path, &status) == 0 else {
      if errno == ENOENT { return }
      throw .current
    }
    let type = status.st_mode & S_IFMT
    if type == S_IFDIR { throw .system(EISDIR) }
    guard type == S_IFREG else { throw .notRegular(RegularFile.typeName(of: type)) }
    if !replacing { throw .exists }
  }
}
