extension Meter {
  public static let twoFour = Meter(validBeatsPerBar: 2, beatUnit: 4)
  public static let threeFour = Meter(validBeatsPerBar: 3, beatUnit: 4)
  public static let fourFour = Meter(validBeatsPerBar: 4, beatUnit: 4)
  public static let fiveFour = Meter(validBeatsPerBar: 5, beatUnit: 4)
  public static let twoTwo = Meter(validBeatsPerBar: 2, beatUnit: 2)
  public static let threeEight = Meter(validBeatsPerBar: 3, beatUnit: 8)
  public static let fiveEight = Meter(validBeatsPerBar: 5, beatUnit: 8)
  public static let sixEight = Meter(validBeatsPerBar: 6, beatUnit: 8)
  public static let sevenEight = Meter(validBeatsPerBar: 7, beatUnit: 8)
  public static let nineEight = Meter(validBeatsPerBar: 9, beatUnit: 8)
  public static let twelveEight = Meter(validBeatsPerBar: 12, beatUnit: 8)

  /// The meters offered in the metronome's picker, in the order shown.
  public static let presets: [Meter] = [
    .twoFour, .threeFour, .fourFour, .fiveFour, .twoTwo, .threeEight, .fiveEight, .sixEight,
    .sevenEight, .nineEight, .twelveEight,
  ]

  /// How the beats of a bar group, each group starting on an accent: a bar of quarters is one
  /// group; eighths group in threes (6/8 is 3+3, 12/8 is 3+3+3+3) and what is left in twos,
  /// the twos first (5/8 is 2+3, 7/8 is 2+2+3), as the odd meters are usually counted.
  public var standardGroups: [Int] {
    guard beatUnit >= 8, beatsPerBar > 3 else { return [beatsPerBar] }
    let twos = [0, 2, 1][beatsPerBar % 3]
    return Array(repeating: 2, count: twos)
      + Array(repeating: 3, count: (beatsPerBar - 2 * twos) / 3)
  }
}
