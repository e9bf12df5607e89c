import Storage

extension SettingsNotice {
  /// The notice in the user's language.
  public var message: Message {
    switch self {
    case .unreadable(let file, let reason):
      return Message("notice.settings.unreadable", ["file": file, "reason": reason])
    case .setAside(let file, let problem, let keptAs):
      return Message(
        "notice.settings.setAside", ["file": file, "kept": keptAs],
        nested: ["problem": problem.message])
    case .cannotSetAside(let file, let problem, let reason):
      return Message(
        "notice.settings.cannotSetAside", ["file": file, "reason": reason],
        nested: ["problem": problem.message])
    case .invalidValues(let file, let keys, let keptAs):
      return Message(
        "notice.settings.invalidValues",
        ["file": file, "keys": keys.joined(separator: ", "), "kept": keptAs])
    case .invalidValuesNotCopied(let file, let keys, let reason):
      return Message(
        "notice.settings.invalidValuesNotCopied",
        ["file": file, "keys": keys.joined(separator: ", "), "reason": reason])
    case .newerVersion(let file, let version):
      return Message("notice.settings.newer", ["file": file, "version": "\(version)"])
    }
  }
}

extension SettingsNotice.Problem {
  var message: Message {
    switch self {
    case .notJSON: return Message("notice.problem.notJSON")
    case .notAnObject: return Message("notice.problem.notAnObject")
    }
  }
}
