import MusicTheory

/// Turns the listener's stream of pitch estimates into the notes a player holds: the same
/// semitone, heard clearly for `heldEstimates` estimates running. Each note is reported once;
/// the next one counts only after a new attack or a silence, so a note still ringing from the
/// last card is not taken as the answer to this one.
public struct HeldNoteDetector: Equatable, Sendable {
  /// Below this the estimate is more likely noise or a chord than one note.
  public static let minimumConfidence = 0.8
  /// About 150 ms at one estimate every 50 ms: long enough to pass over a pick's scrape or a
  /// singer's scoop into the note, short enough to feel immediate.
  public static let heldEstimates = 3

  /// Estimates are kept this long, for an attack reported after them: a microphone's onset
  /// comes up to a quarter of a second after the sound.
  public static let rememberedSeconds = 0.5

  public let reference: ConcertPitch
  private var run: [Double] = []
  /// The estimates of the last `rememberedSeconds`, with when they were heard.
  private var recent: [Estimate] = []
  /// An attack that sounded by then belongs to a note already taken, or to one sounding before
  /// the detector was told to wait for a new note.
  private var takenUpTo: Double?

  private struct Estimate: Equatable, Sendable {
    var frequency: Double
    var confidence: Double
    var seconds: Double
  }
  private var runPitch: Pitch?
  public private(set) var isArmed: Bool

  /// A detector that waits for a new attack or a silence before the first note when
  /// `armed` is false.
  public init(reference: ConcertPitch = .standard, armed: Bool = true) {
    self.reference = reference
    self.isArmed = armed
  }

  /// A new attack or a silence was heard: the next held note counts.
  public mutating func arm() {
    isArmed = true
    run = []
    runPitch = nil
  }

  /// An attack that sounded at `seconds` was reported: the next held note counts, and the
  /// estimates heard since it sounded are its. Returns the held note's mean frequency when they
  /// complete one. An attack that sounded before the last note taken, or before the detector
  /// was told to wait, is that note's, reported late: it arms nothing.
  public mutating func arm(at seconds: Double) -> Double? {
    if let takenUpTo, seconds <= takenUpTo { return nil }
    arm()
    var completed: Double?
    for estimate in recent where estimate.seconds >= seconds {
      if let note = hear(frequency: estimate.frequency, confidence: estimate.confidence) {
        completed = note
        takenUpTo = estimate.seconds
      }
    }
    return completed
  }

  /// Takes one estimate, heard at `seconds` (on the clock attacks are given on), and keeps it
  /// for an attack reported later; returns the held note's mean frequency in hertz when this
  /// estimate completes one.
  public mutating func hear(frequency: Double, confidence: Double, at seconds: Double) -> Double? {
    recent.removeAll { seconds - $0.seconds > Self.rememberedSeconds }
    recent.append(Estimate(frequency: frequency, confidence: confidence, seconds: seconds))
    let note = hear(frequency: frequency, confidence: confidence)
    if note != nil { takenUpTo = seconds }
    return note
  }

  /// Forgets the note in progress and waits for a new attack or a silence.
  public mutating func disarm() {
    if let newest = recent.last?.seconds { takenUpTo = max(takenUpTo ?? newest, newest) }
    isArmed = false
    run = []
    runPitch = nil
  }

  /// Takes one estimate; returns the held note's mean frequency in hertz when this estimate
  /// completes one.
  public mutating func hear(frequency: Double, confidence: Double) -> Double? {
    guard frequency > 0, confidence >= Self.minimumConfidence,
      let pitch = Pitch(nearestTo: frequency, reference: reference)
    else {
      // A gap in the pitch is a silence or an attack's noise: a fresh start either way.
      arm()
      return nil
    }
    guard isArmed else { return nil }
    if pitch != runPitch {
      run = []
      runPitch = pitch
    }
    run.append(frequency)
    guard run.count >= Self.heldEstimates else { return nil }
    let mean = run.reduce(0, +) / Double(run.count)
    disarm()
    return mean
  }
}
