import AudioModel
import MusicTheory
import Practice
import Storage
import TerminalUI

/// Everything that can happen to the app, as plain values. Key presses come stamped with the
/// monotonic time they were read; background work (audio probe, saves) reports back as events.
public enum AppEvent: Equatable, Sendable {
  case key(KeyEvent)
  case resized(Size)
  case clock(ClockTime)
  case audio(AudioStatus)
  case saved
  case saveFailed(reason: String)
  /// Something the user should read, shown until the next key.
  case notice(Message)
  /// A metronome click became audible.
  case metronomeBeat(BeatDisplay)
  /// The microphone started, recording from `source` (nil for a file); or could not, and why.
  case listening(failure: String?, source: String? = nil)
  /// The time the screen asked to be woken at (`AppModel.deadline`) has come.
  case tick(MonotonicInstant)
  /// A latency or instrument calibration finished.
  case calibrated(CalibrationResult)
  /// The fretboard patterns were read (`own` holds the ids of the user's, `shared` who
  /// recommended each pattern shared with the player, `ratings` how the players rated those
  /// the server told of, `library` the version of each of the school's library), and the files
  /// that could not be used.
  case patternsLoaded(
    [FretPattern], own: Set<String> = [], shared: [String: String] = [:],
    ratings: [String: ServerSnapshot.Ratings] = [:], library: [String: Int] = [:],
    problems: [String])
  /// What the last refresh learnt of the practice-room server; nil when nobody is logged in.
  case serverSnapshot(ServerSnapshot?)
  /// The note packs were read again, and the files that could not be used.
  case packsLoaded([NotePack], problems: [String])
  /// A pack of the server's catalogue was fetched into the player's packs, or could not be,
  /// and the one line why.
  case packFetched(String, problem: String?)
  /// The editor's pattern was saved under this id, or could not be, and why.
  case patternSaved(id: String)
  case patternSaveFailed(reason: String)
  /// A session was added to the history.
  case recorded(SessionRecord)
  /// The history and the settings as read again after a background sync joined another
  /// machine's into them; no settings when the file could not be used as it is.
  case joinedReloaded(history: [SessionRecord], settings: Settings?)
  /// The recording protocols there are, archived ones too, with their status and last change.
  case protocolsListed([ProtocolSummary])
  /// A protocol as its journal now stands, its last lines, and one line per entry that could
  /// not be read or applied.
  case protocolLoaded(String, session: ProtocolSession, recent: [String], problems: [String])
  /// The movement lines read from a MusicXML score for the protocol `name`.
  case scoreImported(String, lines: [String])
  /// A protocol line was refused, or its files could not be used, and why.
  case protocolRefused(String)
  /// The DAW the protocol is linked to started recording.
  case dawRecordStarted
  /// The ear sound played last was first heard at this instant, by the output's clock.
  case earSoundStarted(MonotonicInstant)
  /// The live protocol's links as they stand: the recorder's timecode, the DAW.
  case sessionLinks(SessionLinks)
  /// What the listener picked up, as it reports it (levels, onsets, pitches by input frame),
  /// for the screen that shows the microphone itself.
  case heard([ListenerEvent])
  /// What was played, on the shared clock: the microphone's attacks and pitches, MIDI keys.
  case played([PlayedEvent])
  /// MIDI input started, from `port`; or could not, and why.
  case midiInput(failure: String?, port: String? = nil)
  /// The MIDI ports there are, by name; or why there are none (no sequencer).
  case midiPortsListed([String], problem: String?)
}

/// Wall-clock day, hour and minute for the status line and the practice log's "today", read by
/// the runtime, never by views.
public struct ClockTime: Equatable, Sendable {
  public var hour: Int
  public var minute: Int
  public var day: LocalDay

  public init(hour: Int, minute: Int, day: LocalDay) {
    self.hour = hour
    self.minute = minute
    self.day = day
  }

  public var text: String {
    (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
  }
}
