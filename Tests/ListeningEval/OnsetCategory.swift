/// The kinds of sound the onset evaluation plays, from sharp to soft attacks.
public enum OnsetCategory: String, CaseIterable, Sendable {
  case clap
  case woodblock
  case pluckedString = "plucked string"
  case piano
  case softAttack = "bowed/blown"

  /// The group held to the stricter target: a sound that starts with a strike or a pluck.
  public var isPercussiveOrPlucked: Bool {
    switch self {
    case .clap, .woodblock, .pluckedString: true
    case .piano, .softAttack: false
    }
  }
}
