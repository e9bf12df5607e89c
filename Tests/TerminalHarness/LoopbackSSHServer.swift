import Foundation
import Glibc

/// A private OpenSSH server on a free loopback port, with host and client keys made for this
/// run, as a practice-room box is reached: tests log in through it with the real `ssh` client
/// on a pseudo-terminal. It accepts the running user (and, run as root, any user with a login
/// shell), passes `LANG` and `LC_*` on as Debian's sshd does, and is stopped when this object
/// goes away.
public final class LoopbackSSHServer {
  public static let serverPath = "/usr/sbin/sshd"
  public static let clientPath = "/usr/bin/ssh"

  public let port: UInt16
  public let folder: URL
  private let processID: pid_t
  private var isStopped = false

  public enum Failure: Error, CustomStringConvertible {
    case missing(String)
    case cannotStart(String)

    public var description: String {
      switch self {
      case .missing(let path): "\(path) is missing: install openssh-server and openssh-client"
      case .cannotStart(let reason): "sshd did not start: \(reason)"
      }
    }
  }

  public init() throws {
    for path in [Self.serverPath, Self.clientPath, "/usr/bin/ssh-keygen"]
    where !FileManager.default.isExecutableFile(atPath: path) {
      throw Failure.missing(path)
    }
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-sshd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for key in ["host", "client"] {
      let made = try CommandRun.run(
        "/usr/bin/ssh-keygen",
        ["-q", "-t", "ed25519", "-N", "", "-f", folder.appendingPathComponent(key).path],
        environment: ["PATH": "/usr/bin:/bin"])
      guard made.status == 0 else { throw Failure.cannotStart("ssh-keygen: \(made.error)") }
    }
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("client.pub"),
      to: folder.appendingPathComponent("authorized_keys"))
    // Run as root, sshd wants its privilege-separation folder.
    if getuid() == 0 {
      try FileManager.default.createDirectory(
        atPath: "/run/sshd", withIntermediateDirectories: true)
    }
    port = try Self.freePort()
    let configuration = """
      Port \(port)
      ListenAddress 127.0.0.1
      HostKey \(folder.appendingPathComponent("host").path)
      AuthorizedKeysFile \(folder.appendingPathComponent("authorized_keys").path)
      PidFile \(folder.appendingPathComponent("sshd.pid").path)
      PubkeyAuthentication yes
      PasswordAuthentication no
      KbdInteractiveAuthentication no
      PermitRootLogin prohibit-password
      UsePAM no
      StrictModes no
      AcceptEnv LANG LC_*
      PrintMotd no
      PrintLastLog no
      LogLevel ERROR

      """
    let configurationFile = folder.appendingPathComponent("sshd_config")
    try Data(configuration.utf8).write(to: configurationFile)
    processID = try Self.spawn(
      [Self.serverPath, "-D", "-e", "-f", configurationFile.path],
      log: folder.appendingPathComponent("sshd.log").path)
    guard Self.waitUntilListening(port: port, timeout: .seconds(10)) else {
      let log =
        (try? String(contentsOf: folder.appendingPathComponent("sshd.log"), encoding: .utf8))
      stop()
      throw Failure.cannotStart(log ?? "no answer on port \(port)")
    }
  }

  deinit {
    stop()
  }

  /// The `ssh` arguments that log in as `user` through `port` (the server's, or a proxy's in
  /// front of it) and run `command`, on a pseudo-terminal unless `onTerminal` is false. Keystrokes go as they are typed:
  /// OpenSSH 9.5 and later would otherwise send them in a steady 20 ms rhythm.
  public func clientArguments(
    user: String, port: UInt16? = nil, command: String, onTerminal: Bool = true
  ) -> [String] {
    [
      onTerminal ? "-tt" : "-T", "-F", "/dev/null", "-p", "\(port ?? self.port)",
      "-i", folder.appendingPathComponent("client").path,
      "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
      "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
      "-o", "LogLevel=ERROR", "-o", "SendEnv=LANG LC_*",
      "-o", "IgnoreUnknown=ObscureKeystrokeTiming", "-o", "ObscureKeystrokeTiming=no",
      "\(user)@127.0.0.1", command,
    ]
  }

  /// Stops the server and removes its folder.
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    if kill(processID, SIGTERM) == 0 {
      var status: Int32 = 0
      _ = waitpid(processID, &status, 0)
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// The remote command that runs `executable` (an absolute path) with `arguments` and
  /// `environment` added to the login's own, as the login's shell reads it.
  public static func command(
    _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:]
  ) -> String {
    let settings = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(quoted($0.value))" }
    return (["exec", "env"] + settings + ([executable] + arguments).map(quoted))
      .joined(separator: " ")
  }

  /// The user running the tests, whom this server lets log in.
  public static var runningUser: String { String(cString: getpwuid(getuid()).pointee.pw_name) }

  /// `text` quoted for the remote login's shell.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  private static func freePort() throws -> UInt16 {
    let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(probe) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let found = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(probe, $0, length) == 0 && getsockname(probe, $0, &length) == 0
      }
    }
    guard found else {
      throw Failure.cannotStart("no free port: \(String(cString: strerror(errno)))")
    }
    return UInt16(bigEndian: address.sin_port)
  }

  private static func waitUntilListening(port: UInt16, timeout: Duration) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      close(probe)
      if connected { return true }
      usleep(20_000)
    }
    return false
  }

  /// posix_spawn with standard output and error into `log`: Foundation's Process can hang
  /// waiting for one child while others run.
  private static func spawn(_ arguments: [String], log: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, STDOUT_FILENO, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/sbin:/usr/bin:/bin"), nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
    guard result == 0 else { throw Failure.cannotStart(String(cString: strerror(result))) }
    return pid
  }
}
