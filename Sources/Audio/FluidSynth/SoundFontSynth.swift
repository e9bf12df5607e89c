import Files
import FoundationEssentials
import Synchronization

/// A General MIDI instrument from a SoundFont, played by FluidSynth offline: notes in, samples
/// out, each note starting on its own sample as long as notes start on FluidSynth's 64-sample
/// blocks (`blockFrames`); the notes of a chord on the same one.
public final class SoundFontSynth: @unchecked Sendable {
  /// One note: its MIDI key and velocity, the frames where its key goes down and up, and how
  /// many cents it sounds off the key's pitch (below it when negative).
  public struct Note: Equatable, Sendable {
    public var key: Int
    public var velocity: Int
    public var start: Int
    public var end: Int
    public var cents: Double

    public init(key: Int, velocity: Int = 90, start: Int, end: Int, cents: Double = 0) {
      self.key = key
      self.velocity = velocity
      self.start = start
      self.end = end
      self.cents = cents
    }
  }

  /// The pitch wheel's middle, where a channel is in tune, and how far it moves for the
  /// General MIDI default bend range of two semitones.
  static let bendCenter = 8192
  static let bendCentsRange = 200.0
  /// The channels a render may use, the first in tune: General MIDI keeps channel 10 (9 from
  /// zero) for drums.
  static let channels = Array(0..<9) + Array(10..<16)

  /// FluidSynth's library on Debian (package libfluidsynth3).
  public static let libraryName = "libfluidsynth.so.3"
  /// FluidSynth renders in blocks of this many samples; an event acts from the next one.
  public static let blockFrames = 64
  /// Where Debian puts General MIDI SoundFonts, the small TimGM6mb first.
  public static let searchPaths = [
    "/usr/share/sounds/sf2/TimGM6mb.sf2", "/usr/share/sounds/sf2/default-GM.sf2",
    "/usr/share/sounds/sf2/FluidR3_GM.sf2",
  ]
  /// A single note peaks near a third of full scale, a chord of four under it.
  static let gain = 2.0
  private static let chunkFrames = 4096

  public let sampleRate: Int
  public let soundFontPath: String
  private let library: FluidSynthLibrary
  /// The synthesizer is used from one thread at a time: this lock is what makes the class
  /// sendable.
  private let lock = Mutex(())
  private let settings: OpaquePointer
  private let synth: OpaquePointer

