import Storage

/// A library pattern's name in its parts, so that it can be said in the player's language and
/// shortened for a list: "Major, position 2 (3 notes per string)" is the family "Major",
/// position 2 and three notes per string. A name not written that way (the player's own) is
/// a family alone and is shown as written.
struct PatternName: Equatable {
  enum Detail: Equatable {
    case none
    case threePerString
    /// "from the b3 on string 6": the tone the position starts on, and its string.
    case from(degree: String, string: Int)
    /// A chord grip: "root on string 5".
    case rootOn(string: Int)
  }

  let family: String
  let position: Int?
  let detail: Detail

  init(_ name: String) {
    let parts = name.split(separator: ", ", maxSplits: 1).map(String.init)
    guard parts.count == 2, let parsed = Self.parse(parts[1]) else {
      (family, position, detail) = (name, nil, .none)
      return
    }
    family = parts[0]
    (position, detail) = parsed
  }

  private static func parse(_ text: String) -> (Int?, Detail)? {
    let words = text.split(separator: " ").map(String.init)
    if words.count == 4, words[0] == "root", words[1] == "on", words[2] == "string",
      let string = Int(words[3])
    {
      return (nil, .rootOn(string: string))
    }
    guard words.count >= 2, words[0] == "position", let position = Int(words[1]) else {
      return nil
    }
    let rest = words.dropFirst(2).joined(separator: " ")
    if rest.isEmpty { return (position, .none) }
    if rest == "(3 notes per string)" { return (position, .threePerString) }
    let from = rest.split(separator: " ").map(String.init)
    if from.count == 6, from[0] == "(from", from[1] == "the", from[3] == "on",
      from[4] == "string", let string = Int(from[5].dropLast()), from[5].hasSuffix(")")
    {
      return (position, .from(degree: from[2], string: string))
    }
    return nil
  }

  /// The family in the player's language, or as written when it has no text.
  func familyText(_ strings: Localizer) -> String {
    strings.textIfPresent("pattern.family." + slug) ?? family
  }

  /// The family shortened for a list at 80 columns ("Half-dim. 7th arp."), where it has a
  /// short form.
  func shortFamilyText(_ strings: Localizer) -> String {
    strings.textIfPresent("pattern.short.family." + slug) ?? familyText(strings)
  }

  private var slug: String { family.lowercased().replacing(" ", with: "-") }

  /// The whole name, as in the pattern's header.
  func text(_ strings: Localizer) -> String {
    let place = placeText(strings, short: false)
    return place.isEmpty ? familyText(strings) : familyText(strings) + ", " + place
  }

  /// Where the shape lies, said in full ("position 2 (3 notes per string)") or short for a
  /// list ("2 · 3 per string"); empty for a name of the player's own.
  func placeText(_ strings: Localizer, short: Bool) -> String {
    let prefix = short ? "pattern.short." : "pattern."
    var text = position.map { strings.text(prefix + "position", ["n": "\($0)"]) } ?? ""
    let detail: String
    switch self.detail {
    case .none: return text
    case .threePerString: detail = strings.text(prefix + "threePerString")
    case .from(let degree, let string):
      let tone = degree == "root" ? strings.text("pattern.root") : degree
      detail = strings.text(prefix + "from", ["degree": tone, "string": "\(string)"])
    case .rootOn(let string):
      return strings.text(prefix + "rootOn", ["string": "\(string)"])
    }
    text += short ? " · " + detail : " (" + detail + ")"
    return text
  }
}
