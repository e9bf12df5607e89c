import FoundationEssentials

/// A WAV file that could not be written, told in one line: the file as the user named it and
/// the system's reason. The file under that name is left as it was.
public struct WAVWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  public let file: String
  public let reason: String

  public init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }

  public var description: String { "could not write \(file): \(reason)" }
}

// Callers that print `localizedDescription` get the same single line.
extension WAVWriteError: LocalizedError {
  public var errorDescription: String? { description }
}
