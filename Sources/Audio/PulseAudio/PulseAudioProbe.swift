import AudioModel
import CPulseAudio
import Glibc

/// Asks a PulseAudio server whether it answers, without ever autospawning one: a practice box
/// reached over SSH must report "no server" rather than start a daemon behind the user's back.
public enum PulseAudioProbe {
  /// Connects to `server` (or what `PULSE_SERVER` and the client config name) and reads the
  /// server's info, giving up after `timeout`.
  public static func check(server: String? = nil, timeout: Duration = .seconds(2)) -> AudioStatus {
    guard let loop = pa_mainloop_new() else {
      return .unavailable(reason: "PulseAudio client could not start")
    }
    defer { pa_mainloop_free(loop) }
    guard let context = pa_context_new(pa_mainloop_get_api(loop), "woodshed-probe") else {
      return .unavailable(reason: "PulseAudio client could not start")
    }
    defer {
      pa_context_disconnect(context)
      pa_context_unref(context)
    }

    let deadline = ContinuousClock.now.advanced(by: timeout)
    if pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
      return .unavailable(reason: failureReason(context))
    }
    while true {
      let state = pa_context_get_state(context)
      if state == PA_CONTEXT_READY { break }
      if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
        return .unavailable(reason: failureReason(context))
      }
      guard iterate(loop, until: deadline) else {
        return .unavailable(reason: "PulseAudio server did not answer in time")
      }
    }

    let reply = ServerInfoReply()
    let operation = pa_context_get_server_info(
      context,
      { _, info, userdata in
        guard let userdata else { return }
        let reply = Unmanaged<ServerInfoReply>.fromOpaque(userdata).takeUnretainedValue()
        guard let info = info?.pointee else {
          reply.done = true
          return
        }
        reply.info = AudioServerInfo(
          reportedName: info.server_name.map { String(cString: $0) } ?? "unknown",
          reportedVersion: info.server_version.map { String(cString: $0) } ?? "unknown",
          defaultSink: info.default_sink_name.map { String(cString: $0) } ?? "",
          sampleRate: Int(info.sample_spec.rate))
        reply.done = true
      }, Unmanaged.passUnretained(reply).toOpaque())
    defer { if let operation { pa_operation_unref(operation) } }
    while !reply.done {
      guard iterate(loop, until: deadline) else {
        return .unavailable(reason: "PulseAudio server did not answer in time")
      }
    }
    guard let info = reply.info else {
      return .unavailable(reason: "PulseAudio server gave no server info")
    }
    return .available(info)
  }

  /// Runs one non-blocking round of the main loop; false once the deadline has passed.
  private static func iterate(_ loop: OpaquePointer, until deadline: ContinuousClock.Instant)
    -> Bool
  {
    if ContinuousClock.now >= deadline { return false }
    if pa_mainloop_iterate(loop, 0, nil) == 0 {
      usleep(2_000)
    }
    return true
  }

  private static func failureReason(_ context: OpaquePointer) -> String {
    let code = pa_context_errno(context)
    let text = pa_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    return "PulseAudio: \(text)"
  }

  /// Filled by the C callback on the probing thread; never shared across threads.
  private final class ServerInfoReply {
    var info: AudioServerInfo?
    var done = false
  }
}
