extension EditingPlan {
  /// The plan for `woodshed protocol plan --json`, on one line:
  /// `{"movements": [{"work": "", "movement": 1, "segments": [{"take": 3, "from": "1",
  /// "to": "24"}, …]}]}`. Bars are printed labels; a take is its number when its name is one,
  /// else its name as a string (`"A3"`, `"2/1"`: see `Take.name`), and `null` for a gap.
  public var json: String {
    let movements = movements.map { plan in
      let segments = plan.segments.map { segment in
        let take = segment.label.map { $0.allSatisfy(\.isASCIIDigit) ? $0 : Self.quoted($0) }
        let from = Self.quoted(plan.bars.labels[segment.bars.lowerBound])
        let to = Self.quoted(plan.bars.labels[segment.bars.upperBound])
        return "{\"take\": \(take ?? "null"), \"from\": \(from), \"to\": \(to)}"
      }
      return "{\"work\": \(Self.quoted(plan.work)), \"movement\": \(plan.movement.number), "
        + "\"segments\": [\(segments.joined(separator: ", "))]}"
    }
    return "{\"movements\": [\(movements.joined(separator: ", "))]}"
  }

  /// The plan as text: each movement's heading, then its segments' lines indented.
  public var lines: [String] {
    movements.flatMap { [$0.heading] + $0.lines.map { "  " + $0 } }
  }

  /// A JSON string literal.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension EditingPlan.MovementPlan {
  /// Such as `Brahms op. 38, movement 1: Allegro`, leaving out what is not known.
  public var heading: String {
    (work.isEmpty ? "" : "\(work), ") + "movement \(movement.number)"
      + (title.map { ": \($0)" } ?? "")
  }

  /// A line per segment: `take 3: bars 1–24`, `take 5: bar 25`, `no take: bars 88–96`; a
  /// script's lines are their labels alone, `take 2: p3.1–p4.6`, which say lines already.
  public var lines: [String] {
    segments.map { segment in
      let first = bars.labels[segment.bars.lowerBound]
      let last = bars.labels[segment.bars.upperBound]
      let range = segment.bars.count == 1 ? first : "\(first)–\(last)"
      let span =
        bars.isScript ? range : (segment.bars.count == 1 ? "bar " : "bars ") + range
      return (segment.label.map { "take \($0)" } ?? "no take") + ": " + span
    }
  }
}
