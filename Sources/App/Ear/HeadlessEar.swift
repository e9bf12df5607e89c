import Audio
import DSP
import Files
import FoundationEssentials
import Glibc
import MusicTheory
import Practice
import Storage

/// `woodshed ear quiz` and `woodshed ear grade`: the ear-training questions without a
/// terminal, printed, rendered to a WAV file and graded from a file of typed answers.
public enum HeadlessEar {
  public static let sampleRate = 48_000
  /// How long each note of a melodic question sounds, and the next one starts after it.
  public static let melodicNoteSeconds = 1.0
  /// A scale's notes go twice as fast: eight notes of a second each would be a run no one
  /// plays, and too long to hold in the ear as one shape.
  static let scaleNoteSeconds = 0.5
  static let harmonicSeconds = 1.5
  static let silenceSeconds = 1.0
  /// Each chord that sets a key (I–IV–V–I, or a cadence's tonic) is short: it says where home
  /// is, and is not what is asked.
  static let keyChordSeconds = 0.6
  /// The rest between the chords that set the key and what is asked, so the two are heard apart.
  static let afterKeySeconds = 0.4
  /// A cadence's chords, each as long as a melodic note.
  static let cadenceChordSeconds = 1.0
  /// A degree's way home, after the answer, as quick as a scale's run.
  static let resolutionNoteSeconds = scaleNoteSeconds
  /// The rest between an intonation question's two notes: short, so the first is still in the
  /// ear, yet the second is heard as a note of its own and not as the first bending.
  static let intonationGapSeconds = 0.3
  /// A dictation's notes, at 80 to the minute: slow enough to follow eight of them, quick
  /// enough to be heard as one melody.
  static let dictationNoteSeconds = 0.75
  /// A rhythm's note sounds for this share of its written length, so two notes in a row are
  /// heard as two attacks, not one held on.
  static let rhythmNoteShare = 0.9

  /// What `--exercise`, `--items`, `--level`, `--sounding`, `--count` and `--seed` ask for.
  public struct Options: Sendable {
    public var exercise: String
    public var items: String?
    public var level: Int
    public var soundings: String?
    public var count: Int
    public var seed: UInt64
    /// Chords voiced in any inversion, named with it.
    public var inversions: Bool
    /// Where every note lies, as `C3-C5`; or the one root of every question, as `F#3`.
    public var range: String?
    public var root: String?
    /// How many degrees a degree question asks in a row.
    public var notes: Int

    public init(
      exercise: String, items: String?, level: Int, soundings: String?, count: Int, seed: UInt64,
      inversions: Bool = false, range: String? = nil, root: String? = nil, notes: Int = 1
    ) {
      self.exercise = exercise
      self.items = items
      self.level = level
      self.soundings = soundings
      self.count = count
      self.seed = seed
      self.inversions = inversions
      self.range = range
      self.root = root
      self.notes = notes
    }
  }

  /// A note of a question placed in time, and whether it sets the key or is asked.
  public struct PlacedNote: Sendable {
    public enum Part: String, Sendable {
      case key
      case question
    }

    public let note: Note
    public let time: ClosedRange<Double>
    public let part: Part
    /// How many cents it sounds off the note's pitch: an intonation question's second note.
    public var cents = 0

    /// What the note sounds at, in hertz, A4 at 440.
    public var frequency: Double {
      note.pitch.frequency() * Glibc.pow(2, Double(cents) / 1200)
    }
  }

  /// A question with where its notes lie in the rendered WAV.
  public struct TimedQuestion: Sendable {
    public let number: Int
    public let question: EarQuestion
    /// Seconds from the start of the WAV, one per note in the order of `question.notes`.
    public let noteTimes: [ClosedRange<Double>]
    /// Every note heard: the chords that set the key, if any, and `question.notes`.
    public let sounds: [PlacedNote]
    /// Whether the answer names the chord's inversion too.
    public let asksInversion: Bool
    /// A rhythm dictation's clicks: the count-in bar, then every beat under the rhythm.
    public var clicks: [EarSound.Click] = []

    public var start: Double {
      min(sounds.map(\.time.lowerBound).min() ?? 0, clicks.first?.time ?? .infinity)
    }
    public var end: Double {
      max(
        sounds.map(\.time.upperBound).max() ?? 0,
        clicks.map { $0.time + EarSound.Click.seconds }.max() ?? 0)
    }

    /// A rhythm dictation's first beat after the count-in, in seconds in the WAV.
    public var firstBeat: Double? {
      question.rhythm.map { _ in start + HeadlessEar.countInSeconds }
    }
  }

