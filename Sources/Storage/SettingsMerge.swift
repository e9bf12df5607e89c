import FoundationEssentials

/// Two machines' settings joined field by field, for a player who changed some on one and some
/// on the other: a field only one side changed since they last met (`base`, the settings both
/// held then) takes that side's value; a field both changed, or any field that differs when
/// there is no such base, takes the newer file's. A field is a value that is no object, so
/// `metronome.bpm` and `metronome.sound` are apart; keys this version does not know are joined
/// the same way.
public enum SettingsMerge {
  public struct Side: Sendable {
    public let settings: JSONValue
    public let modifiedAt: Date

    public init(settings: JSONValue, modifiedAt: Date) {
      self.settings = settings
      self.modifiedAt = modifiedAt
    }
  }

  public static func merged(_ local: Side, _ other: Side, base: JSONValue?) -> JSONValue {
    let newer = other.modifiedAt > local.modifiedAt ? other.settings : local.settings
    var result = local.settings
    for path in Set(fields(of: local.settings)).union(fields(of: other.settings)).sorted(by: {
      $0.lexicographicallyPrecedes($1)
    }) {
      let mine = local.settings.lookUp(path)
      let theirs = other.settings.lookUp(path)
      guard mine != theirs else { continue }
      let before = base?.lookUp(path)
      let value: JSONValue.Lookup
      if let before, mine == before {
        value = theirs
      } else if let before, theirs == before {
        value = mine
      } else {
        value = newer.lookUp(path)
      }
      switch value {
      case .found(let found): result.set(found, at: path)
      case .missing, .blocked: result.remove(at: path)
      }
    }
    return result
  }

  /// The paths of every value that is no object (an empty object counts as a value).
  private static func fields(of value: JSONValue, at path: [String] = []) -> [[String]] {
    guard case .object(let members) = value, !members.isEmpty else { return [path] }
    return members.flatMap { key, member in fields(of: member, at: path + [key]) }
  }
}
