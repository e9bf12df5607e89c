import Practice

extension ProtocolExport {
  /// The editing plan as a CMX3600 edit decision list, for the editor who conforms the takes:
  /// one cut event per planned segment on audio track `A`, the take as reel, in the plan's
  /// order across movements.
  ///
  /// Source times are estimates: the take's timecode plus the bar map's time from the take's
  /// first bar to the segment's, stretched to what the recorder ran for the take where its
  /// `end` line has the recorder's timecode (see `seconds(_:of:)`), at the export's frame rate
  /// the frame under way at that instant;
  /// a take logged before the session had a timecode counts from 00:00:00:00, and a comment
  /// says so. Record times run on from 00:00:00:00 without holes. Out points are exclusive, as
  /// in every EDL. At 29.97 drop-frame the header says `FCM: DROP FRAME` and times are
  /// `HH:MM:SS;FF`, as CMX3600 writes them.
  ///
  /// Comments: `* FROM CLIP NAME: TAKE 3 BARS 1-24` after each event, which editors show as the
  /// clip's name; for a take with the recorder's file (`file NAME`), `* FROM CLIP NAME: NAME`
  /// instead, then the file as Avid's EDLs name it, `* SOURCE FILE: NAME` (pycmx reads it), and
  /// as OpenTimelineIO reads a media reference, `* FROM FILE: NAME`, then `* TAKE 3 BARS 1-24`
  /// (reels stay one per take, whatever the files are called); `* LOC: <record time> RED <tags>` for each mark with problem tags on the
  /// segment's bars, a locator in the edited sequence where the problem starts; `* GAP: BARS
  /// 41-44` where no take plays; and a note where bars have no tempo (see
  /// `barSecondsWithoutTempo`).
  func edl() -> String {
    var lines = [
      "TITLE: \(name)", frameRate.isDropFrame ? "FCM: DROP FRAME" : "FCM: NON-DROP FRAME",
    ]
    let reels = Self.reels(session.takes)
    var event = 0
    var record = Timecode(frameCount: 0, rate: frameRate)
    for movementPlan in plan.movements {
      let map = movementPlan.bars
      let firstWithTempo = map.sections.first?.firstBar ?? map.count
      if map.isScript {
        lines.append(
          "* SCRIPT: MOVEMENT \(movementPlan.movement.number) "
            + "\(Self.edlBars(0...map.count - 1, in: map)), "
            + (scriptText.isEmpty
              ? "\(Int(Self.scriptLineSeconds)) S A LINE ASSUMED"
              : "\(Int(Self.wordsPerSecond * 60)) WORDS A MINUTE ASSUMED"))
      } else if firstWithTempo > 0 {
        let bars = Self.edlBars(0...firstWithTempo - 1, in: map)
        lines.append(
          "* NO TEMPO FOR \(bars) OF MOVEMENT \(movementPlan.movement.number): "
            + "\(Int(Self.barSecondsWithoutTempo)) S A BAR ASSUMED")
      }
      for segment in movementPlan.segments {
        guard let position = segment.take else {
          lines.append("* GAP: \(Self.edlBars(segment.bars, in: map))")
          continue
        }
        let take = session.takes[position]
        let start = take.timecode ?? Timecode(frameCount: 0, rate: frameRate)
        // Where the take's bar `bar` starts on the recorder.
        func source(_ bar: Int) -> Timecode {
          start.converted(to: frameRate, adding: seconds(take.startBar..<bar, of: take))
        }
        let sourceIn = source(segment.bars.lowerBound)
        let sourceOut = source(segment.bars.upperBound + 1)
        let recordOut = record.adding(frames: sourceIn.frames(to: sourceOut))
        event += 1
        lines.append(
          Self.edlEvent(
            event, reel: reels[position], [sourceIn, sourceOut, record, recordOut]))
        let takeBars = "TAKE \(take.name) \(Self.edlBars(segment.bars, in: map))"
        if let file = take.file {
          lines += [
            "* FROM CLIP NAME: \(file)", "* SOURCE FILE: \(file)", "* FROM FILE: \(file)",
            "* \(takeBars)",
          ]
        } else {
          lines.append("* FROM CLIP NAME: \(takeBars)")
        }
        if take.timecode == nil {
          lines.append("* TAKE \(take.name) HAS NO TIMECODE: SOURCE TIMES FROM 00:00:00:00")
        }
        for mark in Self.marksInBarOrder(take)
        where !mark.tags.isEmpty && mark.bars.overlaps(segment.bars) {
          let bar = max(mark.bars.lowerBound, segment.bars.lowerBound)
          let at = record.adding(frames: sourceIn.frames(to: source(bar)))
          let problems = mark.tags.map(\.name).joined(separator: ", ")
          let about = [mark.part, mark.note].compactMap { $0 }.joined(separator: " ")
          lines.append("* LOC: \(at) RED \(about.isEmpty ? "" : about + ": ")\(problems)")
        }
        record = recordOut
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `BARS 1-24` or `BAR 25`, by printed labels, which keep their case (`12a`); a script's
  /// `LINES p2.1-p3.1` or `LINE p2.2`.
  static func edlBars(_ bars: ClosedRange<Int>, in map: BarMap) -> String {
    let noun = map.isScript ? "LINE" : "BAR"
    return noun + (bars.count == 1 ? " " : "S ") + span(bars, in: map, dash: "-")
  }

  /// The reel of each take, by its position in `takes`, different for every take: a conform
  /// links a clip to its recording by reel, so two takes on one reel would take one file.
  /// A CMX3600 reel name has at most 8 letters and digits, which take labels are (`3`, `A3`):
  /// `TAKE3`, or the label alone where that is too long. Where takes come from several works,
  /// whose numbering may start again in each, every reel names its work first: `W1T3`, `W2T3`.
  /// A take numbered after numbering started again with a day names that day (`D2T3`,
  /// `W1D2T3`), where the take's name does (`2/3`). A name that would still be too long or
  /// taken is `R` and the take's position.
  static func reels(_ takes: [Take]) -> [String] {
    let namesWork = Set(takes.map(\.movement.work)).count > 1
    var used: Set<String> = []
    return takes.enumerated().map { position, take in
      let work = namesWork ? "W\(take.movement.work + 1)" : ""
      let day = take.name == take.label ? "" : take.day.map { "D\($0)" } ?? ""
      let names =
        work.isEmpty && day.isEmpty
        ? ["TAKE\(take.label)", take.label]
        : ["\(work)\(day)T\(take.label)", "\(work)\(day)\(take.label)"]
      var reel = names.first { $0.count <= 8 && !used.contains($0) } ?? "R\(position + 1)"
      var next = position + 1
      while used.contains(reel) {
        next += takes.count
        reel = "R\(next)"
      }
      used.insert(reel)
      return reel
    }
  }

  /// `001  TAKE3    A     C        01:00:10:00 01:00:22:12 00:00:00:00 00:00:12:12`, in the
  /// columns of CMX3600, since some readers take the fields by position.
  static func edlEvent(_ number: Int, reel: String, _ times: [Timecode]) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 3 - digits.count)) + digits + "  " + reel
      + String(repeating: " ", count: 9 - reel.count) + "A     C        "
      + times.map(\.description).joined(separator: " ")
  }
}

extension Timecode {
  /// The frames from this timecode on to `later`, across midnight if need be.
  fileprivate func frames(to later: Timecode) -> Int {
    let day = rate.framesPerDay
    return ((later.frameCount - frameCount) % day + day) % day
  }

  fileprivate func adding(frames: Int) -> Timecode {
    Timecode(frameCount: frameCount + frames, rate: rate)
  }
}
