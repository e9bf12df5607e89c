/// Numbers with a fixed count of decimals, written without the locale-dependent formatters so
/// that scripts reading the headless commands always see a dot.
enum DecimalText {
  static func format(_ value: Double, places: Int) -> String {
    var scale: Int64 = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = Int64((abs(value) * Double(scale)).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard places > 0 else { return sign + "\(scaled)" }
    let fraction = String(scaled % scale)
    let padded = String(repeating: "0", count: places - fraction.count) + fraction
    return sign + "\(scaled / scale).\(padded)"
  }

  /// `part` of `whole` as a whole percentage, rounded half up, as every screen shows a share
  /// right: 39 of 40 is 98, on the results and in History alike. 0 of nothing is 0.
  static func percent(_ part: Int, of whole: Int) -> String {
    whole <= 0 ? "0" : "\((200 * part + whole) / (2 * whole))"
  }
}
