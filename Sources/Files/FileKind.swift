/// A kind of file Woodshed reads, with the most of it that it will read: a limit checked before
/// anything is read, so a huge or endless file is refused at once rather than filling memory.
public struct FileKind: Sendable, Equatable {
  /// What the user calls the file, for messages ("a settings file may be at most 1 MB").
  public let noun: String
  public let byteLimit: Int

  public init(noun: String, byteLimit: Int) {
    self.noun = noun
    self.byteLimit = byteLimit
  }

  private static let kilobyte = 1 << 10
  private static let megabyte = 1 << 20

  public static let settings = FileKind(noun: "settings file", byteLimit: megabyte)
  public static let locale = FileKind(noun: "translation", byteLimit: megabyte)
  public static let pack = FileKind(noun: "note pack", byteLimit: 4 * megabyte)
  public static let pattern = FileKind(noun: "pattern", byteLimit: megabyte)
  public static let rhythm = FileKind(noun: "rhythm pattern", byteLimit: megabyte)
  public static let taps = FileKind(noun: "tap list", byteLimit: 4 * megabyte)
  /// Twenty years of daily sessions fit many times over.
  public static let history = FileKind(noun: "history", byteLimit: 64 * megabyte)
  /// A streak of thousands of cards, each answer about 100 bytes of its line; escaped inside
  /// a request it still fits the server's 1 MiB body limit.
  public static let historyLine = FileKind(noun: "history line", byteLimit: 512 * kilobyte)
  /// A week of sessions logged line by line is a few megabytes.
  public static let journal = FileKind(noun: "protocol journal", byteLimit: 256 * megabyte)
  public static let journalLine = FileKind(noun: "journal line", byteLimit: 512 * kilobyte)
  /// A narration script is text: a book read aloud is about a megabyte.
  public static let script = FileKind(noun: "script", byteLimit: 4 * megabyte)
  /// The largest MusicXML scores of whole operas are tens of megabytes.
  public static let score = FileKind(noun: "score", byteLimit: 64 * megabyte)
  /// About three hours of 48 kHz stereo, or an hour at 96 kHz and 24 bits.
  public static let recording = FileKind(noun: "WAV file", byteLimit: 2048 * megabyte)
  /// A recorder's file, of which only the headers are read (`protocol link`): as large as a
  /// RIFF file can be.
  public static let recorderFile = FileKind(noun: "recorder's WAV file", byteLimit: 4096 * megabyte)
  /// A MIDI performance of an hour with a note every few milliseconds is a few megabytes.
  public static let midi = FileKind(noun: "MIDI file", byteLimit: 16 * megabyte)
  /// A General MIDI SoundFont, of which only the header is read (FluidSynth reads the rest):
  /// the largest on Debian are a few hundred megabytes.
  public static let soundFont = FileKind(noun: "SoundFont", byteLimit: 2048 * megabyte)
  /// A metronome sound is a short click.
  public static let sound = FileKind(noun: "metronome sound", byteLimit: 8 * megabyte)
  /// Typed answers to an ear quiz, one a line: a few hundred short lines.
  public static let answers = FileKind(noun: "answers file", byteLimit: megabyte)
  /// What the practice room knows of the server: a few hundred shared patterns at most.
  public static let serverSnapshot = FileKind(noun: "server snapshot", byteLimit: 16 * megabyte)

  /// Every kind, so that a test can hold them to distinct nouns and real limits.
  public static let all: [FileKind] = [
    settings, locale, pack, pattern, rhythm, taps, history, historyLine, journal, journalLine,
    score, recording, recorderFile, midi, sound, serverSnapshot, answers,
  ]
}
