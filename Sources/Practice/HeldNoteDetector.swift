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

  public let reference: ConcertPitch
  private var run: [Double] = []
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

  /// Forgets the note in progress and waits for a new attack or a silence.
  public mutating func disarm() {
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
