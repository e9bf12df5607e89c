import DSP
import Foundation

/// General MIDI instruments played from a set of recorded samples (fluidsynth from a
/// soundfont, timidity from GUS patches): real recordings with their own attacks, as opposed to
/// formulas.
struct SoundFontInstrument: Sendable {
  static let sampleRate = 48_000
  /// Notes start on a 4 ms grid, where fluidsynth's delay is one whole block.
  private static let gridMilliseconds = 4
  private static let percussionChannel = 9

  var name: String
  var category: OnsetCategory
  var program: Int
  var percussionKeys: [Int]
  var pitches: ClosedRange<Int>
  var soundFont: SoundFont
  var source: EvaluationClip.Source
  /// Each note held until the next one has begun, unless a rest is written between them (a note
  /// of the same pitch is let go as the next begins, so it is played again), as a bowed, blown
  /// or sung line is slurred.
  var slurred = false

  /// The tuning part's: TimGM6mb, a small soundfont.
  static let timGM6mb = generalMIDI(from: SoundFont.tuning[0], .timGM6mb)

  /// The tuning part's bowed, blown and sung instruments recorded for FluidR3 GM. MuseScore's
  /// General grew out of FluidR3 and still plays its violin, flute and choir recordings (the
  /// same samples, mixed to mono): those are the held-out part's and are left out here; its
  /// cello and the others below are recordings the held-out part does not play.
  static let fluidR3GM = detachedAndSlurred(
    [
      ("viola", 41, 48...81),
      ("cello", 42, 36...64),
      ("strings", 48, 43...81),
      ("voice oohs", 53, 48...76),
      ("oboe", 68, 58...88),
      ("clarinet", 71, 50...86),
      ("recorder", 74, 67...91),
    ], from: SoundFont.tuning[1], .fluidR3GM)

  /// The tuning part's section: TimGM6mb's choir on "aah" and voice on "oo" sung by several
  /// voices at once (`Treatment.ensemble`), whose level swells and sinks within a note as a
  /// recorded section's does, where every other voice of the tuning part is one singer.
  static let sections = detachedAndSlurred(
    [("choir aahs", 52, 52...76), ("voice oohs", 53, 48...76)], from: SoundFont.tuning[3],
    .sections)

  /// The tuning part's bowed, blown and sung instruments from Debian's freepats, played by
  /// timidity: recordings none of the soundfonts plays, with their own vibrato, bowing and
  /// breath. (The pitch evaluation holds freepats out; the pitch detector does not use the
  /// onset detector.)
  static let freepats = detachedAndSlurred(
    [
      ("violin", 40, 55...86),
      ("cello", 42, 36...64),
      ("strings", 48, 43...81),
      ("voice oohs", 53, 48...76),
      ("flute", 73, 60...90),
      ("clarinet", 71, 50...86),
      ("trumpet", 56, 55...82),
    ], from: SoundFont.heldOut[1], .freepats)

  /// Bowed, blown and sung `programs`, each played detached and slurred.
  private static func detachedAndSlurred(
    _ programs: [(String, program: Int, ClosedRange<Int>)], from soundFont: SoundFont,
    _ source: EvaluationClip.Source
  ) -> [SoundFontInstrument] {
    [false, true].flatMap { slurred in
      programs.map {
        SoundFontInstrument(
          name: slurred ? "\($0.0), slurred" : $0.0, category: .softAttack, program: $0.program,
          percussionKeys: [], pitches: $0.2, soundFont: soundFont, source: source,
          slurred: slurred)
      }
    }
  }

  /// The held-out part's: MuseScore's General soundfont, larger and recorded elsewhere, with a
  /// fingered bass and a choir singing "aah" besides.
  static let museScoreGeneral: [SoundFontInstrument] = {
    let soundFont = SoundFont.heldOut[0]
    return generalMIDI(from: soundFont, .museScoreGeneral) + [
      .init(
        name: "acoustic bass", category: .pluckedString, program: 32, percussionKeys: [],
        pitches: 28...55, soundFont: soundFont, source: .museScoreGeneral),
      .init(
        name: "choir aahs", category: .softAttack, program: 52, percussionKeys: [],
        pitches: 52...76, soundFont: soundFont, source: .museScoreGeneral),
    ]
  }()

