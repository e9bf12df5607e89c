import DSP
import Files
import FoundationEssentials
import Practice

/// The Broadcast WAV files of a recorder's folder, placed in time by their `bext` chunks, as
/// `woodshed protocol link` matches them to takes. Only headers are read.
public struct RecorderFolder: Sendable {
  /// By name.
  public var files: [RecorderLink.File] = []
  /// One line per `.wav` file left out and why, such as `T004.WAV: no bext chunk, so no time of
  /// day`; the others are read on.
  public var problems: [String] = []

  /// The `.wav` files (any case) of `folder`, but for hidden ones.
  public static func read(_ folder: URL) throws(Launcher.Failure) -> RecorderFolder {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw Launcher.Failure(description: "cannot list the folder \(folder.path)")
    }
    var result = RecorderFolder()
    for name in names.sorted()
    where !name.hasPrefix(".") && name.lowercased().hasSuffix(".wav") {
      guard !name.contains(where: { $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true })
      else {
        result.problems.append("\(name.debugDescription): a name with control characters")
        continue
      }
      do throws(WAVFileProblem) {
        result.files.append(try file(folder.appendingPathComponent(name), name: name))
      } catch {
        result.problems.append("\(name): \(error.reason)")
      }
    }
    return result
  }

  private struct WAVFileProblem: Error {
    var reason: String
  }

  private static func file(_ url: URL, name: String) throws(WAVFileProblem) -> RecorderLink.File {
    let opened: RegularFile
    do throws(FileError) {
      opened = try RegularFile(url, as: .recorderFile)
    } catch {
      throw WAVFileProblem(reason: error.description)
    }
    let info: BroadcastWAVInfo?
    do throws(WAVError) {
      info = try WAVCodec.broadcastInfo(count: opened.size) { range in
        var bytes = [UInt8](repeating: 0, count: range.count)
        let count = (try? opened.read(into: &bytes, at: range.lowerBound)) ?? 0
        return Array(bytes.prefix(count))
      }
    } catch {
      throw WAVFileProblem(reason: error.description)
    }
    guard let info else {
      throw WAVFileProblem(reason: "no bext chunk, so no time of day (not a Broadcast WAV file)")
    }
    return RecorderLink.File(
      name: name, day: info.startDay, startSecondsOfDay: info.startSecondsOfDay,
      duration: info.durationSeconds)
  }
}
