/// A movable shape on the neck (a scale, an arpeggio or a chord in one position) stored as frets
/// relative to its tonic, so it can be played from any root by sliding it. The intervals are
/// derived from the frets and the tuning, never stored; only an enharmonic choice (#4 rather
/// than b5) is kept where the player made one.
public struct FretPattern: Hashable, Sendable {
  public enum Category: String, CaseIterable, Sendable {
    case scale
    case arpeggio
    case chord
  }

  public struct Tone: Hashable, Sendable {
    public var string: Int
    /// Frets from the tonic's fret; negative is toward the nut.
    public var offset: Int
    /// The interval's name when it is not the usual one for its size, such as A4 for #4.
    public var spelling: Interval?

    public init(string: Int, offset: Int, spelling: Interval? = nil) {
      self.string = string
      self.offset = offset
      self.spelling = spelling
    }
  }

  /// Lower-case letters, digits and hyphens, such as "minor-pentatonic-1".
  public var id: String
  public var name: String
  public var category: Category
  public var tuning: Tuning
  /// The tonic first, then the other tones in playing order.
  public var tones: [Tone]
  public var description: String
  public var instructions: String
  /// The library pattern this one was copied from, if any, so the library can show it was.
  public var basedOn: String?
  /// Songs or pieces the shape is played in, as their titles are written ("Crossroads"), in
  /// the order the pattern's author gave them; often none.
  public var songs: [String]

  public init(
    id: String, name: String, category: Category, tuning: Tuning, tones: [Tone],
    description: String = "", instructions: String = "", basedOn: String? = nil,
    songs: [String] = []
  ) {
    self.basedOn = basedOn
    self.songs = songs
    self.id = id
    self.name = name
    self.category = category
    self.tuning = tuning
    self.tones = tones
    self.description = description
    self.instructions = instructions
  }

  /// The usual name of each interval size within an octave: b5 rather than #4, b3 rather than #2.
  static let usualIntervals: [Interval] = [
    .P1, .m2, .M2, .m3, .M3, .P4, .d5, .P5, .m6, .M6, .m7, .M7,
  ]

  /// Each tone's interval above the tonic, within an octave: the tone's own spelling, or the
  /// usual name for its distance in semitones.
  public var intervals: [Interval] {
    guard let tonic = tones.first else { return [] }
    let tonicPitch = tuning.pitch(string: tonic.string, fret: tonic.offset + Self.reference)
    return tones.map { tone in
      if let spelling = tone.spelling { return spelling }
      let pitch = tuning.pitch(string: tone.string, fret: tone.offset + Self.reference)
      let semitones = ((pitch - tonicPitch) % 12 + 12) % 12
      return Self.usualIntervals[semitones]
    }
  }

  /// A fret far enough up the neck that every offset lands on a real fret when intervals are
  /// measured; only differences matter.
  private static let reference = 24

  /// Where the tones lie with the tonic at `tonicFret` on its string. Positions below the nut
  /// are returned too (negative frets); `lowestTonicFret` avoids them.
  public func positions(tonicFret: Int) -> [FretPosition] {
    tones.map { FretPosition(string: $0.string, fret: tonicFret + $0.offset) }
  }

  /// The lowest fret the tonic can sit on with every tone on the neck.
  public var lowestTonicFret: Int {
    max(0, -(tones.map(\.offset).min() ?? 0))
  }
}
