import MusicTheory
import Storage
import TerminalUI

/// Where a note sits on its staff, in words: what the eye reads, for a screen reader or a
/// braille display ("Note on line 2, treble clef"). It names the place, never the note, so a
/// card that asks for the note's name does not give it away.
enum StaffPlaceText {
  static func text(of note: Note, on staff: StaffView, _ strings: Localizer) -> String {
    let (position, octaves) = staff.placement(of: note)
    var parts = [
      strings.text(
        "staff.place",
        ["place": place(position, strings), "clef": strings.text("clef." + staff.clef.rawValue)])
    ]
    if staff.writtenAccidental(of: note) != nil {
      parts.append(strings.text("staff.sign." + note.accidental.rawValue))
    }
    if octaves != 0 {
      let marks = octaves > 0 ? StaffView.octaveMarks : StaffView.octaveMarksBelow
      parts.append(
        strings.text("staff.octave", ["mark": marks[min(abs(octaves), marks.count) - 1]]))
    }
    return parts.joined(separator: ", ")
  }

  /// Lines and spaces counted from the bottom, as musicians count them; ledger lines from
  /// the staff outwards.
  static func place(_ position: Int, _ strings: Localizer) -> String {
    let top = Clef.topLine
    switch position {
    case 0...top where position % 2 == 0:
      return strings.text("staff.place.line", ["n": "\(position / 2 + 1)"])
    case 0...top:
      return strings.text("staff.place.space", ["n": "\((position + 1) / 2)"])
    case top + 1:
      return strings.text("staff.place.justAbove")
    case -1:
      return strings.text("staff.place.justBelow")
    case (top + 2)...:
      return position % 2 == 0
        ? strings.text("staff.place.ledgerAbove", ["n": "\((position - top) / 2)"])
        : strings.text("staff.place.overLedger", ["n": "\((position - top - 1) / 2)"])
    default:
      return position % 2 == 0
        ? strings.text("staff.place.ledgerBelow", ["n": "\(-position / 2)"])
        : strings.text("staff.place.underLedger", ["n": "\((-position - 1) / 2)"])
    }
  }
}
