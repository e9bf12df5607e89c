import DSP
import Glibc

/// How the notes found in a take compare with the notes played. Each played note owns the time
/// from just before its key went down to just before the next one's: the notes found starting
/// there are its. It is named right when it has exactly one, and that one's nearest pitch is
/// the note played; a note split in two, a note missing, an extra note (a tail taken for a
/// note of its own) or a wrong pitch all count against.
public struct PitchScore: Sendable {
  /// A note found may start this early, in seconds, and still be the played note's.
  static let earlyStart = 0.05

  public var played = 0
  public var namedRight = 0
  public var missing = 0
  /// Played notes that had more than one note found.
  public var split = 0
  /// Played notes found once, but at another pitch.
  public var wrongPitch = 0
  /// For each note named right, its error in cents from equal temperament (A4 = 440 Hz).
  public var cents: [Double] = []

  public init() {}

  /// `notes` in time order.
  public init(played notes: [PitchClip.Note], found: [NoteEvent]) {
    for (index, note) in notes.enumerated() {
      let own = Self.found(found, for: index, of: notes)
      played += 1
      guard let first = own.first else {
        missing += 1
        continue
      }
      guard own.count == 1 else {
        split += 1
        continue
      }
      let midi = 69 + 12 * log2(first.frequency / 440)
      guard Int(midi.rounded()) == note.midi else {
        wrongPitch += 1
        continue
      }
      namedRight += 1
      cents.append(100 * (midi - Double(note.midi)))
    }
  }

  /// The notes of `found` that are the `index`th of `notes`'s: those starting from just before
  /// its key went down to just before the next one's.
  public static func found(
    _ found: [NoteEvent], for index: Int, of notes: [PitchClip.Note]
  ) -> [NoteEvent] {
    let from = index == 0 ? -Double.infinity : notes[index].start - earlyStart
    let to = index + 1 < notes.count ? notes[index + 1].start - earlyStart : .infinity
    return found.filter { $0.start >= from && $0.start < to }
  }

  public mutating func add(_ other: PitchScore) {
    played += other.played
    namedRight += other.namedRight
    missing += other.missing
    split += other.split
    wrongPitch += other.wrongPitch
    cents += other.cents
  }

  public var namedRightShare: Double { played == 0 ? 0 : Double(namedRight) / Double(played) }

  /// The median size of the error, in cents; nil when nothing was named right.
  public var medianError: Double? {
    let sorted = cents.map(abs).sorted()
    return sorted.isEmpty ? nil : sorted[sorted.count / 2]
  }
}
