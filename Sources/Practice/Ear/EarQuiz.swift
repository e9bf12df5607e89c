import MusicTheory

/// A list of ear questions dealt from chosen items, with the root of each (the lowest note
/// but in an inversion) at random in a range. The random generator is passed in, so a seeded one gives the same questions on any
/// machine.
public struct EarQuiz: Equatable, Sendable {
  public static let countRange = 1...500
  /// A comfortable range for the root of a question.
  public static let defaultRoots = Note(.C, octave: 3).pitch...Note(.C, octave: 5).pitch

  public let exercise: EarExercise
  public let questions: [EarQuestion]

  /// `items` must belong to `exercise` and not be empty, `soundings` likewise; `count` is
  /// within `countRange`. With `inversions`, each chord is voiced in one of its inversions
  /// (root position included) at random. A question's root is drawn by pitch within `roots`, a black
  /// key spelled with a sharp or a flat at random, and the other spelling taken when the
  /// first needs a double accidental where the other does not (G♯ augmented would have F𝄪).
  public init(
    exercise: EarExercise, items: [EarItem], soundings: [EarQuestion.Sounding], count: Int,
    inversions: Bool = false, roots: ClosedRange<Pitch> = Self.defaultRoots,
    using random: inout some RandomNumberGenerator
  ) {
    precondition(!items.isEmpty && !soundings.isEmpty, "an ear quiz needs items and soundings")
    precondition(Self.countRange.contains(count), "an ear quiz asks 1 to 500 questions")
    let pitches = roots.lowerBound.midiNumber...roots.upperBound.midiNumber
    self.exercise = exercise
    questions = (0..<count).map { _ in
      let item = items.randomElement(using: &random)!
      let sounding = soundings.randomElement(using: &random)!
      let pitch = Pitch(midiNumber: Int.random(in: pitches, using: &random))
      let preferSharps = Bool.random(using: &random)
      // Drawn only when asked, so a seed gives the same questions as before without it.
      let inversion = inversions ? Int.random(in: 0...item.intervals.count, using: &random) : 0
      return Self.question(
        item: item, on: pitch, sounding: sounding, inversion: inversion,
        preferSharps: preferSharps)
    }
  }

  /// The question on `pitch` in the spelling asked for, or in the other where that one needs
  /// a double accidental or cannot be spelled at all.
  public static func question(
    item: EarItem, on pitch: Pitch, sounding: EarQuestion.Sounding, inversion: Int = 0,
    preferSharps: Bool
  ) -> EarQuestion {
    let spellings = [preferSharps, !preferSharps].compactMap {
      EarQuestion(
        item: item, root: pitch.spelling(preferSharps: $0), sounding: sounding,
        inversion: inversion)
    }
    let plain = spellings.first { question in
      question.notes.allSatisfy { abs($0.accidental.semitones) < 2 }
    }
    guard let chosen = plain ?? spellings.first else {
      preconditionFailure("\(item) cannot be spelled on \(pitch.midiNumber) either way")
    }
    return chosen
  }
}
