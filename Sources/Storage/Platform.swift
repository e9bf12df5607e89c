import FoundationEssentials
import Glibc

/// The few POSIX calls Storage needs, wrapped so that every failure comes back as a `SystemError`
/// carrying `errno` (Foundation's file APIs lose it, and the user should read the system's reason).
enum Platform {
  /// XDG asks for new folders to be private to the user. A folder set up to be shared by a
  /// group (its set-group-ID bit on, as `chmod g+s` makes it) passes that on: what is made in it
  /// belongs to its group, and the user's umask says how far the group may read and write it
  /// (the kernel gives new folders the bit and the group).
  static func folderMode(in parent: String) -> mode_t { isShared(parent) ? 0o777 : 0o700 }

  static func fileMode(in folder: String) -> mode_t { isShared(folder) ? 0o666 : 0o644 }

  /// Whether `folder` is set up to be shared by its group.
  static func isShared(_ folder: String) -> Bool {
    var info = stat()
    return stat(folder, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
      && info.st_mode & S_ISGID != 0
  }

  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Creates `folder` and any missing parents, like `mkdir -p`.
  static func makeFolders(_ folder: URL) throws(SystemError) {
    let path = folder.path
    if makeFolder(path) == 0 { return }
    let failure = SystemError.current
    switch failure.code {
    case EEXIST:
      guard isFolder(path) else { throw SystemError(code: ENOTDIR) }
    case ENOENT:
      let parent = folder.deletingLastPathComponent()
      guard parent.path != path else { throw failure }
      try makeFolders(parent)
      // Another process may have created it meanwhile; that is as good as creating it.
      if makeFolder(path) != 0 && !(errno == EEXIST && isFolder(path)) {
        throw SystemError.current
      }
    default:
      throw failure
    }
  }

  /// `mkdir` with the mode its parent calls for.
  static func makeFolder(_ path: String) -> Int32 {
    mkdir(path, folderMode(in: parent(of: path)))
  }

  static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Opens `path`; a file it creates gets `mode` (a secret's 0o600), or else the mode its
  /// folder calls for.
  static func openFile(_ path: String, _ flags: Int32, mode: mode_t? = nil) throws(SystemError)
    -> Int32
  {
    let mode = mode ?? (flags & O_CREAT != 0 ? fileMode(in: parent(of: path)) : 0)
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
