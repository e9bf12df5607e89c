import Glibc

/// A terminal that plays a script, for running the whole app loop in a test: keys to send,
/// texts to wait for on its screen (a `VirtualTerminal`), a resize, a signal. Between steps it
/// passes on wake-ups and time-outs as curses would, so background work gets done.
public final class ScriptedTerminal: InteractiveTerminal {
  public enum Step: Sendable {
    case keys([Key])
    /// Waits until the screen shows `text`; the script fails if it does not within `seconds`.
    case waitFor(String, seconds: Double = 5)
    case resize(Size)
    case signal(TerminationSignal)
  }

  public let display: VirtualTerminal
  public var theme: Theme = .dark
  public private(set) var bells = 0
  public private(set) var isClosed = false
  /// The text a wait was still looking for when its time ran out.
  public private(set) var failedWait: String?
  private var steps: [Step]
  private var waitStarted: MonotonicInstant?
  private let waker: TerminalWaker

  public init(size: Size, steps: [Step]) throws {
    display = VirtualTerminal(size: size)
    self.steps = steps
    waker = try TerminalWaker()
  }

  public var size: Size { display.size }
  public var colorDepth: ColorDepth { display.colorDepth }
  public var text: String { display.text }

  public func draw(_ canvas: Canvas) { display.draw(canvas) }
  public func makeWaker() -> TerminalWaker { waker }
  public func ringBell() { bells += 1 }
  public func close() { isClosed = true }

  public func nextEvent(timeout: Duration?) -> TerminalEvent {
    if !waker.receivedBytes().isEmpty { return .woken }
    guard let step = steps.first else { return .signal(.terminate) }
    switch step {
    case .keys(let keys):
      steps.removeFirst()
      return .keys(keys.map { KeyEvent($0, time: .now()) })
    case .resize(let size):
      steps.removeFirst()
      display.resize(to: size)
      return .resized(size)
    case .signal(let signal):
      steps.removeFirst()
      return .signal(signal)
    case .waitFor(let text, let seconds):
      let now = MonotonicInstant.now()
      let started = waitStarted ?? now
      waitStarted = started
      if display.text.contains(text) {
        steps.removeFirst()
        waitStarted = nil
        return .timedOut
      }
      if now.nanoseconds - started.nanoseconds > UInt64(seconds * 1e9) {
        failedWait = text
        steps.removeAll()
        return .signal(.terminate)
      }
      // Waits as curses would, but in short slices so the screen is looked at often.
      let slice = min(timeout ?? .milliseconds(10), .milliseconds(10))
      usleep(useconds_t(max(0, slice.components.attoseconds / 1_000_000_000_000)))
      return .timedOut
    }
  }
}
