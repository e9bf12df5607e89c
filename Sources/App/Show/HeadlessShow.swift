import MusicTheory
import TerminalUI

/// `woodshed show scale|chord|arpeggio NAME`: the notes, correctly spelled, on the first line,
/// and where they lie on the neck below.
public enum HeadlessShow {
  public enum Kind: String, CaseIterable, Sendable {
    case scale
    case chord
    case arpeggio
  }

  /// What is shown: the tonic or root, and each tone's interval from it, in order.
  struct Tones {
    let root: NoteClass
    let noteClasses: [NoteClass]
    let intervals: [Interval]
  }

  static func tones(_ kind: Kind, _ name: String) throws(Launcher.Failure) -> Tones {
    let text = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    switch kind {
    case .scale:
      switch Scale.parse(text) {
      case .success(let scale):
        return Tones(root: scale.tonic, noteClasses: scale.noteClasses, intervals: scale.type.intervals)
      case .failure(let error):
        throw Launcher.Failure(description: error.description)
      }
    case .chord, .arpeggio:
      switch Chord.parse(text.filter { $0 != " " }) {
      case .success(let chord):
        return Tones(root: chord.root, noteClasses: chord.noteClasses, intervals: chord.quality.intervals)
      case .failure(let error):
        throw Launcher.Failure(description: error.description)
      }
    }
  }

  /// The spelled notes, space-separated, with ASCII accidentals so scripts can read them.
  public static func render(_ kind: Kind, _ name: String) throws(Launcher.Failure) -> String {
    let tones = try tones(kind, name)
    return tones.noteClasses.map(\.description).joined(separator: " ") + "\n"
  }
}
