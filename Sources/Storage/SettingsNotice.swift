/// Something the user must be told about their settings file, as a value: the app words it in
/// the user's language, the log uses `description`.
public enum SettingsNotice: Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with a file that is not usable at all.
  public enum Problem: Equatable, Sendable {
    case notJSON
    case notAnObject
  }

  case unreadable(file: String, reason: String)
  case setAside(file: String, problem: Problem, keptAs: String)
  case cannotSetAside(file: String, problem: Problem, reason: String)
  case invalidValues(file: String, keys: [String], keptAs: String)
  case invalidValuesNotCopied(file: String, keys: [String], reason: String)
  case newerVersion(file: String, version: Int)

  /// True when settings will not be saved this run, so the user's file is never overwritten.
  public var makesRunReadOnly: Bool {
    switch self {
    case .setAside, .invalidValues: return false
    case .unreadable, .cannotSetAside, .invalidValuesNotCopied, .newerVersion: return true
    }
  }

  public var description: String {
    let text: String
    switch self {
    case .unreadable(let file, let reason):
      text = "\(file) could not be read (\(reason)); using defaults"
    case .setAside(let file, let problem, let keptAs):
      text = "\(file) \(problem.phrase); kept it as \(keptAs) and using defaults"
    case .cannotSetAside(let file, let problem, let reason):
      text = "\(file) \(problem.phrase) and could not be set aside (\(reason)); using defaults"
    case .invalidValues(let file, let keys, let keptAs):
      text =
        "\(file) has invalid values for \(keys.joined(separator: ", ")); kept a copy as \(keptAs) and using defaults for those"
    case .invalidValuesNotCopied(let file, let keys, let reason):
      text =
        "\(file) has invalid values for \(keys.joined(separator: ", ")) and no copy could be kept (\(reason)); using defaults for those"
    case .newerVersion(let file, let version):
      text =
        "\(file) is from a newer Woodshed (version \(version)); using the settings this version knows"
    }
    return makesRunReadOnly ? text + " and not saving settings this run" : text
  }
}

extension SettingsNotice.Problem {
  var phrase: String {
    switch self {
    case .notJSON: return "is " + JSONSyntaxError().description
    case .notAnObject: return "does not hold a JSON object"
    }
  }
}
