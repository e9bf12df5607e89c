import CNcursesw
import Glibc

/// The real terminal: curses draws, and this type reads the keyboard itself with `read(2)`, so
/// every key passes through `KeyDecoder` and is stamped with the monotonic time it was read.
/// Waiting happens in `poll()` over standard input and a wake-up pipe that also carries signals,
/// so an idle app uses no CPU.
///
/// Open it before starting other threads: they inherit the signal mask set here, which keeps
/// SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGWINCH from being taken (and lost) by a thread of their own.
public final class CursesTerminal: TerminalDisplay {
  public private(set) var size: Size
  public let colorDepth: ColorDepth
  /// Changing the theme repaints every cell on the next draw.
  public var theme: Theme {
    didSet { needsFullRedraw = true }
  }

  /// curses' SCREEN.
  private let screen: OpaquePointer
  /// Duplicates of standard output and input handed to curses, so closing them at the end
  /// leaves the process's own descriptors open.
  private let output: UnsafeMutablePointer<FILE>
  private let input: UnsafeMutablePointer<FILE>
  private let waker: TerminalWaker
  private let signals: SignalSources
  private var colorPairs: CursesColorPairs
  private var decoder = KeyDecoder()
  private var previous: Canvas?
  private var needsFullRedraw = true
  /// Whether curses was last told to show the cursor (it starts hidden).
  private var cursorShown = false
  private var queued: [TerminalEvent] = []
  private var isClosed = false
  /// The locale cannot encode non-ASCII text, so characters are replaced before output.
  private let asciiOnly: Bool

  private init(
    screen: OpaquePointer, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
    waker: TerminalWaker, signals: SignalSources, theme: Theme, colorDepth: ColorDepth,
    colorPairs: CursesColorPairs
  ) {
    self.screen = screen
    self.output = output
    self.input = input
    self.waker = waker
    self.signals = signals
    self.theme = theme
    self.colorDepth = colorDepth
    self.colorPairs = colorPairs
    self.asciiOnly = String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8"
    self.size = .minimum
    resizeToWindow()
  }

  deinit { close() }

  /// Lets other threads interrupt `nextEvent`, which then returns `.woken`.
  public func makeWaker() -> TerminalWaker {
    waker
  }

