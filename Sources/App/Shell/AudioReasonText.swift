import Storage

/// Why there is no sound, in the player's language. The audio edge words its failures in
/// English: PulseAudio's error texts as the C locale gives them (`TerminalLocale.adopt` keeps
/// system messages there) and a few of its own. Those a player meets are said again from the
/// locale files; any other is shown as it came, never in the language of the box's libc.
enum AudioReasonText {
  static let serverPrefix = "PulseAudio: "

  /// The English texts, after `serverPrefix` where they have it, and their locale keys.
  static let keys: [String: String] = [
    "Connection refused": "audio.reason.connectionRefused",
    "Access denied": "audio.reason.accessDenied",
    "Timeout": "audio.reason.timeout",
    "Invalid server": "audio.reason.invalidServer",
    "Connection terminated": "audio.reason.connectionTerminated",
    "the server stopped answering": "audio.reason.stoppedAnswering",
    "PulseAudio client could not start": "audio.reason.clientFailed",
    "PulseAudio server did not answer in time": "audio.reason.noAnswer",
  ]

  static func text(_ reason: String, _ strings: Localizer) -> String {
    let hasPrefix = reason.hasPrefix(serverPrefix)
    let body = hasPrefix ? String(reason.dropFirst(serverPrefix.count)) : reason
    guard let key = keys[body] else { return reason }
    return (hasPrefix ? serverPrefix : "") + strings.text(key)
  }
}
