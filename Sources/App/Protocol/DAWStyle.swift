import OSC
import Practice

/// How a DAW takes the protocol's cues over OSC, and how it says that it started recording.
/// REAPER's default pattern file (`Default.ReaperOSC`) triggers actions by number and reports
/// `/record`; it cannot name a marker, so each cue is action 40157, "insert marker at the
/// current position", and the names come from `protocol export --format reaper-csv`. Ardour's
/// OSC surface adds a named marker at the playhead with `/add_marker NAME` and reports the
/// global record switch and the transport as `/rec_enable_toggle` and `/transport_play`.
/// `plain` sends `/woodshed/take_start`, `/woodshed/take_end`, `/woodshed/false_start` and
/// `/woodshed/mark`, each with the take and the cue's name, for a script or a control surface.
public struct DAWStyle: Equatable, Sendable {
  public enum Name: String, CaseIterable, Sendable {
    case reaper, ardour, plain
  }

  /// What a message carries: a fixed number, or the cue's name or take.
  enum Argument: Equatable, Sendable {
    case int(Int32)
    case cueName
    case take
  }

  struct Pattern: Equatable, Sendable {
    var address: String
    var arguments: [Argument]
  }

  public let name: Name
  let patterns: [DAWCue.Kind: Pattern]
  /// The DAW records while the latest value sent to each of these addresses is on (≥ 0.5).
  let recordingWhileOn: [String]

  public static func named(_ name: Name) -> DAWStyle {
    switch name {
    case .reaper:
      DAWStyle(
        name: name,
        patterns: Dictionary(
          uniqueKeysWithValues: DAWCue.Kind.allCases.map {
            ($0, Pattern(address: "/action", arguments: [.int(40157)]))
          }),
        recordingWhileOn: ["/record"])
    case .ardour:
      DAWStyle(
        name: name,
        patterns: Dictionary(
          uniqueKeysWithValues: DAWCue.Kind.allCases.map {
            ($0, Pattern(address: "/add_marker", arguments: [.cueName]))
          }),
        recordingWhileOn: ["/rec_enable_toggle", "/transport_play"])
    case .plain:
      DAWStyle(
        name: name,
        patterns: [
          .takeStart: Pattern(address: "/woodshed/take_start", arguments: [.take, .cueName]),
          .takeEnd: Pattern(address: "/woodshed/take_end", arguments: [.take, .cueName]),
          .falseStart: Pattern(address: "/woodshed/false_start", arguments: [.take, .cueName]),
          .mark: Pattern(address: "/woodshed/mark", arguments: [.take, .cueName]),
        ],
        recordingWhileOn: ["/woodshed/record"])
    }
  }

  /// The messages for `cues`, in order.
  public func messages(for cues: [DAWCue]) -> [OSCMessage] {
    cues.compactMap { cue in
      patterns[cue.kind].map { pattern in
        OSCMessage(
          pattern.address,
          pattern.arguments.map {
            switch $0 {
            case .int(let value): .int(value)
            case .cueName: .string(cue.name)
            case .take: .string(cue.take)
            }
          })
      }
    }
  }

  /// Follows the DAW's messages and tells when it starts recording.
  public func recordWatch() -> RecordWatch { RecordWatch(addresses: recordingWhileOn) }

  public struct RecordWatch: Sendable {
    let addresses: [String]
    private var isOn: [String: Bool] = [:]

    init(addresses: [String]) { self.addresses = addresses }

    private var isRecording: Bool { addresses.allSatisfy { isOn[$0] == true } }

    /// Takes in one message from the DAW; true when it makes the DAW start recording.
    public mutating func heard(_ message: OSCMessage) -> Bool {
      guard addresses.contains(message.address),
        let value = message.arguments.first?.number
      else { return false }
      let wasRecording = isRecording
      isOn[message.address] = value >= 0.5
      return !wasRecording && isRecording
    }
  }
}
