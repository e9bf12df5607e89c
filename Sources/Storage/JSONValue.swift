import FoundationEssentials

/// Any JSON value, kept as written so that keys Woodshed does not know survive a load and save.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Parses UTF-8 JSON text, keeping booleans and numbers apart.
  public init(parsing data: Data) throws(JSONSyntaxError) {
    self = try JSONParser.parse(data)
  }

  /// Pretty-printed with sorted keys, so saved files are readable and diff well.
  public func serialized() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// The value at `path` of nested objects: `.missing` if a key is absent,
  /// `.blocked(depth)` if the value at `path[..<depth]` is not an object.
  func lookUp(_ path: [String]) -> Lookup {
    var current = self
    for (depth, key) in path.enumerated() {
      guard case .object(let members) = current else { return .blocked(depth: depth) }
      guard let next = members[key] else { return .missing }
      current = next
    }
    return .found(current)
  }

  enum Lookup: Equatable {
    case found(JSONValue)
    case missing
    case blocked(depth: Int)
  }

  /// Removes the value at `path`; nothing when there is none.
  mutating func remove(at path: [String]) {
    guard let key = path.first, case .object(var members) = self else { return }
    if path.count == 1 {
      members[key] = nil
    } else {
      members[key]?.remove(at: Array(path.dropFirst()))
    }
    self = .object(members)
  }

  /// Sets the value at `path`, creating objects on the way and replacing anything that is not
  /// an object there; every other member stays as it was.
  mutating func set(_ value: JSONValue, at path: [String]) {
    guard let key = path.first else {
      self = value
      return
    }
    var members: [String: JSONValue]
    if case .object(let existing) = self { members = existing } else { members = [:] }
    var child = members[key] ?? .null
    child.set(value, at: Array(path.dropFirst()))
    members[key] = child
    self = .object(members)
  }
}

extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    // JSON has no infinity; a number read as out of range is written as no value.
    case .number(let value) where !value.isFinite: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}
