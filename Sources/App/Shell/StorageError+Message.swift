import Storage

extension StorageError {
  /// The error in the user's language, for the errors worded there: a permission refused,
  /// which a shared studio folder meets. The others keep their English description.
  public var message: Message? {
    guard case .permissionDenied(let file, let access, let problem) = self else { return nil }
    return Message(
      "storage.refused.\(access.rawValue)", ["file": file], nested: ["reason": problem.message])
  }
}

extension PermissionProblem {
  /// The problem and its fix in the user's language; the paths and commands stay as typed.
  public var message: Message {
    let sharing =
      isInGroup
      ? Message("storage.permission.share", ["owner": owner, "fix": fix])
      : Message("storage.permission.notInGroup", ["group": group])
    return Message(
      isInSharedFolder ? "storage.permission.inSharedFolder" : "storage.permission",
      ["path": path, "owner": owner, "group": group, "mode": mode], nested: ["sharing": sharing])
  }
}

extension Localizer {
  /// `error` in this language where it is worded in it, else its English description.
  func text(of error: any Error) -> String {
    (error as? StorageError)?.message.map(text) ?? "\(error)"
  }
}
