/// How the count-in bars sound, so the player can tell them from the bars they play in.
public enum CountInStyle: Hashable, Sendable {
  /// Every count-in beat uses the count-in voice.
  case distinctVoice
  /// Every count-in beat is an accent.
  case allAccented
}
