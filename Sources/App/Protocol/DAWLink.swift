import OSC
import Practice
import Synchronization

/// The protocol's line to a DAW over OSC: the cues of every change to the protocol go to the
/// DAW as its style has them, and, with a port to listen on, the DAW's own messages say when
/// it starts recording.
public final class DAWLink: Sendable {
  public let style: DAWStyle
  private let sender: OSCSender

  /// The DAW as the screen names it: `ardour 127.0.0.1:3819`.
  public var name: String { "\(style.name.rawValue) \(sender.endpoint)" }
  private let receiver: OSCReceiver?
  private let onRecordStarted: Handler

  /// `endpoint` is `HOST:PORT` as typed after `--osc`, `listen` `[HOST:]PORT` as typed after
  /// `--osc-listen`; both are opened here, so a wrong address or a port in use is said before
  /// anything else happens.
  public init(endpoint: String, style: DAWStyle.Name, listen: String? = nil)
    throws(Launcher.Failure)
  {
    guard let target = OSCEndpoint(endpoint) else {
      throw Launcher.Failure(
        description: "--osc is HOST:PORT, such as 127.0.0.1:8000; not \"\(endpoint)\"")
    }
    let local = try listen.map { text throws(Launcher.Failure) in
      guard let local = OSCEndpoint(text) else {
        throw Launcher.Failure(
          description: "--osc-listen is [HOST:]PORT, such as 9000; not \"\(text)\"")
      }
      return local
    }
    self.style = DAWStyle.named(style)
    let watch = Mutex(self.style.recordWatch())
    let onRecordStarted = Handler()
    self.onRecordStarted = onRecordStarted
    do {
      sender = try OSCSender(to: target)
      receiver = try local.map { local throws(OSCSocketError) in
        try OSCReceiver(on: local) { message in
          guard watch.withLock({ $0.heard(message) }) else { return }
          onRecordStarted.run()
        }
      }
    } catch {
      throw Launcher.Failure(description: "OSC: \(error)")
    }
  }

  deinit { receiver?.stop() }

  /// Sends the cues of what changed from `old` to `new`.
  public func send(from old: ProtocolSession, to new: ProtocolSession) throws(Launcher.Failure) {
    let messages = style.messages(for: DAWCue.changes(from: old, to: new))
    guard !messages.isEmpty else { return }
    do {
      try sender.send(messages)
    } catch {
      throw Launcher.Failure(description: "OSC: \(error)")
    }
  }

  /// From now on, `handler` runs, on the receiver's thread, each time the DAW starts recording.
  public func whenRecordingStarts(_ handler: @escaping @Sendable () -> Void) {
    onRecordStarted.set(handler)
  }

  /// What to run when the DAW starts recording, set once the app can take it.
  private final class Handler: Sendable {
    private let handler = Mutex<(@Sendable () -> Void)?>(nil)

    func set(_ new: @escaping @Sendable () -> Void) { handler.withLock { $0 = new } }

    func run() { handler.withLock { $0 }?() }
  }
}
