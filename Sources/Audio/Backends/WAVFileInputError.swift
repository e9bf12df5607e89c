import FoundationEssentials

/// A WAV file that cannot stand in for the microphone, told in one line: the file as the user
/// named it and why — the system's reason, or the WAV reader's.
public struct WAVFileInputError: Error, Equatable, Sendable, CustomStringConvertible {
  public let file: String
  public let reason: String

  public init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }

  public var description: String { "could not read \(file): \(reason)" }
}

// Callers that print `localizedDescription` get the same single line.
extension WAVFileInputError: LocalizedError {
  public var errorDescription: String? { description }
}
