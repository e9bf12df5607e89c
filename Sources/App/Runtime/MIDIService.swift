import Audio
import Dispatch
import Files
import FoundationEssentials
import Glibc
import MIDI
import Synchronization
import TerminalUI

/// MIDI input for the running app: the ALSA sequencer's devices, or what `--midi-in` names — a
/// Standard MIDI File played in as if from a keyboard, from the moment input starts, or a
/// device node or FIFO read as raw MIDI. Note-ons are posted as played events, stamped when
/// they were read (a file's at the times it gives); the rest is left to others, such as the
/// recorder's MIDI Time Code to `RecorderTimecode`.
final class MIDIService: MIDIInput {
  private let overrides: RunOverrides
  private let post: @Sendable (AppEvent) -> Void
  private var reception: Reception?

  init(overrides: RunOverrides, post: @escaping @Sendable (AppEvent) -> Void) {
    self.overrides = overrides
    self.post = post
  }

  /// Starts taking MIDI from the port `choice` names (nil: every device there is); returns why
  /// it cannot, in one line, or the name of what it reads. A file's time zero is `origin`.
  func start(choice: String?, origin: MonotonicInstant?) -> (failure: String?, port: String?) {
    stop()
    let reception = Reception()
    let post = post
    do throws(Launcher.Failure) {
      let source = try MIDISource.open(overrides.midiIn, choice: choice)
      self.reception = reception
      DispatchQueue.global(qos: .userInteractive).async {
        source.run(from: origin ?? .now(), until: reception) { messages, instant in
          let played = MIDISource.played(messages, at: instant)
          if !played.isEmpty { post(.played(played)) }
        }
      }
      return (nil, source.name)
    } catch {
      return (error.description, nil)
    }
  }

  func stop() {
    reception?.stop()
    reception = nil
  }

  func portNames() -> (ports: [String], problem: String?) {
    do throws(ALSASequencerError) {
      return (try ALSASequencer().ports().map(\.name), nil)
    } catch {
      return ([], error.description)
    }
  }
}

/// Tells a reading loop to end; set by the main loop, read by the reading thread.
final class Reception: Sendable {
  private let stopped = Atomic(false)

  var isStopped: Bool { stopped.load(ordering: .acquiring) }

  func stop() { stopped.store(true, ordering: .releasing) }
}

/// Where MIDI comes from, and the loop that reads it.
enum MIDISource: Sendable {
  case sequencer(ALSASequencer, name: String)
  case stream(StreamFile, name: String)
  case file([StandardMIDIFile.Event], name: String)

  /// How long a read waits before looking whether it should stop.
  static let pollMilliseconds: Int32 = 50

  /// Opens what `path` names, else the sequencer's port `choice` (nil: every device); a
  /// sequencer that cannot be opened is said with `standIn`, the option that reads a file.
  static func open(_ path: String?, choice: String?, standIn: String = "--midi-in")
    throws(Launcher.Failure) -> MIDISource
  {
    guard let path else {
      do throws(ALSASequencerError) {
        let sequencer = try ALSASequencer(choice: choice)
        let connected = try sequencer.connect(choice)
        let name =
          connected.isEmpty
          ? "ALSA sequencer (no device yet)" : connected.map(\.name).joined(separator: ", ")
        return .sequencer(sequencer, name: name)
      } catch {
        throw Launcher.Failure(description: error.said(standIn: standIn))
      }
    }
    let url = URL(fileURLWithPath: path)
    guard StreamFile.isStream(url) else {
      return .file(try MIDIPerformanceFile.events(path), name: url.lastPathComponent)
    }
    do throws(FileError) {
      return .stream(try StreamFile(url), name: path)
    } catch {
      throw Launcher.Failure(description: "cannot read \(path): \(error)")
    }
  }

  var name: String {
    switch self {
    case .sequencer(_, let name), .stream(_, let name), .file(_, let name): name
    }
  }

  /// Reads until `reception` is stopped (or a file has played), handing each batch of
  /// messages to `deliver` with when they came; a file's times count from `origin`.
  func run(
    from origin: MonotonicInstant, until reception: Reception,
    deliver: ([MIDIMessage], MonotonicInstant) -> Void
  ) {
    switch self {
    case .sequencer(let sequencer, _):
      while !reception.isStopped {
        let messages = sequencer.receive(waitingMilliseconds: Self.pollMilliseconds)
        if !messages.isEmpty { deliver(messages, .now()) }
      }
    case .stream(let stream, _):
      var parser = MIDIStreamParser()
      while !reception.isStopped {
        guard let bytes = try? stream.read(waitingMilliseconds: Self.pollMilliseconds) else {
          return
        }
        let messages = parser.messages(in: bytes)
        if !messages.isEmpty { deliver(messages, .now()) }
      }
    case .file(let events, _):
      for event in events {
        let instant = origin.advanced(by: .nanoseconds(Int64(event.seconds * 1e9)))
        while !reception.isStopped, MonotonicInstant.now() < instant {
          let left = instant.nanoseconds &- MonotonicInstant.now().nanoseconds
          usleep(useconds_t(min(left / 1000, UInt64(Self.pollMilliseconds) * 1000)))
        }
        guard !reception.isStopped else { return }
        deliver([event.message], instant)
      }
    }
  }

  /// The note-ons among `messages`, played at `instant`.
  static func played(_ messages: [MIDIMessage], at instant: MonotonicInstant) -> [PlayedEvent] {
    messages.compactMap { PlayedEvent($0, at: instant) }
  }
}
