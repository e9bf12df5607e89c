/// A shared pattern's rating as the browser and `woodshed comments` write it: "★ 4.2 (12)", the
/// average to a tenth and how many rated it; "* 4.2 (12)" in ASCII.
public enum RatingBadge {
  /// Nil when nobody rated it.
  public static func text(average: Double?, count: Int, glyphs: GlyphSet) -> String? {
    guard let average, count > 0 else { return nil }
    return "\(glyphs.star) \(tenths(average)) (\(count))"
  }

  /// "4.5": one decimal, the same in every language, as the stars are.
  public static func tenths(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// "★★★★☆" for four of five in Unicode, "****-" in ASCII.
  public static func stars(_ stars: Int, glyphs: GlyphSet) -> String {
    let filled = max(0, min(5, stars))
    let empty: Character = glyphs.kind == .unicode ? "☆" : "-"
    return String(repeating: glyphs.star, count: filled)
      + String(repeating: empty, count: 5 - filled)
  }
}
