import DSP
import FoundationEssentials
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

extension Bool: JSONRepresentable {
  init?(json: JSONValue) {
    guard case .bool(let value) = json else { return nil }
    self = value
  }

  var json: JSONValue { .bool(self) }
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
extension BeatReadout: JSONRepresentable {}
extension NoteExercise: JSONRepresentable {}
extension InstrumentSound: JSONRepresentable {}
extension ClickSound: JSONRepresentable {}
extension RhythmSettings.Input: JSONRepresentable {}
extension RhythmSettings.Strictness: JSONRepresentable {}
extension FretboardSettings.Labels: JSONRepresentable {}
extension FretboardSettings.GamePace: JSONRepresentable {}

extension Array: JSONRepresentable where Element: JSONRepresentable {
  init?(json: JSONValue) {
    guard case .array(let items) = json else { return nil }
    var elements: [Element] = []
    for item in items {
      guard let element = Element(json: item) else { return nil }
      elements.append(element)
    }
    self = elements
  }

  var json: JSONValue { .array(map(\.json)) }
}

extension Dictionary: JSONRepresentable where Key == String, Value: JSONRepresentable {
  init?(json: JSONValue) {
    guard case .object(let members) = json else { return nil }
    var values: [String: Value] = [:]
    for (key, member) in members {
      guard let value = Value(json: member) else { return nil }
      values[key] = value
    }
    self = values
  }

  var json: JSONValue { .object(mapValues(\.json)) }
}

/// A value the settings keep in its Codable form, a profile or a click path: its settings form
/// is that same JSON.
protocol CodableSetting: JSONRepresentable, Codable {}

extension CodableSetting {
  init?(json: JSONValue) {
    guard let data = try? json.serialized(),
      let value = try? JSONDecoder().decode(Self.self, from: data)
    else { return nil }
    self = value
  }

  /// Only well-formed values are written (their numbers are finite), which always encode.
  var json: JSONValue {
    (try? JSONValue(parsing: JSONEncoder().encode(self))) ?? .null
  }
}

extension InstrumentProfile: CodableSetting {}
extension ClickPath: CodableSetting {}
extension RhythmSettings.TapPath: CodableSetting {}
