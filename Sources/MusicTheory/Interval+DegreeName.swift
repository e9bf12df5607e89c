extension Interval {
  /// The interval as guitarists and jazz players label a note against the major scale: "1",
  /// "b3", "#4", "b5", "bb7", "9". Perfect and major intervals carry no sign.
  public var degreeName: String {
    let plain = Interval(quality: .perfect, number: number) ?? Interval(.major, number)
    let offset = semitones - plain.semitones
    let sign =
      offset < 0 ? String(repeating: "b", count: -offset) : String(repeating: "#", count: offset)
    return sign + "\(number)"
  }
}
