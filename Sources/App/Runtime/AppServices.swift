import Audio
import AudioModel
import DSP
import MusicTheory
import Storage
import TerminalUI

/// The click: plays the metronome and tells when each beat is heard.
protocol MetronomeOutput: AnyObject {
  var isRunning: Bool { get }
  /// Playing silently because no audio server answered (not into a file).
  var isSilentForLackOfServer: Bool { get }
  func start(_ options: MetronomeOptions, devices: AudioDeviceSettings) -> MetronomeStartReport
  /// Moves a silent run onto a server that has appeared; nil when nothing runs.
  func restart(devices: AudioDeviceSettings) -> MetronomeStartReport?
  func update(_ options: MetronomeOptions)
  /// Stops, and says what the run was like for the playback log.
  func stop() -> PlaybackRecord?
  func serverLost()
  func serverBack()
  /// The clicks as they sound in the room, for the listener; nil without a server.
  func clicksInTheRoom() -> MetronomeClicks?
  /// When the next beat not shown yet is heard (CLOCK_MONOTONIC nanoseconds); nil until known.
  func nextAudibleBeat() -> UInt64?
  /// The beats heard by `now`, each shown once, in order.
  func beatsHeard(by now: UInt64) -> [BeatDisplay]
}

/// What a metronome start came to: silent for want of a server, and sounds it could not use.
struct MetronomeStartReport {
  var silentBecause: String?
  var soundNotices: [String]
}

/// The microphone (or the `--audio-in` file) and the calibrations that use it; what it hears
/// is posted as events.
protocol MicrophoneInput: AnyObject {
  var isRunning: Bool { get }
  func start(devices: AudioDeviceSettings, profile: InstrumentProfile?, clicks: MetronomeClicks?)
    -> (failure: String?, source: String?)
  func stop()
  func measureLatency(devices: AudioDeviceSettings)
  func learnInstrument(name: String, seconds: Double)
}

/// MIDI keyboards and pads; what they play is posted as events.
protocol MIDIInput: AnyObject {
  func start(choice: String?, origin: MonotonicInstant?) -> (failure: String?, port: String?)
  func stop()
  /// The ports there are, by name, or why there are none.
  func portNames() -> (ports: [String], problem: String?)
}

/// Notes sounded for the player: a flashcard's answer, an interval, a pattern.
protocol NoteOutput: AnyObject {
  /// Plays `pitches` one after the other; returns why they cannot be heard, if so.
  func play(
    _ pitches: [Pitch], sound: InstrumentSound, settings: Settings, devices: AudioDeviceSettings
  ) -> String?
  /// Plays an ear-training sound on the SoundFont piano, loading it the first time; without
  /// one, on the built-in voice.
  func playEar(_ sound: EarSound, settings: Settings, devices: AudioDeviceSettings) -> EarPlayback
  func stop()
}

/// What playing an ear-training sound came to.
struct EarPlayback {
  /// Why nothing could be heard (no stream would open), in one line.
  var failure: String?
  /// Why the SoundFont piano is not playing, said by the first sound that fell back to the
  /// built-in voice and by no later one.
  var withoutSoundFont: String?
  /// When the sound's first sample is heard, by the output's clock: nil until the audio thread
  /// has started it (asked again until it answers), or when the output cannot tell.
  var audibleStart: (@Sendable () -> MonotonicInstant?)?
}

/// Everything the runtime performs effects through, in one value, so that a test can run the
/// whole loop with any of them replaced.
struct AppServices {
  var metronome: any MetronomeOutput
  var microphone: any MicrophoneInput
  var midi: any MIDIInput
  var notes: any NoteOutput
  var settings: any SettingsStoring
  /// The finished sessions, one line each.
  var history: HistoryLog
  /// What the metronome played, run by run, for `doctor`.
  var playbackLog: HistoryLog
  /// The recording protocols' journals.
  var protocols: ProtocolStore
  var wallClock: WallClock
  var probeAudio: @Sendable () -> AudioStatus
  /// Reads the fretboard patterns: the library's and the user's.
  var loadPatterns: @Sendable () -> PatternLibrary
  /// With `--audio-out`, sound goes to the file and notes are not played to the speakers.
  var playsNotes: Bool
  /// What the last refresh learnt of the practice-room server; nil when nobody is logged in.
  var readServerSnapshot: @Sendable () -> ServerSnapshot? = { nil }
  /// Asks the server afresh (`woodshed-net refresh`), returning when that is done; false at
  /// once when nobody is logged in.
  var refreshServer: @Sendable () -> Bool = { false }
  /// Fetches a pack of the server's catalogue into the player's packs and waits for it; the
  /// one line why not, or nil.
  var fetchPack: @Sendable (String) -> String? = { _ in "there is no server here" }
  /// Reads the note packs again: the shipped ones and the player's.
  var loadPacks: @Sendable () -> PackLibrary? = { nil }
  /// The DAW the open protocol's cues go to (`woodshed protocol live --osc`), if any.
  var daw: DAWLink? = nil
  /// The recorder's timecode, read from its LTC (`woodshed protocol live --ltc-in`), if any.
  var timecode: RecorderTimecode? = nil
}
