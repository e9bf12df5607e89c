/// What a click sounds like after a loudspeaker and a room: a little duller, with a few early
/// reflections, so the sound the app knows is not exactly the sound the microphone hears.
enum RoomPath {
  /// Reflections as (delay in seconds, gain).
  private static let reflections: [(Double, Float)] = [
    (0.0041, 0.35), (0.0073, -0.25), (0.011, 0.15),
  ]
  /// One-pole low-pass coefficient: a small speaker's gentle top-end roll-off.
  private static let dulling: Float = 0.3

  static func heard(_ sound: [Float], sampleRate: Int) -> [Float] {
    let longest = Int(0.011 * Double(sampleRate)) + 1
    var output = [Float](repeating: 0, count: sound.count + longest)
    var previous: Float = 0
    for (index, sample) in sound.enumerated() {
      previous = (1 - dulling) * sample + dulling * previous
      output[index] += previous
      for (delay, gain) in reflections {
        output[index + Int(delay * Double(sampleRate))] += gain * previous
      }
    }
    return output
  }
}
