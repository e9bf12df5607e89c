import Audio
import DSP
import FoundationEssentials
import MusicTheory
import Practice

extension HeadlessEar {
  /// A note heard in a recording: its key and when it was first and last heard clearly.
  public struct HeardNote: Equatable, Sendable {
    public let pitch: Pitch
    public let start: Double
    public let end: Double
  }

  /// The silence that parts one played answer from the next: the second the quiz asks for,
  /// less what a piano or a guitar still rings of the answer's last note once it is let go.
  static let answerGapSeconds = 0.6
  /// How long a key must sound clearly to be a note: longer than a flute's or a violin's
  /// slide from one note to the next, or the pitch detector's slip at a note's start.
  static let shortestNoteSeconds = 0.1

  /// The exercises a played or sung answer grades.
  static let playedExercises: [EarExercise] = [.intervals, .degrees, .dictation, .rhythm]

  /// `ear grade --audio-in`: a recording with one played or sung answer per question, in
  /// order, each after at least a second of silence: an interval's second note (or both), each
  /// degree's note, a dictation's melody, or a rhythm tapped. Its notes are what the pitch
  /// detector hears held (the same key, clearly, for `shortestNoteSeconds`), and each is graded
  /// at its place in any octave: a voice or an instrument answers in its own range, as a singer
  /// takes a melody down an octave.
  public static func gradePlayed(
    _ questions: [TimedQuestion], exercise: EarExercise, audioFile url: URL
  ) throws(Launcher.Failure) -> [Verdict] {
    guard playedExercises.contains(exercise) else {
      throw Launcher.Failure(
        description: "--audio-in grades intervals, degrees, dictation and rhythm; use --answers")
    }
    let audio: (samples: [Float], rate: Int, isTruncated: Bool)
    do throws(WAVFileInputError) {
      audio = try WAVFileInput.monoAudio(of: url)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
    if exercise == .rhythm {
      return try gradeTapped(questions, audio: audio.samples, sampleRate: audio.rate, url: url)
    }
    let answers = try byQuestion(
      playedAnswers(heardNotes(audio.samples, sampleRate: audio.rate)), questions, url: url)
    return questions.map { timed in
      let heard = answers[timed.number - 1]
      if exercise == .intervals { return intervalPlayed(timed, heard: heard) }
      let asked = timed.question.notes
      let marks = asked.indices.map { index in
        heard.indices.contains(index)
          && (heard[index].midiNumber - asked[index].pitch.midiNumber) % 12 == 0
      }
      // Spelled as the note asked where it is one, else with the key's side of accidentals.
      let flats = timed.question.key?.scale.noteClasses.contains { $0.accidental.semitones < 0 }
      let written = heard.enumerated().map { index, pitch in
        if asked.indices.contains(index),
          (pitch.midiNumber - asked[index].pitch.midiNumber) % 12 == 0
        {
          let octaves = (pitch.midiNumber - asked[index].pitch.midiNumber) / 12
          return Note(asked[index].noteClass, octave: asked[index].octave + octaves)
        }
        return pitch.spelling(preferSharps: flats != true)
      }
      let given = written.map(\.description).joined(separator: " ")
      var verdict = Verdict(
        question: timed, given: given, understood: nil, understoodInversion: nil,
        isRight: heard.count == asked.count && !marks.contains(false))
      if exercise == .degrees, let key = timed.question.key {
        let degrees = written.compactMap { Dictation.degree(of: $0, in: key) }
        verdict = Verdict(
          question: timed, given: given, understood: nil, understoodInversion: nil,
          isRight: verdict.isRight,
          understoodItems: degrees.count == written.count && !written.isEmpty
            ? degrees.map(EarItem.degree) : nil)
      } else {
        verdict.understoodText = written.isEmpty ? nil : given
      }
      verdict.noteMarks = marks
      verdict.givenNotes = written.map(\.description)
      return verdict
    }
  }

  /// An interval answered by playing its second note, in any octave, or both notes: the last
  /// note heard is the answer, read as the interval it makes with the first note asked, within
  /// the octave the question moves in (above it up or together, below it down).
  static func intervalPlayed(_ timed: TimedQuestion, heard: [Pitch]) -> Verdict {
    let asked = timed.question.notes
    guard let played = heard.last, let first = asked.first, let second = asked.last else {
      return Verdict(
        question: timed, given: "", understood: nil, understoodInversion: nil, isRight: false)
    }
    let octaves = Int((Double(played.midiNumber - second.pitch.midiNumber) / 12).rounded(.down))
    let isRight = played.midiNumber == second.pitch.midiNumber + 12 * octaves
    let written =
      isRight
      ? Note(second.noteClass, octave: second.octave + octaves)
      : played.spelling(preferSharps: first.accidental.semitones >= 0)
    let verdict = { (understood: EarItem?) in
      Verdict(
        question: timed, given: written.description, understood: understood,
        understoodInversion: nil, isRight: isRight)
    }
    if isRight { return verdict(timed.question.item) }
    // Into the octave the question moves in from the first note: above it, or below it down.
    let isDown = timed.question.sounding == .down
    let span = (written.pitch.midiNumber - first.pitch.midiNumber) * (isDown ? -1 : 1)
    let away = span > 0 ? (span - 1) / 12 : span / 12 - 1
    let note = Note(written.noteClass, octave: written.octave - away * (isDown ? -1 : 1))
    let interval = isDown ? Interval(from: note, to: first) : Interval(from: first, to: note)
    return verdict(interval.map(EarItem.interval))
  }

  /// The silence that parts one tapped rhythm from the next: a bar at 80 to the minute, longer
  /// than any gap between two notes of a rhythm (a bar starts with a note and rests a beat at
  /// most, so notes lie three beats apart at most).
  static let rhythmAnswerGapSeconds = Double(RhythmLine.beatsPerBar) * beatSeconds

  /// Rhythms tapped, clapped or played, one per question, in order, each after a bar or more
  /// of silence: the onset detector finds the taps, and each answer is graded by the rhythm
  /// trainer's rules (relative windows) at 80 to the minute from its first tap, which is the
  /// rhythm's first beat: every rhythm starts with a note on it.
  static func gradeTapped(
    _ questions: [TimedQuestion], audio samples: [Float], sampleRate: Int, url: URL
  ) throws(Launcher.Failure) -> [Verdict] {
    let onsets = OnsetDetector.onsets(in: samples, sampleRate: sampleRate).map {
      Double($0.frame) / Double(sampleRate)
    }
    var answers: [[Double]] = []
    for onset in onsets {
      if let last = answers.last?.last, onset - last <= rhythmAnswerGapSeconds {
        answers[answers.count - 1].append(onset)
      } else {
        answers.append([onset])
      }
    }
    let tapped = try byQuestion(answers, questions, url: url)
    return questions.map { timed in
      let taps = tapped[timed.number - 1]
      guard let rhythm = timed.question.rhythm, let first = taps.first else {
        return Verdict(
          question: timed, given: "", understood: nil, understoodInversion: nil, isRight: false)
      }
      let results = rhythm.grade(taps: taps, firstBeat: first, windows: .relative)
      let beats = taps.map { ($0 - first) / beatSeconds }
      let given = beats.map { DecimalText.format($0, places: 2) }.joined(separator: " ")
      var verdict = Verdict(
        question: timed, given: given, understood: nil, understoodInversion: nil,
        isRight: RhythmDictation.isRight(results))
      verdict.understoodText = given
      verdict.tapped = TappedAnswer(results: results, firstBeat: first)
      return verdict
    }
  }

  /// The notes held in `samples`, in order: a new one where another key is heard clearly for
  /// `shortestNoteSeconds`. The same key again after less than that of another, or of no
  /// clear pitch (a breath, a bow change, the detector's slip an octave off), is the note
  /// going on.
  public static func heardNotes(_ samples: [Float], sampleRate: Int) -> [HeardNote] {
    let detector = PitchDetector(sampleRate: sampleRate)
    let estimates =
      samples.withUnsafeBufferPointer { detector.process($0) } + detector.finish()
    var notes: [HeardNote] = []
    var run: (pitch: Pitch, start: Double, end: Double)?
    func close() {
      guard let run, run.end - run.start >= shortestNoteSeconds else { return }
      if let last = notes.last, last.pitch == run.pitch,
        run.start - last.end < shortestNoteSeconds
      {
        notes[notes.count - 1] = HeardNote(pitch: last.pitch, start: last.start, end: run.end)
      } else {
        notes.append(HeardNote(pitch: run.pitch, start: run.start, end: run.end))
      }
    }
    for estimate in estimates {
      let seconds = Double(estimate.frame) / Double(sampleRate)
      guard estimate.frequency > 0, estimate.confidence >= HeldNoteDetector.minimumConfidence,
        let pitch = Pitch(nearestTo: estimate.frequency)
      else {
        close()
        run = nil
        continue
      }
      if let current = run, current.pitch == pitch {
        run = (pitch, current.start, seconds)
      } else {
        close()
        run = (pitch, seconds, seconds)
      }
    }
    close()
    return notes
  }

  /// The notes parted into answers where a second or more of silence lies between two.
  static func playedAnswers(_ notes: [HeardNote]) -> [[Pitch]] {
    var answers: [[Pitch]] = []
    var lastEnd: Double?
    for note in notes {
      if let lastEnd, note.start - lastEnd < answerGapSeconds {
        answers[answers.count - 1].append(note.pitch)
      } else {
        answers.append([note.pitch])
      }
      lastEnd = note.end
    }
    return answers
  }

  /// The answers found in a recording, one per question in order, none for the questions after
  /// the last; a recording with more answers than questions is refused in one line.
  static func byQuestion<Answer>(
    _ answers: [[Answer]], _ questions: [TimedQuestion], url: URL
  ) throws(Launcher.Failure) -> [[Answer]] {
    guard answers.count <= questions.count else {
      throw Launcher.Failure(
        description:
          "\(url.lastPathComponent) holds \(answers.count) answers for \(questions.count) questions"
      )
    }
    return answers + Array(repeating: [], count: questions.count - answers.count)
  }
}