  /// The first SoundFont of `searchPaths` that exists, loaded; or why none can sound.
  public static func load(sampleRate: Int, paths: [String] = searchPaths)
    -> Result<SoundFontSynth, SoundFontError>
  {
    guard let path = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
      return .failure(.soundFontMissing(paths.first ?? ""))
    }
    do {
      return .success(try SoundFontSynth(soundFont: path, sampleRate: sampleRate))
    } catch {
      return .failure(error)
    }
  }

  public init(
    soundFont path: String, sampleRate: Int,
    libraryName: String = libraryName
  ) throws(SoundFontError) {
    guard FileManager.default.fileExists(atPath: path) else { throw .soundFontMissing(path) }
    // FluidSynth's file reader complains on the terminal about a file that is no SoundFont.
    guard Self.isSoundFont(path) else { throw .soundFontUnreadable(path) }
    let library = try FluidSynthLibrary.load(libraryName).get()
    guard let settings = library.newSettings() else { throw .synthFailed }
    _ = library.setNumber(settings, "synth.sample-rate", Double(sampleRate))
    _ = library.setNumber(settings, "synth.gain", Self.gain)
    // Dry and unison: each note has one pitch, and a question's notes end when it does.
    _ = library.setInteger(settings, "synth.reverb.active", 0)
    _ = library.setInteger(settings, "synth.chorus.active", 0)
    // Only the samples a note plays are read from the file, not the whole General MIDI set,
    // and a question's few notes need few voices: the room's memory stays near its budget.
    _ = library.setInteger(settings, "synth.dynamic-sample-loading", 1)
    _ = library.setInteger(settings, "synth.polyphony", 16)
    guard let synth = library.newSynth(settings) else {
      library.deleteSettings(settings)
      throw .synthFailed
    }
    guard library.loadSoundFont(synth, path, 1) >= 0 else {
      library.deleteSynth(synth)
      library.deleteSettings(settings)
      throw .soundFontUnreadable(path)
    }
    self.library = library
    self.settings = settings
    self.synth = synth
    self.sampleRate = sampleRate
    self.soundFontPath = path
  }

  /// Whether the file starts as a SoundFont 2 does: a RIFF file of form `sfbk`.
  static func isSoundFont(_ path: String) -> Bool {
    var header = [UInt8](repeating: 0, count: 12)
    guard let file = try? RegularFile(URL(fileURLWithPath: path), as: .soundFont),
      (try? file.read(into: &header, at: 0)) == header.count
    else { return false }
    return header.prefix(4).elementsEqual("RIFF".utf8)
      && header.suffix(4).elementsEqual("sfbk".utf8)
  }

  deinit {
    library.deleteSynth(synth)
    library.deleteSettings(settings)
  }

  /// `notes` played on General MIDI `program`, mono, `frames` long, from silence. A detuned
  /// note sounds on a channel of its own, its pitch wheel set to its cents (within a whole
  /// tone), so the notes in tune beside it stay so: at most 14 detunings in one render.
  public func render(_ notes: [Note], program: Int = 0, frames: Int) -> [Float] {
    var detunings: [Double] = [0]
    for note in notes where !detunings.contains(note.cents) { detunings.append(note.cents) }
    precondition(detunings.count <= Self.channels.count, "too many detunings in one render")
    precondition(
      detunings.allSatisfy { abs($0) <= Self.bendCentsRange }, "a note bent beyond a whole tone")
    let channel = { (cents: Double) in Int32(Self.channels[detunings.firstIndex(of: cents)!]) }
    return lock.withLock { _ in
      for cents in detunings {
        _ = library.programChange(synth, channel(cents), Int32(program))
        let bend = Self.bendCenter + Int((cents / Self.bendCentsRange * 8192).rounded())
        _ = library.pitchBend(synth, channel(cents), Int32(min(bend, 2 * Self.bendCenter - 1)))
      }
      // Key-ups before key-downs at the same frame, so a note repeated at once sounds again.
      let events =
        notes.flatMap { [($0.end, false, $0), ($0.start, true, $0)] }
        .filter { $0.0 < frames }
        .sorted { ($0.0, $0.1 ? 1 : 0) < ($1.0, $1.1 ? 1 : 0) }
      var output: [Float] = []
      output.reserveCapacity(frames)
      var left = [Float](repeating: 0, count: Self.chunkFrames)
      var right = left
      func advance(to frame: Int) {
        while output.count < frame {
          let count = min(Self.chunkFrames, frame - output.count)
          left.withUnsafeMutableBytes { left in
            right.withUnsafeMutableBytes { right in
              _ = library.writeFloat(
                synth, Int32(count), left.baseAddress, 0, 1, right.baseAddress, 0, 1)
            }
          }
          for index in 0..<count { output.append((left[index] + right[index]) / 2) }
        }
      }
      for (frame, isDown, note) in events {
        advance(to: frame)
        if isDown {
          _ = library.noteOn(synth, channel(note.cents), Int32(note.key), Int32(note.velocity))
        } else {
          _ = library.noteOff(synth, channel(note.cents), Int32(note.key))
        }
      }
      advance(to: frames)
      // What still rings is cut and every wheel centred, so the next render starts from
      // silence and in tune.
      _ = library.allSoundsOff(synth, -1)
      for cents in detunings {
        _ = library.pitchBend(synth, channel(cents), Int32(Self.bendCenter))
      }
      return output
    }
  }
}
