import Files
import FoundationEssentials
import MIDI

/// A Standard MIDI File read as a performance: what `--midi-in take.mid` plays in as the
/// keyboard, or grades headless; or as a recorder's MIDI Time Code (`--mtc-in`).
enum MIDIPerformanceFile {
  /// The file's note-ons, or a one-line reason it cannot be used.
  static func load(_ path: String) throws(Launcher.Failure) -> [StandardMIDIFile.Event] {
    try events(path).filter { if case .noteOn = $0.message { true } else { false } }
  }

  /// Every message of the file Woodshed reads, or a one-line reason it cannot be used.
  static func events(_ path: String) throws(Launcher.Failure) -> [StandardMIDIFile.Event] {
    let url = URL(fileURLWithPath: path)
    let bytes: [UInt8]
    do throws(FileError) {
      bytes = Array(try RegularFile.read(url, as: .midi))
    } catch {
      throw Launcher.Failure(description: "cannot read \(url.lastPathComponent): \(error)")
    }
    do throws(MIDIFileError) {
      return try StandardMIDIFile(bytes: bytes).events
    } catch {
      throw Launcher.Failure(description: "\(url.lastPathComponent): \(error)")
    }
  }
}
