import DSP
import Foundation

/// Runs `aubioonset` (Debian's aubio-tools) on a clip, for comparison, with its default
/// settings.
public enum Aubio {
  public enum Method: String, CaseIterable, Sendable {
    /// aubio's default: high-frequency content.
    case `default`
    case specflux
  }

  public static var isAvailable: Bool { ExternalTool.path(of: "aubioonset") != nil }

  /// Onset times in seconds, or nil when aubio could not run.
  public static func onsets(of clip: EvaluationClip, method: Method) -> [Double]? {
    guard let aubio = ExternalTool.path(of: "aubioonset") else { return nil }
    let folder = ExternalTool.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("clip.wav")
    let audio = WAVAudio(sampleRate: clip.sampleRate, channels: 1, samples: clip.samples)
    guard (try? WAVCodec.encode(audio, as: .float32).write(to: file)) != nil,
      let output = ExternalTool.run(aubio, ["-i", file.path, "-O", method.rawValue])
    else { return nil }
    return output.split(whereSeparator: \.isNewline).compactMap { Double($0) }
  }
}
