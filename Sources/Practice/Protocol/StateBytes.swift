import FoundationEssentials

/// The bytes of a saved state (`ProtocolSession.encodeState`): numbers as eight bytes, little
/// endian, and strings and lists after their count. Plain and fixed so that reading a protocol's
/// state back costs far less than replaying its journal, which `JSONDecoder` would not.
public struct StateWriter: Sendable {
  public private(set) var bytes: [UInt8] = []

  public init() {}

  public mutating func int(_ value: Int) {
    withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
  }

  public mutating func bool(_ value: Bool) {
    bytes.append(value ? 1 : 0)
  }

  public mutating func string(_ value: String) {
    int(value.utf8.count)
    bytes.append(contentsOf: value.utf8)
  }

  /// The exact instant: its bits, as a decimal form could round it.
  public mutating func date(_ value: Date) {
    int(Int(bitPattern: UInt(value.timeIntervalSinceReferenceDate.bitPattern)))
  }

  public mutating func double(_ value: Double) {
    int(Int(bitPattern: UInt(value.bitPattern)))
  }

  public mutating func optional<Value>(
    _ value: Value?, _ write: (inout StateWriter, Value) -> Void
  ) {
    bool(value != nil)
    if let value { write(&self, value) }
  }

  public mutating func list<Value>(_ values: [Value], _ write: (inout StateWriter, Value) -> Void) {
    int(values.count)
    for value in values { write(&self, value) }
  }
}

/// Reads what `StateWriter` wrote; anything else (cut short, a count past the end, a value
/// out of range) is `Damaged`, never a crash.
public struct StateReader: Sendable {
  public struct Damaged: Error, Sendable {
    public init() {}
  }

  private var rest: ArraySlice<UInt8>

  public init(_ bytes: ArraySlice<UInt8>) {
    rest = bytes
  }

  public var isAtEnd: Bool { rest.isEmpty }

  public mutating func int() throws -> Int {
    guard rest.count >= 8 else { throw Damaged() }
    var value: UInt64 = 0
    for (shift, byte) in zip(stride(from: 0, to: 64, by: 8), rest.prefix(8)) {
      value |= UInt64(byte) << UInt64(shift)
    }
    rest = rest.dropFirst(8)
    return Int(Int64(bitPattern: value))
  }

  /// A count of things each at least a byte long, so a damaged count cannot ask for more
  /// memory than the file holds.
  public mutating func count() throws -> Int {
    let count = try int()
    guard count >= 0, count <= rest.count else { throw Damaged() }
    return count
  }

  public mutating func bool() throws -> Bool {
    guard let byte = rest.first, byte <= 1 else { throw Damaged() }
    rest = rest.dropFirst()
    return byte == 1
  }

  public mutating func string() throws -> String {
    let count = try count()
    guard let text = String(validating: rest.prefix(count), as: UTF8.self) else {
      throw Damaged()
    }
    rest = rest.dropFirst(count)
    return text
  }

  public mutating func date() throws -> Date {
    Date(timeIntervalSinceReferenceDate: try double())
  }

  public mutating func double() throws -> Double {
    Double(bitPattern: UInt64(UInt(bitPattern: try int())))
  }

  public mutating func optional<Value>(_ read: (inout StateReader) throws -> Value)
    throws -> Value?
  {
    try bool() ? try read(&self) : nil
  }

  public mutating func list<Value>(_ read: (inout StateReader) throws -> Value)
    throws -> [Value]
  {
    let count = try count()
    var values: [Value] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try read(&self)) }
    return values
  }

  /// A value of a `RawRepresentable` enum written as its raw value.
  public mutating func raw<Value: RawRepresentable>(_: Value.Type) throws -> Value
  where Value.RawValue == String {
    guard let value = Value(rawValue: try string()) else { throw Damaged() }
    return value
  }
}
