import MusicTheory
import Storage
import TerminalUI

/// `woodshed staff`: notes drawn on a staff as plain text, for users, scripts and tests.
public enum HeadlessStaff {
  /// The clef names accepted, with "grand" for the piano's grand staff.
  public static let clefNames = Clef.allCases.map(\.rawValue) + [NotePack.Staff.grand.name]

  /// The drawing, one line per staff step, trailing spaces removed, then the notes in words
  /// in the language of `strings`, named in `naming`. `notes` are names such as "C4", "F#5" or
  /// "Bb3", and "|" for a bar line.
  public static func render(
    notes names: [String], clef clefName: String, key keyName: String?, glyphs: GlyphSet.Kind,
    strings: Localizer, naming: NamingSystem = .english
  ) throws(Launcher.Failure) -> String {
    var notes: [Note?] = []
    var bars: Set<Int> = []
    for name in names {
      if name == "|" {
        if !notes.isEmpty { bars.insert(notes.count - 1) }
        continue
      }
      guard let note = Note(parsing: name) else {
        throw Launcher.Failure(
          description:
            "\"\(name)\" is not a note: write a letter, an accidental and an octave, such as C4, F#5 or Bb3"
        )
      }
      guard (Note(.C, octave: 1).pitch...Note(.C, octave: 8).pitch).contains(note.pitch) else {
        throw Launcher.Failure(
          description: "\(name) is outside C1 to C8, the range a staff is drawn for")
      }
      notes.append(note)
    }
    var key = KeySignature.cMajor
    if let keyName {
      guard let parsed = KeySignature(parsing: keyName) else {
        throw Launcher.Failure(
          description:
            "\"\(keyName)\" is not a key: write its tonic, such as G, Bb, F#, or Am for a minor key"
        )
      }
      key = parsed
    }
    guard let staff = NotePack.Staff(name: clefName) else {
      throw Launcher.Failure(
        description: "unknown clef \"\(clefName)\": use one of \(clefNames.joined(separator: ", "))"
      )
    }
    let drawing = StaffDrawing(
      staff, key: key, notes: notes, barsAfter: bars, glyphs: GlyphSet.named(glyphs))
    var canvas = Canvas(width: drawing.width, height: drawing.height)
    drawing.render(in: canvas.bounds, on: &canvas)
    guard !notes.isEmpty else { return canvas.plainText }
    let words = self.words(
      notes.compactMap { $0 }, barsAfter: bars, strings: strings, naming: naming,
      glyphs: GlyphSet.named(glyphs))
    return canvas.plainText + words + "\n"
  }

  /// The notes in order with their octaves, "|" between bars: "Notes: C4, Bb3 | D3". What the
  /// staff shows, for a screen reader or a braille display; in ASCII where the locale cannot
  /// show more.
  static func words(
    _ notes: [Note], barsAfter bars: Set<Int>, strings: Localizer, naming: NamingSystem,
    glyphs: GlyphSet
  ) -> String {
    var list = ""
    for (index, note) in notes.enumerated() {
      list += naming.name(of: note.noteClass, glyphs: glyphs.accidentals) + "\(note.octave)"
      if index < notes.count - 1 { list += bars.contains(index) ? " | " : ", " }
    }
    let line = strings.text("staff.words.notes", ["notes": list])
    return glyphs.kind == .ascii ? String(line.map(ASCIIFallback.character)) : line
  }
}
