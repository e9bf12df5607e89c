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
  /// The owner is worded in two places, as whose the path is and as who runs the fix, which
  /// some languages say differently (del usuario 40001, el usuario 40001).
  public var message: Message {
    func owner(_ place: String) -> Message {
      self.owner.map { Message("storage.permission.\(place).named", ["name": $0]) }
        ?? Message("storage.permission.\(place).unnamed", ["id": "\(ownerID)"])
    }
    let sharing =
      isInGroup
      ? Message("storage.permission.share", ["fix": fix], nested: ["owner": owner("runner")])
      : Message("storage.permission.notInGroup", ["group": group])
    return Message(
      isInSharedFolder ? "storage.permission.inSharedFolder" : "storage.permission",
      ["path": path, "group": group, "mode": mode],
      nested: ["sharing": sharing, "owner": owner("owner")])
  }
}

extension Localizer {
  /// `error` in this language where it is worded in it, else its English description.
  func text(of error: any Error) -> String {
    (error as? StorageError)?.message.map(text) ?? "\(error)"
  }
}
