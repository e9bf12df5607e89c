import MusicTheory

/// Chords in a key heard as one close: a cadence (perfect, plagal, imperfect, deceptive) or a
/// common progression named by its Roman numerals ("I-vi-IV-V").
public struct Cadence: Hashable, Sendable, CustomStringConvertible {
  /// "perfect", or the numerals joined by hyphens.
  public let name: String
  /// The ways it may sound, each the degrees of its chords in a major key (1 for I): an
  /// imperfect cadence ends on V from IV, ii or I alike.
  public let ways: [[Int]]

  public static let perfect = Cadence(name: "perfect", ways: [[5, 1]])
  public static let plagal = Cadence(name: "plagal", ways: [[4, 1]])
  public static let imperfect = Cadence(name: "imperfect", ways: [[4, 5], [2, 5], [1, 5]])
  public static let deceptive = Cadence(name: "deceptive", ways: [[5, 6]])

  public static let cadences = [perfect, plagal, imperfect, deceptive]

  /// Progressions heard in countless songs, each ending otherwise than the others do after
  /// their shared start, so that every one can be told from every other.
  public static let progressions: [Cadence] = [
    [1, 4, 5, 1], [1, 6, 4, 5], [2, 5, 1], [1, 5, 6, 4], [6, 4, 1, 5], [1, 6, 2, 5], [1, 4, 6, 5],
  ].map { Cadence.progression($0) }

  /// The progression of these degrees, named by their numerals in a major key.
  public static func progression(_ degrees: [Int]) -> Cadence {
    let numerals = EarKey.majors[7].scale.diatonicChords(sevenths: false)!
    return Cadence(
      name: degrees.map { numerals[$0 - 1].numeral }.joined(separator: "-"), ways: [degrees])
  }

  /// Reads a name as `name` writes it; case matters for the numerals ("ii" is not "II").
  public init?(name: String) {
    guard let known = (Self.cadences + Self.progressions).first(where: { $0.name == name }) else {
      return nil
    }
    self = known
  }

  private init(name: String, ways: [[Int]]) {
    self.name = name
    self.ways = ways
  }

  public var description: String { name }
}

/// Block chords voiced for the smallest motion from one to the next, as a pianist's right
/// hand plays them, over the root in the bass.
public enum VoiceLeading {
  /// Where the close chords' lowest note may lie: from E3 to G4, so that every chord stays
  /// around middle C.
  static let lowestNotes = 52...67
  /// Where the bass note lies: from E2 to D♯3, under every close chord.
  static let bassNotes = 40...51

  /// `chords` (each spelled from its root up) in close position, the root under each in the
  /// bass, lowest note first. The first chord is the voicing whose middle note lies nearest
  /// `center`; every next one is, of the chord's inversions at every octave where its lowest
  /// note lies in `lowestNotes`, the one whose notes move least from the chord before: the sum
  /// of how far each voice moves, the lowest to the lowest and so on (for triads every voice
  /// keeps its line), ties going to the voicing nearer `center`.
  public static func voiced(_ chords: [[NoteClass]], around center: Pitch) -> [[Note]] {
    var voiced: [[Note]] = []
    var previous: [Note]?
    for chord in chords {
      let candidates = voicings(of: chord)
      let nearness = { (notes: [Note]) in
        abs(notes[notes.count / 2].pitch.midiNumber - center.midiNumber)
      }
      let chosen = candidates.min { first, second in
        guard let previous else { return nearness(first) < nearness(second) }
        let (a, b) = (motion(previous, first), motion(previous, second))
        return a != b ? a < b : nearness(first) < nearness(second)
      }!
      previous = chosen
      let bass = note(chord[0], atOrAbove: bassNotes.lowerBound)
      voiced.append([bass] + chosen)
    }
    return voiced
  }

  /// Every inversion of the chord, close, at every octave its lowest note may take.
  static func voicings(of chord: [NoteClass]) -> [[Note]] {
    chord.indices.flatMap { inversion in
      let order = Array(chord[inversion...] + chord[..<inversion])
      return lowestNotes.compactMap { lowest -> [Note]? in
        let first = note(order[0], atOrAbove: lowest)
        guard first.pitch.midiNumber == lowest else { return nil }
        var notes = [first]
        for noteClass in order.dropFirst() {
          notes.append(note(noteClass, atOrAbove: notes.last!.pitch.midiNumber + 1))
        }
        return notes
      }
    }
  }

  /// Semitones moved, voice by voice.
  static func motion(_ from: [Note], _ to: [Note]) -> Int {
    zip(from, to).map { abs($0.pitch.midiNumber - $1.pitch.midiNumber) }.reduce(0, +)
  }

  /// The lowest note spelled `noteClass` whose MIDI number is at least `lowest`.
  public static func note(_ noteClass: NoteClass, atOrAbove lowest: Int) -> Note {
    let reference = Note(noteClass, octave: 4).pitch.midiNumber
    let octaves = Int((Double(lowest - reference) / 12).rounded(.up))
    return Note(noteClass, octave: 4 + octaves)
  }
}