  /// The programs played from every soundfont.
  private static func generalMIDI(from soundFont: SoundFont, _ source: EvaluationClip.Source)
    -> [SoundFontInstrument]
  {
    let programs: [(String, OnsetCategory, program: Int, keys: [Int], ClosedRange<Int>)] = [
      ("piano", .piano, 0, [], 45...80),
      ("nylon guitar", .pluckedString, 24, [], 40...72),
      ("steel guitar", .pluckedString, 25, [], 40...76),
      ("violin", .softAttack, 40, [], 55...86),
      ("cello", .softAttack, 42, [], 36...64),
      ("flute", .softAttack, 73, [], 60...90),
      ("hand clap", .clap, 0, [39], 0...1),
      ("wood block", .woodblock, 0, [76, 77], 0...1),
    ]
    return programs.map {
      SoundFontInstrument(
        name: $0.0, category: $0.1, program: $0.program, percussionKeys: $0.keys, pitches: $0.4,
        soundFont: soundFont, source: source)
    }
  }

  var isAvailable: Bool { soundFont.isAvailable }

  private var channel: Int { percussionKeys.isEmpty ? 0 : Self.percussionChannel }

  private func key(for note: PerformedNote) -> Int {
    percussionKeys.isEmpty ? note.pitch : percussionKeys[note.pitch % percussionKeys.count]
  }

  /// The performance rendered, with the frame where each note's sound starts; nil when
  /// the synthesizer fails.
  func take(of performance: Performance, named name: String, in folder: URL) -> CleanTake? {
    var notes = performance.notes.map { note in
      MIDIFile.Note(
        millisecond: Int((note.time * 1000 / Double(Self.gridMilliseconds)).rounded())
          * Self.gridMilliseconds,
        length: max(Self.gridMilliseconds, Int(note.duration * 1000)), key: key(for: note),
        velocity: max(1, min(127, Int((note.velocity * 127).rounded()))))
    }
    if slurred { notes = performance.slurred(notes) }
    guard let samples = render(notes, length: performance.length, in: folder, named: "take"),
      let lead = soundLeadIns(of: notes, in: folder)
    else { return nil }
    let truth = notes.map { note in
      note.millisecond * Self.sampleRate / 1000 + soundFont.startDelay
        + lead[Self.sound(note)]!.start
    }
    return CleanTake(
      name: name, category: category, source: source, performance: performance,
      sampleRate: Self.sampleRate, samples: samples, truth: truth,
      notePeaks: notes.map { lead[Self.sound($0)]!.peak })
  }

  private static func sound(_ note: MIDIFile.Note) -> Int { note.key * 128 + note.velocity }

  /// For every key and velocity used, how many samples after its block the note's sound starts,
  /// and its peak, from each played alone.
  private func soundLeadIns(of notes: [MIDIFile.Note], in folder: URL) -> [Int: (
    start: Int, peak: Float
  )]? {
    let sounds = Array(Set(notes.map(Self.sound))).sorted()
    let slot = 1_000
    let alone = sounds.enumerated().map { index, sound in
      MIDIFile.Note(
        millisecond: (index + 1) * slot, length: 300, key: sound / 128, velocity: sound % 128)
    }
    let length = Double((sounds.count + 2) * slot) / 1000
    guard let samples = render(alone, length: length, in: folder, named: "alone") else {
      return nil
    }
    var leadIns: [Int: (Int, Float)] = [:]
    for (sound, note) in zip(sounds, alone) {
      let block = note.millisecond * Self.sampleRate / 1000 + soundFont.startDelay
      let excerpt = samples[block..<min(samples.count, block + Self.sampleRate * 3 / 10)]
      leadIns[sound] = SoundStart.of(excerpt)
    }
    return leadIns
  }

  private func render(_ notes: [MIDIFile.Note], length: Double, in folder: URL, named: String)
    -> [Float]?
  {
    soundFont.render(
      notes, channel: channel, program: program, length: length, sampleRate: Self.sampleRate,
      in: folder, named: named)
  }
}

extension Performance {
  /// How long a slurred note sounds on under the next one, in milliseconds.
  static let slurOverlap = 30

  /// `notes`, this performance's notes as played, slurred: each held until the next one has
  /// begun, unless a rest is written between them; a note followed by the same pitch is let go
  /// as that one begins, so it is played again.
  public func slurred(_ notes: [MIDIFile.Note]) -> [MIDIFile.Note] {
    var notes = notes
    for index in notes.indices.dropLast() {
      let written = self.notes[index]
      guard self.notes[index + 1].gridTime - written.gridTime < written.writtenLength + 1e-6
      else { continue }
      let next = notes[index + 1]
      let overlap = next.key == notes[index].key ? 0 : Self.slurOverlap
      notes[index].length = max(1, next.millisecond - notes[index].millisecond + overlap)
    }
    return notes
  }
}
