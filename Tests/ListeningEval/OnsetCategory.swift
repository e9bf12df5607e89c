/// The kinds of sound the onset evaluation plays, from sharp to soft attacks.
public enum OnsetCategory: String, CaseIterable, Sendable {
  /// Hand claps and finger snaps.
  case clap
  /// Struck wood or metal: wood blocks, claves, side sticks and rim clicks, cowbells, agogos.
  case woodblock
  /// Struck skins: snares, kicks, toms, cajons, bongos.
  case drum
  case pluckedString = "plucked string"
  case piano
  /// Bowed strings, wind instruments and sung notes: sounds that swell in.
  case softAttack = "bowed/blown/sung"

  /// The group held to the stricter target: a sound that starts with a strike or a pluck.
  public var isPercussiveOrPlucked: Bool {
    switch self {
    case .clap, .woodblock, .drum, .pluckedString: true
    case .piano, .softAttack: false
    }
  }
}