  /// The questions the options ask for, laid out one after another with a second of silence
  /// between them.
  public static func questions(_ options: Options) throws(Launcher.Failure) -> (
    exercise: EarExercise, questions: [TimedQuestion]
  ) {
    guard let exercise = EarExercise(rawValue: options.exercise) else {
      let names = EarExercise.allCases.map(\.rawValue)
      throw Launcher.Failure(
        description:
          "unknown exercise \"\(options.exercise)\": use \(names.dropLast().joined(separator: ", ")) or \(names.last!)"
      )
    }
    guard EarQuiz.countRange.contains(options.count) else {
      throw Launcher.Failure(
        description:
          "--count must be \(EarQuiz.countRange.lowerBound) to \(EarQuiz.countRange.upperBound), not \(options.count)"
      )
    }
    if options.inversions && exercise != .chords {
      throw Launcher.Failure(description: "--inversions is for chords")
    }
    guard options.notes == 1 || exercise == .degrees else {
      throw Launcher.Failure(description: "--notes is for degrees")
    }
    guard EarQuiz.notesPerQuestionRange.contains(options.notes) else {
      throw Launcher.Failure(description: "--notes must be 1 to 3, not \(options.notes)")
    }
    let items = try self.items(options, exercise: exercise)
    let soundings = try self.soundings(options.soundings, exercise: exercise)
    let placement = try self.placement(options, exercise: exercise, items: items)
    var random = SplitMix64(seed: options.seed)
    let quiz = EarQuiz(
      exercise: exercise, items: items, soundings: soundings, count: options.count,
      inversions: options.inversions, placement: placement,
      minorKeys: exercise.hasMinorKeys(atLevel: options.level), notesPerQuestion: options.notes,
      cents: EarExercise.intonationCents(atLevel: options.level), using: &random)
    var timed: [TimedQuestion] = []
    var start = 0.0
    for (index, question) in quiz.questions.enumerated() {
      let sounds = layout(question, from: start)
      let placed = TimedQuestion(
        number: index + 1, question: question,
        noteTimes: sounds.filter { $0.part == .question }.map(\.time), sounds: sounds,
        asksInversion: options.inversions, clicks: clicks(of: question, from: start))
      timed.append(placed)
      start = placed.end + silenceSeconds
    }
    return (exercise, timed)
  }

  /// Every note of `question` placed from `start`: the chords that set its key, a rest, then
  /// what is asked (a cadence's chords a second each; a melody's notes a second each, a
  /// scale's half a second; the notes of a chord together for a second and a half).
  public static func layout(_ question: EarQuestion, from start: Double) -> [PlacedNote] {
    if let rhythm = question.rhythm {
      let firstBeat = start + countInSeconds
      return zip(question.notes, rhythm.line.notes).map { note, written in
        let onset = firstBeat + written.onset.value * beatSeconds
        return PlacedNote(
          note: note, time: onset...(onset + written.length.value * beatSeconds * rhythmNoteShare),
          part: .question)
      }
    }
    var placed: [PlacedNote] = []
    var onset = start
    for chord in question.prelude {
      placed += chord.map {
        PlacedNote(note: $0, time: onset...(onset + keyChordSeconds), part: .key)
      }
      onset += keyChordSeconds
    }
    if !question.prelude.isEmpty { onset += afterKeySeconds }
    if !question.chords.isEmpty {
      for chord in question.chords {
        placed += chord.map {
          PlacedNote(note: $0, time: onset...(onset + cadenceChordSeconds), part: .question)
        }
        onset += cadenceChordSeconds
      }
      return placed
    }
    let isHarmonic = question.sounding == .harmonic
    let noteLength = noteSeconds(of: question.item)
    let length = isHarmonic ? harmonicSeconds : noteLength
    var gap = 0.0
    if case .intonation = question.item { gap = intonationGapSeconds }
    for (index, note) in question.notes.enumerated() {
      let noteOnset = isHarmonic ? onset : onset + Double(index) * (noteLength + gap)
      var sound = PlacedNote(note: note, time: noteOnset...(noteOnset + length), part: .question)
      sound.cents = question.cents(ofNote: index)
      placed.append(sound)
    }
    return placed
  }

  /// A rhythm dictation's beat, at `RhythmDictation.bpm`.
  static let beatSeconds = 60 / RhythmDictation.bpm
  /// The bar of clicks before a rhythm.
  static let countInSeconds = Double(RhythmLine.beatsPerBar) * beatSeconds

