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

  /// The silence that parts one played answer from the next.
  static let answerGapSeconds = 1.0

  /// `ear grade --audio-in`: a recording with one played or sung melody per dictation, in
  /// order, each after at least a second of silence. Its notes are what the pitch detector
  /// hears held (the same key, clearly, for `HeldNoteDetector.heldEstimates` estimates running,
  /// as the rooms take a held note), and each is graded at its place in any octave: a voice or
  /// an instrument answers in its own range, as a singer takes a melody down an octave.
  public static func gradePlayed(
    _ questions: [TimedQuestion], exercise: EarExercise, audioFile url: URL
  ) throws(Launcher.Failure) -> [Verdict] {
    guard exercise == .dictation else {
      throw Launcher.Failure(description: "--audio-in grades dictation; use --answers")
    }
    let audio: (samples: [Float], rate: Int, isTruncated: Bool)
    do throws(WAVFileInputError) {
      audio = try WAVFileInput.monoAudio(of: url)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
    let answers = playedAnswers(heardNotes(audio.samples, sampleRate: audio.rate))
    guard answers.count <= questions.count else {
      throw Launcher.Failure(
        description:
          "\(url.lastPathComponent) holds \(answers.count) answers for \(questions.count) questions"
      )
    }
    return questions.map { timed in
      let heard = timed.number <= answers.count ? answers[timed.number - 1] : []
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
      verdict.noteMarks = marks
      verdict.givenNotes = written.map(\.description)
      verdict.understoodText = written.isEmpty ? nil : given
      return verdict
    }
  }

  /// The notes held in `samples`, in order: a new one where another key is heard clearly for
  /// `HeldNoteDetector.heldEstimates` estimates running.
  public static func heardNotes(_ samples: [Float], sampleRate: Int) -> [HeardNote] {
    let detector = PitchDetector(sampleRate: sampleRate)
    let estimates =
      samples.withUnsafeBufferPointer { detector.process($0) } + detector.finish()
    var notes: [HeardNote] = []
    var run: [(pitch: Pitch, seconds: Double)] = []
    func close() {
      guard run.count >= HeldNoteDetector.heldEstimates else { return }
      if let last = notes.last, last.pitch == run[0].pitch,
        run[0].seconds - last.end < answerGapSeconds
      {
        // The same key again after a blur (a breath, a bow change) is the note going on.
        notes[notes.count - 1] = HeardNote(
          pitch: last.pitch, start: last.start, end: run[run.count - 1].seconds)
      } else {
        notes.append(
          HeardNote(pitch: run[0].pitch, start: run[0].seconds, end: run[run.count - 1].seconds))
      }
    }
    for estimate in estimates {
      let seconds = Double(estimate.frame) / Double(sampleRate)
      guard estimate.frequency > 0, estimate.confidence >= HeldNoteDetector.minimumConfidence,
        let pitch = Pitch(nearestTo: estimate.frequency)
      else {
        close()
        run = []
        continue
      }
      if let first = run.first, first.pitch != pitch {
        close()
        run = []
      }
      run.append((pitch, seconds))
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
}