  /// Takes over the terminal: alternate screen, raw keyboard, hidden cursor. `environment`
  /// supplies `TERM` and `NO_COLOR` (set and non-empty turns colours off). Curses encodes
  /// characters in the locale's character set: adopt the locale first (`TerminalLocale.adopt`);
  /// in the C locale every character outside ASCII is sent as its ASCII stand-in.
  public static func open(theme: Theme, environment: [String: String]) throws -> CursesTerminal {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw TerminalError.notATerminal
    }
    guard let term = environment["TERM"], !term.isEmpty else {
      throw TerminalError.cannotStart("TERM is not set")
    }
    // A type such as `dumb` prints line after line: a full screen cannot be drawn on it.
    if let capabilities = TerminalProbe.capabilities(term: term), !capabilities.canMoveCursor {
      throw TerminalError.cannotStart(
        "the terminal type \"\(term)\" cannot move the cursor; set TERM to your terminal's type")
    }
    // Before curses starts, so it sees the signals taken and installs no handlers of its own.
    let waker = try TerminalWaker()
    let signals = SignalSources(
      signals: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH], waker: waker)
    guard let output = fdopen(dup(STDOUT_FILENO), "w") else {
      signals.close()
      throw TerminalError.cannotStart("cannot open standard output")
    }
    guard let input = fdopen(dup(STDIN_FILENO), "r") else {
      fclose(output)
      signals.close()
      throw TerminalError.cannotStart("cannot open standard input")
    }
    guard let screen = newterm(term, output, input) else {
      fclose(input)
      fclose(output)
      signals.close()
      // A terminal newer than the box's terminfo (xterm-kitty, alacritty, foot over SSH) is
      // the usual case: an xterm-compatible type works on every box.
      throw TerminalError.cannotStart(
        "unknown terminal type \"\(term)\" (this box has no terminfo entry for it): run with "
          + "TERM=xterm-256color, or install its entry (Debian: ncurses-term)")
    }
    raw()
    noecho()
    nonl()
    // Curses must not peek at standard input: the keys are read here, not by curses.
    typeahead(-1)
    curs_set(0)

    let wantsColor = environment["NO_COLOR"].map(\.isEmpty) ?? true
    var depth = ColorDepth.none
    var colorCount: Int32 = 0
    var pairCount: Int32 = 0
    var terminalDefaults = false
    if wantsColor, has_colors(), start_color() != ERR {
      terminalDefaults = use_default_colors() != ERR
      colorCount = tigetnum("colors")
      pairCount = tigetnum("pairs")
      depth = ColorDepth(colorCount: Int(colorCount))
    }
    return CursesTerminal(
      screen: screen, output: output, input: input, waker: waker, signals: signals, theme: theme,
      colorDepth: depth,
      colorPairs: CursesColorPairs(
        colorCount: colorCount, pairCount: pairCount, terminalDefaultsAvailable: terminalDefaults))
  }

  /// Sends the cells that changed since the last frame, or all of them after a resize or a
  /// theme change, then updates the terminal once. Cells beyond the window are dropped.
  public func draw(_ canvas: Canvas) {
    guard !isClosed else { return }
    if needsFullRedraw {
      // Also wipes the real screen, which a resize may have left scrambled.
      clear()
      previous = nil
    } else if previous?.size != canvas.size {
      erase()
      previous = nil
    }
    for change in canvas.changes(since: previous)
    where change.x < size.width && change.y < size.height && !change.cell.isContinuation {
      put(change.cell, x: change.x, y: change.y)
    }
    // A screen reader and a braille display follow the cursor: shown where the frame puts it,
    // otherwise hidden out of the way.
    if let cursor = canvas.cursor, cursor.x < size.width, cursor.y < size.height {
      if !cursorShown { curs_set(1) }
      cursorShown = true
      move(Int32(cursor.y), Int32(cursor.x))
    } else {
      if cursorShown { curs_set(0) }
      cursorShown = false
      move(Int32(size.height - 1), Int32(size.width - 1))
    }
    refresh()
    previous = canvas
    needsFullRedraw = false
  }

  /// Rings the terminal's bell (or flashes the screen, as the terminal is set up to).
  public func ringBell() {
    guard !isClosed else { return }
    beep()
  }

  /// Waits for keys, a resize, a wake-up or a termination signal, at most `timeout` (nil: no
  /// limit; zero: only what is ready now). A held-back Esc is released by its own deadline.
  public func nextEvent(timeout: Duration?) -> TerminalEvent {
    if !queued.isEmpty { return queued.removeFirst() }
    guard !isClosed else { return .timedOut }
    let deadline = timeout.map { MonotonicInstant.now().advanced(by: $0) }
    var hasPolled = false
    while true {
      let now = MonotonicInstant.now()
      let released = decoder.flush(at: now)
      if !released.isEmpty { return .keys(released) }
      if hasPolled, let deadline, now >= deadline { return .timedOut }

      var descriptors = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: waker.readDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let wake = [deadline, decoder.pendingDeadline].compactMap { $0 }.min()
      let milliseconds = wake.map { Self.pollMilliseconds(until: $0, from: now) } ?? -1
      let ready = poll(&descriptors, 2, milliseconds)
      hasPolled = true
      if ready < 0 {
        if errno == EINTR { continue }
        return .signal(.hangup)
      }
      if descriptors[1].revents != 0 {
        queueWakeUps()
        if !queued.isEmpty { return queued.removeFirst() }
      }
      if descriptors[0].revents != 0, let event = readKeys() {
        return event
      }
    }
  }

  /// Gives the terminal back: main screen, cursor visible, cooked keyboard, default signal
  /// actions. Safe to call more than once.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    endwin()
    delscreen(screen)
    fclose(input)
    fclose(output)
    signals.close()
  }

  private func put(_ cell: Cell, x: Int, y: Int) {
    // A wide character in the last column would wrap onto the next line.
    var grapheme: Character = cell.width == 2 && x + 1 >= size.width ? " " : cell.grapheme
    if asciiOnly {
      grapheme = ASCIIFallback.character(for: grapheme)
      if cell.width == 2, x + 1 < size.width {
        put(Cell(" ", style: cell.style), x: x + 1, y: y)
      }
    }
    let style = theme.resolve(cell.style, depth: colorDepth)
    var pair = colorPairs.number(for: style)
    var character = cchar_t()
    let attributes = style.attributes.cursesAttributes
    // A cchar_t holds one spacing character and a few combining marks. Sequences it cannot hold
    // (emoji joined by ZWJ) fall back to their first scalar.
    var scalars = grapheme.unicodeScalars.prefix(Int(CCHARW_MAX) - 1).map { wchar_t($0.value) }
    scalars.append(0)
    if setcchar(&character, scalars, attributes, 0, &pair) == ERR {
      let single = [scalars[0], 0]
      guard setcchar(&character, single, attributes, 0, &pair) != ERR else { return }
    }
    // Fails in the bottom-right cell because the cursor cannot advance; the cell is drawn.
    mvadd_wch(Int32(y), Int32(x), &character)
  }

  private func readKeys() -> TerminalEvent? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    let time = MonotonicInstant.now()
    if count > 0 {
      let events = decoder.feed(buffer[..<count], at: time)
      return events.isEmpty ? nil : .keys(events)
    }
    if count < 0, errno == EINTR || errno == EAGAIN { return nil }
    // End of input or an I/O error: the terminal is gone.
    return .signal(.hangup)
  }

  /// Termination first, so an app told to stop does not do other work before it.
  private func queueWakeUps() {
    var resized = false
    var woken = false
    for byte in waker.receivedBytes() {
      switch Int32(byte) {
      case SIGINT: queued.append(.signal(.interrupt))
      // SIGQUIT (Ctrl-\\ in a cooked terminal, `kill -QUIT`) would otherwise dump a backtrace
      // over the screen; it ends the app like SIGTERM.
      case SIGTERM, SIGQUIT: queued.append(.signal(.terminate))
      case SIGHUP: queued.append(.signal(.hangup))
      case SIGWINCH: resized = true
      default: woken = true  // byte 0, from wake()
      }
    }
    if resized { queued.append(.resized(resizeToWindow())) }
    if woken { queued.append(.woken) }
  }

  /// Tells curses the window's current size and schedules a full repaint.
  @discardableResult
  private func resizeToWindow() -> Size {
    if let window = TerminalProbe.size(), window.height > 0 {
      size = window
    } else if tigetnum("cols") > 0, tigetnum("lines") > 0 {
      size = Size(width: Int(tigetnum("cols")), height: Int(tigetnum("lines")))
    }
    resizeterm(Int32(size.height), Int32(size.width))
    needsFullRedraw = true
    return size
  }

  /// poll() takes whole milliseconds; rounding up never wakes before the deadline.
  private static func pollMilliseconds(until deadline: MonotonicInstant, from now: MonotonicInstant)
    -> Int32
  {
    let nanoseconds = max(0, (deadline - now).wholeNanoseconds)
    return Int32(clamping: (nanoseconds + 999_999) / 1_000_000)
  }
}