  /// A rhythm dictation's clicks from `start`: a bar counted in on the woodblock, then every
  /// beat of its bars, the first of each accented. None for another question.
  public static func clicks(of question: EarQuestion, from start: Double) -> [EarSound.Click] {
    guard let rhythm = question.rhythm else { return [] }
    let beats = RhythmLine.beatsPerBar * (1 + rhythm.style.bars)
    return (0..<beats).map { beat in
      let sound: EarSound.Click.Sound =
        beat < RhythmLine.beatsPerBar
        ? .countIn : beat % RhythmLine.beatsPerBar == 0 ? .accent : .beat
      return EarSound.Click(time: start + Double(beat) * beatSeconds, sound: sound)
    }
  }

  /// How long each note of a melodic question on `item` sounds.
  static func noteSeconds(of item: EarItem) -> Double {
    switch item {
    case .scale: scaleNoteSeconds
    case .melody: dictationNoteSeconds
    default: melodicNoteSeconds
    }
  }

  /// The questions on the SoundFont piano, or without one in the built-in soft piano voice,
  /// mono, each note starting on its own sample (the notes of a chord on the same one): the
  /// questions' times fall on FluidSynth's blocks.
  public static func render(_ questions: [TimedQuestion], piano: SoundFontSynth?) -> [Float] {
    let total = frame(questions.last?.end ?? 0)
    guard let piano else { return renderBuiltIn(questions, frames: total) }
    let notes = questions.flatMap { timed in
      timed.sounds.map {
        SoundFontSynth.Note(
          key: $0.note.pitch.midiNumber, start: frame($0.time.lowerBound),
          end: frame($0.time.upperBound), cents: Double($0.cents))
      }
    }
    var samples = piano.render(notes, frames: total)
    EarSound.mix(questions.flatMap(\.clicks), into: &samples, sampleRate: sampleRate)
    return samples
  }

  private static func frame(_ seconds: Double) -> Int {
    Int((seconds * Double(sampleRate)).rounded())
  }

  private static func renderBuiltIn(_ questions: [TimedQuestion], frames total: Int) -> [Float] {
    var samples = [Float](repeating: 0, count: total)
    for timed in questions {
      // Notes sounding together share the level one note has alone, so a chord never clips.
      let together = timed.sounds.map { sound in
        timed.sounds.count(where: { $0.time.lowerBound == sound.time.lowerBound })
      }.max()
      let gain = Float(0.8) / Float(max(1, together ?? 1))
      for sound in timed.sounds {
        let time = sound.time
        let first = Int((time.lowerBound * Double(sampleRate)).rounded())
        let tone = Synth.softPiano(
          frequency: sound.frequency, duration: time.upperBound - time.lowerBound,
          sampleRate: sampleRate)
        for (offset, sample) in tone.enumerated() where first + offset < total {
          samples[first + offset] += gain * sample
        }
      }
    }
    EarSound.mix(questions.flatMap(\.clicks), into: &samples, sampleRate: sampleRate)
    return samples
  }

  /// Writes the rendered questions as a 16-bit WAV file, never over an existing file unless
  /// `overwrite` is set, on the piano of the first of `soundFonts` there is; returns why the
  /// SoundFont piano could not play them, when it could not.
  public static func write(
    _ questions: [TimedQuestion], to url: URL, overwrite: Bool,
    soundFonts: [String] = SoundFontSynth.searchPaths
  ) throws(Launcher.Failure) -> SoundFontError? {
    try Launcher.checkOutput(url, force: overwrite)
    let piano = SoundFontSynth.load(sampleRate: sampleRate, paths: soundFonts)
    let samples = render(questions, piano: try? piano.get())
    let audio = WAVAudio(sampleRate: sampleRate, channels: 1, samples: samples)
    do {
      try AtomicFile.write(WAVCodec.encode(audio, as: .int16), to: url)
    } catch {
      throw Launcher.Failure(description: "cannot write \(url.lastPathComponent): \(error)")
    }
    if case .failure(let reason) = piano { return reason }
    return nil
  }

