import Foundation

/// Why a text is not valid JSON, with the 1-based line where the problem was found, so a user
/// can find the typo in a hand-edited file.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// nil when the parser did not say where the problem is.
  public let line: Int?

  public var description: String {
    line.map { "not valid JSON (line \($0))" } ?? "not valid JSON"
  }

  init(line: Int?) {
    self.line = line
  }

  /// Finds the line from the offset that Foundation's JSONSerialization names in its error
  /// ("around character N"); JSONDecoder's own error does not say where.
  init(locatingErrorIn data: Data) {
    var offset: Int?
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
      if let range = detail.range(of: "character ") {
        offset = Int(detail[range.upperBound...].prefix { $0.isNumber })
      }
    }
    line = offset.map { data.prefix($0).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
  }
}
