import Foundation

/// Runs `librosa.onset.onset_detect` (PyPI's librosa) with its defaults on WAV files, for
/// comparison: all files in one Python process (`librosa_onsets.py` beside this file), since
/// importing librosa takes seconds.
public enum Librosa {
  private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("librosa_onsets.py").path

  public static var isAvailable: Bool {
    guard let python = ExternalTool.path(of: "python3") else { return false }
    return ExternalTool.run(python, ["-c", "import librosa"]) != nil
      && FileManager.default.fileExists(atPath: script)
  }

  /// Each file's onset times in seconds, in the order given; nil when librosa could not run.
  static func onsets(of files: [URL]) -> [[Double]]? {
    guard let python = ExternalTool.path(of: "python3"),
      let output = ExternalTool.run(python, [script] + files.map(\.path))
    else { return nil }
    var onsets: [String: [Double]] = [:]
    for line in output.split(whereSeparator: \.isNewline) {
      guard let result = try? JSONDecoder().decode(FileOnsets.self, from: Data(line.utf8)) else {
        continue
      }
      onsets[result.file] = result.onsets
    }
    let ordered = files.compactMap { onsets[$0.path] }
    return ordered.count == files.count ? ordered : nil
  }

  private struct FileOnsets: Decodable {
    var file: String
    var onsets: [Double]
  }
}
