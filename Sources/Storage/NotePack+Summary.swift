import MusicTheory

extension NotePack {
  /// What the pack holds, in one line: "24 notes, treble clef, C4–A5" (the key is said when it
  /// is not C). The catalogue shows it when a teacher gives no description of their own.
  public var summary: String {
    let staffName =
      switch staff {
      case .grand: "grand staff"
      case .single(let clef): "\(clef.rawValue) clef"
      }
    var parts = ["\(notes.count) notes", staffName]
    if key != .cMajor { parts.append("key of \(key.description)") }
    let byPitch = notes.sorted { $0.pitch < $1.pitch }
    if let lowest = byPitch.first, let highest = byPitch.last {
      parts.append("\(lowest)–\(highest)")
    }
    return parts.joined(separator: ", ")
  }
}
