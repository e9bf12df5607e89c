import MusicTheory

/// A setting's value type and its JSON form. `init?(json:)` fails on a wrong type, so a typo in
/// one setting never spoils the others.
protocol JSONRepresentable {
  init?(json: JSONValue)
  var json: JSONValue { get }
}

extension String: JSONRepresentable {
  init?(json: JSONValue) {
    guard case .string(let value) = json else { return nil }
    self = value
  }

  var json: JSONValue { .string(self) }
}

extension Double: JSONRepresentable {
  init?(json: JSONValue) {
    guard case .number(let value) = json else { return nil }
    self = value
  }

  var json: JSONValue { .number(self) }
}

extension Int: JSONRepresentable {
  /// Accepts `80` and `80.0`, rejects `80.5`.
  init?(json: JSONValue) {
    guard case .number(let value) = json, let exact = Int(exactly: value) else { return nil }
    self = exact
  }

  var json: JSONValue { .number(Double(self)) }
}

extension JSONRepresentable where Self: RawRepresentable, RawValue == String {
  init?(json: JSONValue) {
    guard case .string(let name) = json else { return nil }
    self.init(rawValue: name)
  }

  var json: JSONValue { .string(rawValue) }
}

extension NamingSystem: JSONRepresentable {}
extension GlyphChoice: JSONRepresentable {}
extension ThemeChoice: JSONRepresentable {}
