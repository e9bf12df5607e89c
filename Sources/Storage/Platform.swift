import FoundationEssentials
import Glibc

/// The few POSIX calls Storage needs, wrapped so that every failure comes back as a `SystemError`
/// carrying `errno` (Foundation's file APIs lose it, and the user should read the system's reason).
enum Platform {
  /// XDG asks for new folders to be private to the user.
  static let folderMode: mode_t = 0o700
  static let fileMode: mode_t = 0o644

  /// Creates `folder` and any missing parents, like `mkdir -p`.
  static func makeFolders(_ folder: URL) throws(SystemError) {
    let path = folder.path
    if mkdir(path, folderMode) == 0 { return }
    let failure = SystemError.current
    switch failure.code {
    case EEXIST:
      guard isFolder(path) else { throw SystemError(code: ENOTDIR) }
    case ENOENT:
      let parent = folder.deletingLastPathComponent()
      guard parent.path != path else { throw failure }
      try makeFolders(parent)
      // Another process may have created it meanwhile; that is as good as creating it.
      if mkdir(path, folderMode) != 0 && !(errno == EEXIST && isFolder(path)) {
        throw SystemError.current
      }
    default:
      throw failure
    }
  }

  static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  static func openFile(_ path: String, _ flags: Int32, mode: mode_t = fileMode) throws(SystemError)
    -> Int32
  {
    while true {
      let descriptor = open(path, flags | O_CLOEXEC, mode)
      if descriptor >= 0 { return descriptor }
      if errno != EINTR { throw SystemError.current }
    }
  }

  /// Writes every byte, retrying after short writes and signals; a plain `write` may do less.
  static func writeAll(_ descriptor: Int32, _ data: Data) throws(SystemError) {
    let outcome: SystemError? = data.withUnsafeBytes { buffer in
      guard var next = buffer.baseAddress else { return nil }
      var remaining = buffer.count
      while remaining > 0 {
        let written = write(descriptor, next, remaining)
        if written < 0 {
          if errno == EINTR { continue }
          return SystemError.current
        }
        next += written
        remaining -= written
      }
      return nil
    }
    if let outcome { throw outcome }
  }

  static func sync(_ descriptor: Int32) throws(SystemError) {
    while fsync(descriptor) != 0 {
      if errno != EINTR { throw SystemError.current }
    }
  }

  /// Makes a rename or a new file in `folder` survive a power cut. Best effort: some file systems
  /// refuse `fsync` on folders, and by then the data itself is already in place.
  static func syncFolder(_ folder: URL) {
    guard let descriptor = try? openFile(folder.path, O_RDONLY | O_DIRECTORY) else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  /// Names of the entries in `folder`, without "." and "..", in no particular order.
  static func listFolder(_ folder: URL) throws(SystemError) -> [String] {
    guard let stream = opendir(folder.path) else { throw SystemError.current }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  static func removeFile(_ path: String) throws(SystemError) {
    guard unlink(path) == 0 else { throw SystemError.current }
  }

  static func fileExists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }
}
