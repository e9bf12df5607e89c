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
}
