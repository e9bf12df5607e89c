import Foundation

/// Runs `aubioonset` (Debian's aubio-tools) on a WAV file, for comparison, with its default
/// settings.
public enum Aubio {
  public enum Method: String, CaseIterable, Sendable {
    /// aubio's default: high-frequency content.
    case `default`
    case specflux
  }

  public static var isAvailable: Bool { ExternalTool.path(of: "aubioonset") != nil }

  /// Onset times in seconds, or nil when aubio could not run.
  static func onsets(of file: URL, method: Method) -> [Double]? {
    guard let aubio = ExternalTool.path(of: "aubioonset"),
      let output = ExternalTool.run(aubio, ["-i", file.path, "-O", method.rawValue])
    else { return nil }
    return output.split(whereSeparator: \.isNewline).compactMap { Double($0) }
  }
}
