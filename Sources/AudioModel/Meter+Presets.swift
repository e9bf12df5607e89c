extension Meter {
  public static let twoFour = Meter(validBeatsPerBar: 2, beatUnit: 4)
  public static let threeFour = Meter(validBeatsPerBar: 3, beatUnit: 4)
  public static let fourFour = Meter(validBeatsPerBar: 4, beatUnit: 4)
  public static let fiveFour = Meter(validBeatsPerBar: 5, beatUnit: 4)
  public static let sixEight = Meter(validBeatsPerBar: 6, beatUnit: 8)
  public static let sevenEight = Meter(validBeatsPerBar: 7, beatUnit: 8)
  public static let nineEight = Meter(validBeatsPerBar: 9, beatUnit: 8)
  public static let twelveEight = Meter(validBeatsPerBar: 12, beatUnit: 8)

  /// The meters offered in the metronome's picker, in the order shown.
  public static let presets: [Meter] = [
    .twoFour, .threeFour, .fourFour, .fiveFour, .sixEight, .sevenEight, .nineEight, .twelveEight,
  ]
}
