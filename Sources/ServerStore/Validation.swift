/// The rules an account's name and password meet, checked before anything reaches the database.
public enum AccountRules {
  public static let nameLengths = 2...32
  public static let minimumPasswordLength = 8
  /// bcrypt reads only the first 72 bytes; a longer password would pass with any tail.
  public static let maximumPasswordBytes = 72

  /// Why `name` is not a valid account name, or nil when it is.
  public static func problem(withName name: String) -> String? {
    guard nameLengths.contains(name.count) else {
      return "a name has \(nameLengths.lowerBound) to \(nameLengths.upperBound) characters"
    }
    let allowed = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-"
    }
    guard allowed, let first = name.unicodeScalars.first, ("a"..."z").contains(first) else {
      return "a name starts with a letter and has only a-z, 0-9, '.', '_' and '-'"
    }
    return nil
  }

  /// Why `password` is not acceptable, or nil when it is.
  public static func problem(withPassword password: String) -> String? {
    if password.count < minimumPasswordLength {
      return "a password has at least \(minimumPasswordLength) characters"
    }
    if password.utf8.count > maximumPasswordBytes {
      return "a password has at most \(maximumPasswordBytes) bytes"
    }
    return nil
  }
}
