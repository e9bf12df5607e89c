import MusicTheory
import Practice
import Storage
import TerminalUI

/// Work the runtime performs for the model. The model never does I/O itself.
public enum Effect: Equatable, Sendable {
  case save(Settings)
  case metronome(MetronomeCommand)
  case listen(ListenCommand)
  /// Open MIDI input (the sequencer's ports, or the `--midi-in` file or device), or close it.
  case midiIn(MIDIInCommand)
  /// Find the MIDI ports there are, for the settings, and send them back.
  case listMIDIPorts
  /// Sound a note, such as a flashcard's answer.
  case playNote(Pitch)
  /// Sound notes one after the other with an instrument, such as an interval's tonic and then
  /// its note on a plucked string.
  case playNotes([Pitch], InstrumentSound)
  /// Sound an ear-training question, or an answer beside it, on the SoundFont piano (the
  /// built-in voice without one), melodic notes spaced as `woodshed ear quiz` spaces them.
  case playEar(EarSound)
  /// The exercise that played notes was left: close their stream.
  case stopNotes
  /// Append a finished (or stopped) session to the history, dated when it ended.
  case record(SessionRecord)
  /// Save a pattern from the editor among the user's own, replacing the one of that id if asked.
  case savePattern(FretPattern, replacing: Bool)
  /// Delete the user's own pattern of this id, then read the patterns again.
  case deletePattern(String)
  /// Read the fretboard patterns (the library's and the user's) and send them back.
  case loadPatterns
  /// Read the history and the settings again: a background sync joined another machine's
  /// into them.
  case reloadJoined
  /// Fetches a note pack of the server's catalogue into the player's packs
  /// (`woodshed packs fetch`), in the background.
  case fetchPack(String)
  /// Ring the terminal's bell, where a phone would vibrate.
  case bell
  /// List the recording protocols there are.
  case protocolList
  /// Make a new protocol of this name, then open it.
  case protocolCreate(String)
  /// Give a protocol another name, then list them again.
  case protocolRename(String, to: String)
  /// Move a protocol to the archive, or back, then list them again.
  case protocolArchive(String)
  case protocolUnarchive(String)
  /// Move a protocol to the trash folder, then list them again.
  case protocolDelete(String)
  /// Read a protocol's journal and send it back.
  case protocolLoad(String)
  /// Apply a line to the protocol and keep it in its journal, or say why not.
  case protocolAdd(String, line: String)
  /// Lines that make one action (the screen's `f`: `false`, then `take`), which `undo` takes
  /// back whole: appended together or not at all.
  case protocolAddTogether(String, lines: [String])
  /// Read the protocol's journal again if someone has added to it.
  case protocolRefresh(String)
  /// Add a movement line for each movement of the MusicXML score at `path`.
  case protocolImportScore(String, path: String)
  /// Add a movement line for each section of the script at `path`, and keep its text beside
  /// the protocol's journal for the take sheets to quote.
  case protocolImportScript(String, path: String)
  case quit
}

public enum MIDIInCommand: Equatable, Sendable {
  /// Start taking notes; a `--midi-in` file's time zero is `origin` (nil: now), so a file
  /// made against the click lines up with the first click heard.
  case start(from: MonotonicInstant?)
  case stop
}
