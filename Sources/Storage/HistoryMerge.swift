import FoundationEssentials

/// Two copies of a player's history joined into one, for two machines that both practised
/// since they last met: every session of either, once. A session is known by its id, its
/// module, exercise and start (no one starts the same exercise twice in the same instant), so
/// a session both copies hold counts once even if a newer version of the app wrote it with
/// other spacing; a line that is no session (damaged, or from before sessions had a start) is
/// known by its bytes.
///
/// A history that lacks nothing and runs oldest first is kept as it is, byte for byte. Else
/// the sessions go oldest first (the same start: by id), then the other lines by their bytes,
/// so two machines that hold the same sessions hold the same file, whichever synced first.
/// Works on the lines as they are: fields this version does not know are kept.
public enum HistoryMerge {
  /// `local` with the sessions of `other` it lacks.
  public static func merged(_ local: Data, with other: Data) -> Data {
    let ours = lines(of: local)
    let ids = Set(ours.compactMap(\.id))
    let bytes = Set(ours.map(\.text))
    let theirs = lines(of: other).filter { line in
      line.id.map { !ids.contains($0) } ?? !bytes.contains(line.text)
    }
    let sessions = ours.filter { $0.id != nil }
    let inOrder = zip(sessions, sessions.dropFirst()).allSatisfy { !$1.precedes($0) }
    guard !theirs.isEmpty || !inOrder else { return local }
    var seen = Set<Data>()
    let all = (ours + theirs).filter { seen.insert($0.text).inserted }
    let sorted =
      all.filter { $0.id != nil }.sorted { $0.precedes($1) }
      + all.filter { $0.id == nil }.sorted { $0.text.lexicographicallyPrecedes($1.text) }
    var joined = Data()
    for line in sorted {
      joined.append(line.text)
      joined.append(UInt8(ascii: "\n"))
    }
    return joined
  }

  /// A line of a history: its bytes, and its session's id and start when it is one.
  private struct Line {
    let text: Data
    let id: String?
    let startedAt: String

    /// By start, then id: starts written alike sort as they happened.
    func precedes(_ other: Line) -> Bool {
      (startedAt, id ?? "") < (other.startedAt, other.id ?? "")
    }
  }

  private static func lines(of history: Data) -> [Line] {
    history.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).compactMap {
      slice in
      let text = Data(slice)
      guard text.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) else {
        return nil
      }
      guard case .object(let fields)? = try? JSONValue(parsing: text),
        case .string(let module)? = fields["module"],
        case .string(let exercise)? = fields["exercise"],
        case .string(let startedAt)? = fields["startedAt"]
      else { return Line(text: text, id: nil, startedAt: "") }
      return Line(
        text: text, id: "\(module)\u{1F}\(exercise)\u{1F}\(startedAt)", startedAt: startedAt)
    }
  }
}