  /// Where the notes lie: the default range of roots, every note within `--range`, or every
  /// question on `--root`.
  private static func placement(
    _ options: Options, exercise: EarExercise, items: [EarItem]
  ) throws(Launcher.Failure) -> EarQuiz.Placement {
    if exercise == .degrees || exercise == .cadences, options.range != nil || options.root != nil {
      throw Launcher.Failure(
        description: "--range and --root are not for \(exercise.rawValue): their key places them")
    }
    if exercise == .dictation, options.range != nil || options.root != nil {
      throw Launcher.Failure(
        description: "--range and --root are not for dictation: its melodies lie C4-A5 in their key"
      )
    }
    if exercise == .rhythm, options.range != nil || options.root != nil {
      throw Launcher.Failure(
        description: "--range and --root are not for rhythm: its notes are all C5")
    }
    if exercise == .intonation, options.range != nil || options.root != nil {
      throw Launcher.Failure(
        description: "--range and --root are not for intonation: its notes lie A3-A5")
    }
    switch (options.range, options.root) {
    case (nil, nil): return .lowestNote(in: EarQuiz.defaultRoots(of: exercise))
    case (_?, _?): throw Launcher.Failure(description: "--range and --root: give one of them")
    case (nil, let typed?):
      guard let root = Note(parsing: typed) else {
        throw Launcher.Failure(description: "--root must be a note with its octave, as F#3")
      }
      try checkPlayable(items, from: root.pitch, options: options, typed: "--root \(typed)")
      return .fixedRoot(root)
    case (let typed?, nil):
      let ends = typed.split(separator: "-", omittingEmptySubsequences: false)
      guard ends.count == 2, let low = Note(parsing: String(ends[0])),
        let high = Note(parsing: String(ends[1])), low.pitch < high.pitch,
        EarQuiz.playable.contains(low.pitch), EarQuiz.playable.contains(high.pitch)
      else {
        throw Launcher.Failure(
          description:
            "--range must be a lower and a higher note from A0 to C8, as C3-C5, not \"\(typed)\"")
      }
      let range = low.pitch...high.pitch
      if let wide = items.first(where: {
        EarQuiz.roots(of: $0, inversions: options.inversions, within: range) == nil
      }) {
        throw Launcher.Failure(
          description: "--range \(typed) cannot hold \(wide.shortName): choose a wider range")
      }
      return .everyNote(in: range)
    }
  }

  /// Every item's notes from `root` up are on the piano's keys.
  private static func checkPlayable(
    _ items: [EarItem], from root: Pitch, options: Options, typed: String
  ) throws(Launcher.Failure) {
    guard EarQuiz.playable.contains(root),
      items.allSatisfy({
        EarQuiz.roots(
          of: $0, inversions: options.inversions, within: root...EarQuiz.playable.upperBound)
          != nil
      })
    else {
      throw Launcher.Failure(description: "\(typed) puts notes beyond the piano's A0 to C8")
    }
  }

  private static func items(_ options: Options, exercise: EarExercise) throws(Launcher.Failure)
    -> [EarItem]
  {
    guard let typed = options.items else {
      guard let items = exercise.items(upToLevel: options.level) else {
        throw Launcher.Failure(
          description:
            "--level must be 1 to \(exercise.levels.count) for \(exercise.rawValue), not \(options.level)"
        )
      }
      return items
    }
    return try distinct(
      typed, read: { EarItem(shortName: $0, exercise: exercise) },
      unknown: {
        "unknown \(exercise.rawValue) item \"\($0)\": use \(exercise.allItems.map(\.shortName).joined(separator: " "))"
      }, empty: "--items names no item")
  }

  private static func soundings(_ typed: String?, exercise: EarExercise) throws(Launcher.Failure)
    -> [EarQuestion.Sounding]
  {
    guard let typed else { return [exercise.soundings[0]] }
    return try distinct(
      typed,
      read: { name in
        EarQuestion.Sounding(rawValue: name).flatMap { exercise.soundings.contains($0) ? $0 : nil }
      },
      unknown: {
        "unknown sounding \"\($0)\" for \(exercise.rawValue): use \(exercise.soundings.map(\.rawValue).joined(separator: " "))"
      }, empty: "--sounding names no way to sound")
  }

  /// The values of the names in `typed` (split at spaces and commas), each once, in order;
  /// `unknown` says why a name is none, `empty` why no name was given.
  private static func distinct<Value: Equatable>(
    _ typed: String, read: (String) -> Value?, unknown: (String) -> String, empty: String
  ) throws(Launcher.Failure) -> [Value] {
    var values: [Value] = []
    for name in typed.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) {
      guard let value = read(name) else { throw Launcher.Failure(description: unknown(name)) }
      if !values.contains(value) { values.append(value) }
    }
    guard !values.isEmpty else { throw Launcher.Failure(description: empty) }
    return values
  }
}
