import Glibc

/// A child process running on a pseudo-terminal of its own, as if started from a terminal
/// window: the pty is its standard input, output and error and its controlling terminal, so it
/// gets SIGWINCH on resize and curses works. Tests type into it and look at what it printed.
///
/// Everything happens on the caller's thread: output is collected whenever `output`,
/// `waitForOutput` or `waitForExit` runs. The child is killed when this object goes away.
public final class PseudoTerminal {
  public struct Size: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
      self.columns = columns
      self.rows = rows
    }
  }

  public enum Failure: Error, CustomStringConvertible {
    case cannotOpen(String)
    case cannotStart(String)

    public var description: String {
      switch self {
      case .cannotOpen(let reason): "cannot open a pseudo-terminal: \(reason)"
      case .cannotStart(let reason): "cannot start the child process: \(reason)"
      }
    }
  }

  public let processID: pid_t
  private let master: Int32
  private var received: [UInt8] = []
  private var exitStatus: Int32?

  /// Starts `executable` (a path; no search) with exactly `environment`.
  public init(
    executable: String, arguments: [String] = [], environment: [String: String],
    size: Size = Size(columns: 80, rows: 24)
  ) throws {
    var masterDescriptor: Int32 = -1
    var slaveDescriptor: Int32 = -1
    var window = winsize(
      ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&masterDescriptor, &slaveDescriptor, nil, nil, &window) == 0 else {
      throw Failure.cannotOpen(Self.lastError())
    }
    master = masterDescriptor
    // The child opens the pty by name: only opening it makes it the controlling terminal.
    let slavePath = ttyname(slaveDescriptor).map { String(cString: $0) }
    close(slaveDescriptor)
    guard let slavePath else {
      close(master)
      throw Failure.cannotOpen("the pty has no name")
    }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    // Reads never block: output is collected in passing, between other steps.
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

    do {
      processID = try Self.spawn(
        executable: executable, arguments: arguments, environment: environment,
        terminalPath: slavePath)
    } catch {
      close(master)
      throw error
    }
  }

  deinit {
    if exitStatus == nil {
      kill(processID, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(processID, &status, 0)
    }
    close(master)
  }

  /// Everything the child wrote so far; invalid UTF-8 shows as U+FFFD.
  public var output: String {
    collectOutput()
    return String(decoding: received, as: UTF8.self)
  }

  /// Types text, as UTF-8.
  public func send(_ text: String) {
    send(bytes: Array(text.utf8))
  }

  public func send(bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
      } else if written < 0, errno != EAGAIN, errno != EINTR {
        return
      } else {
        // The child is not reading yet; keep its output flowing so it cannot block on us.
        collectOutput()
        waitForMaster(events: POLLOUT, milliseconds: 10)
      }
    }
  }

  /// Changes the window size; the kernel then sends SIGWINCH to the child.
  public func resize(to size: Size) {
    var window = winsize(
      ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &window)
  }

  public func signal(_ number: Int32) {
    kill(processID, number)
  }

  /// Waits until the output contains `text`. False on timeout or when the child exited without
  /// printing it.
  public func waitForOutput(containing text: String, timeout: Duration) -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
      if output.contains(text) { return true }
      if reap() != nil {
        return output.contains(text)
      }
      guard ContinuousClock.now < deadline else { return false }
      waitForMaster(events: POLLIN, milliseconds: 20)
    }
  }

  /// Waits for output beyond what was read so far and returns the moment it was read, or nil
  /// on timeout: a test can time what the child draws.
  public func waitForMoreOutput(timeout: Duration) -> ContinuousClock.Instant? {
    let count = received.count
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
      collectOutput()
      if received.count > count { return ContinuousClock.now }
      guard ContinuousClock.now < deadline, reap() == nil else { return nil }
      waitForMaster(events: POLLIN, milliseconds: 20)
    }
  }

  /// The child's exit status, or 128 + the signal number if a signal ended it (as shells
  /// report it); nil if it is still running after `timeout`.
  public func waitForExit(timeout: Duration) -> Int32? {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
      if let status = reap() { return status }
      guard ContinuousClock.now < deadline else { return nil }
      waitForMaster(events: POLLIN, milliseconds: 10)
    }
  }

  /// Collects output and the exit status if the child has ended.
  private func reap() -> Int32? {
    collectOutput()
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    guard waitpid(processID, &status, WNOHANG) == processID else { return nil }
    // What the child wrote just before exiting is still in the pty.
    collectOutput()
    // The wait-status layout of <sys/wait.h>, whose macros Swift cannot import.
    let signalNumber = status & 0x7F
    exitStatus = signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber
    return exitStatus
  }

  private func collectOutput() {
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { return }
      received += buffer[..<count]
    }
  }

  private func waitForMaster(events: Int32, milliseconds: Int32) {
    var descriptor = pollfd(fd: master, events: Int16(events), revents: 0)
    _ = poll(&descriptor, 1, milliseconds)
    if descriptor.revents & Int16(POLLHUP) != 0 {
      // With no child end open, poll returns at once; sleep instead of spinning.
      usleep(UInt32(milliseconds) * 1000)
    }
  }

  /// posix_spawn in a new session, opening the pty by name afterwards, which makes it the
  /// session's controlling terminal. Signal actions and mask start from the defaults, whatever
  /// the test runner had set.
  private static func spawn(
    executable: String, arguments: [String], environment: [String: String],
    terminalPath: String
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, terminalPath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDERR_FILENO)

    // POSIX_SPAWN_SETSID (glibc 2.26+) is a GNU extension that does not import into Swift.
    let newSession: Int32 = 0x80
    let spawning = CleanSpawnAttributes(extraFlags: newSession)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &spawning.attributes, argv, envp)
    guard result == 0 else {
      throw Failure.cannotStart("\(executable): \(String(cString: strerror(result)))")
    }
    return pid
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}
