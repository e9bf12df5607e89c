import Glibc

/// Why the user may not reach a path, said so that it can be mended: the first folder on the
/// way, or the file, that the system keeps from them, whose it is, its group and mode, and what
/// its owner runs to share it with the group (a studio folder that two logins share, say).
/// `description` is the English text, for the log; the screens and commands word it in the
/// player's language from the fields.
public struct PermissionProblem: Equatable, Sendable, CustomStringConvertible {
  public let path: String
  /// The owner's login name; nil when the system has no name for `ownerID`.
  public let owner: String?
  public let ownerID: UInt32
  public let group: String
  public let mode: String
  public let isFolder: Bool
  /// Whether the user is in `group`: if not, sharing with the group does not help them.
  public let isInGroup: Bool
  /// Whether it lies in a folder set up to be shared: then a stricter umask than 002 made it so.
  public let isInSharedFolder: Bool

  init(
    path: String, owner: String?, ownerID: UInt32, group: String, mode: String,
    isFolder: Bool, isInGroup: Bool, isInSharedFolder: Bool
  ) {
    self.path = path
    self.owner = owner
    self.ownerID = ownerID
    self.group = group
    self.mode = mode
    self.isFolder = isFolder
    self.isInGroup = isInGroup
    self.isInSharedFolder = isInSharedFolder
  }

  /// The problem on the way to `path`, which the system refused with `EACCES` or `EPERM`; nil
  /// when no part of the way is kept from the user now. `writing`: the user wants to change
  /// `path`, or to make it in the last folder that exists on the way.
  init?(reaching path: String, writing: Bool = false) {
    var blocked: (path: String, info: stat)?
    var prefix = ""
    var last: (path: String, info: stat)?
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += "/\(component)"
      var info = stat()
      guard lstat(prefix, &info) == 0 else { break }
      last = (prefix, info)
      let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
      if access(prefix, isFolder ? R_OK | X_OK : R_OK) != 0 {
        blocked = (prefix, info)
        break
      }
    }
    if blocked == nil, writing, let last, access(last.path, W_OK) != 0 { blocked = last }
    guard let blocked else { return nil }
    self.path = blocked.path
    owner = Self.userName(blocked.info.st_uid)
    ownerID = blocked.info.st_uid
    group = Self.groupName(blocked.info.st_gid)
    isFolder = (blocked.info.st_mode & S_IFMT) == S_IFDIR
    mode = Self.modeText(blocked.info.st_mode, isFolder: isFolder)
    isInGroup = Self.isMember(of: blocked.info.st_gid)
    isInSharedFolder = Platform.isShared(Platform.parent(of: blocked.path))
  }

  public var description: String {
    let owner = owner ?? "user \(ownerID)"
    let sharing =
      isInGroup
      ? "to share it with the group, \(owner) runs: \(fix)"
      : "you are not in its group \(group): the box's admin adds you (usermod -aG \(group) NAME)"
    let umask = isInSharedFolder ? " (and everyone sharing the folder works with umask 002)" : ""
    return "permission denied: \(path) is \(owner)'s (group \(group), \(mode)); \(sharing)\(umask)"
  }

  /// What the owner runs to share it with the group, the path quoted for the shell.
  public var fix: String {
    let quoted =
      "'"
      + path.split(separator: "'", omittingEmptySubsequences: false).joined(
        separator: "'\\''") + "'"
    return isFolder
      ? "chmod -R g+rwX \(quoted) && find \(quoted) -type d -exec chmod g+s {} +"
      : "chmod g+rw \(quoted)"
  }

  /// The error for `access` to `file` at `path` refused by the system: for a permission
  /// refused, the problem and its fix; otherwise the system's reason.
  static func error(
    _ access: StorageError.Access, file: String, at path: String, _ error: SystemError,
    writing: Bool = false
  ) -> StorageError {
    guard error.code == EACCES || error.code == EPERM,
      let problem = PermissionProblem(reaching: path, writing: writing)
    else { return .failed(access, file: file, reason: error.description) }
    return .permissionDenied(file: file, access: access, problem: problem)
  }

  private static func userName(_ id: uid_t) -> String? {
    guard let entry = getpwuid(id), let name = entry.pointee.pw_name else { return nil }
    return String(cString: name)
  }

  private static func groupName(_ id: gid_t) -> String {
    guard let entry = getgrgid(id), let name = entry.pointee.gr_name else { return "\(id)" }
    return String(cString: name)
  }

  private static func isMember(of group: gid_t) -> Bool {
    if getegid() == group { return true }
    let count = getgroups(0, nil)
    guard count > 0 else { return false }
    var groups = [gid_t](repeating: 0, count: Int(count))
    let filled = getgroups(count, &groups)
    return groups.prefix(Int(max(0, filled))).contains(group)
  }

  /// `ls -l`'s form, such as `drwxr-s---`.
  private static func modeText(_ mode: mode_t, isFolder: Bool) -> String {
    let letters: [(mode_t, Character)] = [
      (S_IRUSR, "r"), (S_IWUSR, "w"), (S_IXUSR, "x"), (S_IRGRP, "r"), (S_IWGRP, "w"),
      (S_IXGRP, "x"), (S_IROTH, "r"), (S_IWOTH, "w"), (S_IXOTH, "x"),
    ]
    var text = isFolder ? "d" : "-"
    for (index, (bit, letter)) in letters.enumerated() {
      var shown: Character = mode & bit != 0 ? letter : "-"
      if index == 5, mode & S_ISGID != 0 { shown = mode & bit != 0 ? "s" : "S" }
      text.append(shown)
    }
    return text
  }
}
