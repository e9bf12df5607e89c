import CALSA
import Glibc
import MIDI
import Synchronization

/// Woodshed's own client of the ALSA sequencer: one input port, connected to the MIDI devices
/// there are (or the one chosen), and the messages they send.
public final class ALSASequencer: @unchecked Sendable {
  // The sequencer handle is not thread-safe; every call on it holds `lock`.
  private let handle: OpaquePointer
  private let inputPort: Int32
  private let lock = Mutex(())
  /// Connects hardware ports that appear later (a keyboard plugged in), when none was chosen.
  private let followsNewDevices: Bool

  /// Opens the sequencer as a client named `name` with one input port.
  public init(name: String = "Woodshed", choice: String? = nil) throws(ALSASequencerError) {
    woodshed_alsa_silence_errors()
    var opened: OpaquePointer?
    let code = snd_seq_open(&opened, "default", SND_SEQ_OPEN_INPUT, SND_SEQ_NONBLOCK)
    guard code >= 0, let opened else { throw .unavailable(code: code) }
    snd_seq_set_client_name(opened, name)
    let port = snd_seq_create_simple_port(
      opened, "MIDI in", woodshed_seq_writable_port_caps(), woodshed_seq_application_port_type())
    guard port >= 0 else {
      snd_seq_close(opened)
      throw .call("a port", code: port)
    }
    handle = opened
    inputPort = port
    followsNewDevices = choice == nil
  }

  deinit { snd_seq_close(handle) }

  /// The ports that can play into Woodshed, besides the sequencer's own and Woodshed's.
  public func ports() -> [MIDIPort] {
    lock.withLock { _ in Self.ports(of: handle) }
  }

  /// Connects the port `choice` names, or with none every hardware port; returns those
  /// connected.
  @discardableResult
  public func connect(_ choice: String?) throws(ALSASequencerError) -> [MIDIPort] {
    let available = ports()
    let wanted =
      choice.map { choice in available.filter { $0.matches(choice) }.prefix(1).map(\.self) }
      ?? available.filter(\.isHardware)
    if let choice, wanted.isEmpty {
      throw .noSuchPort(choice, available: available.map(\.name))
    }
    for port in wanted {
      let code = lock.withLock { _ in
        snd_seq_connect_from(handle, inputPort, Int32(port.client), Int32(port.port))
      }
      guard code >= 0 else { throw .call("a connection from \(port.name)", code: code) }
    }
    if followsNewDevices {
      // Announcements of new ports come from the system client's port 1.
      _ = lock.withLock { _ in snd_seq_connect_from(handle, inputPort, 0, 1) }
    }
    return wanted
  }

  /// Waits up to `milliseconds` for messages and returns those that came.
  public func receive(waitingMilliseconds milliseconds: Int32) -> [MIDIMessage] {
    lock.withLock { _ in
      let count = snd_seq_poll_descriptors_count(handle, Int16(POLLIN))
      var descriptors = [pollfd](repeating: pollfd(), count: Int(max(count, 0)))
      _ = snd_seq_poll_descriptors(handle, &descriptors, UInt32(count), Int16(POLLIN))
      guard poll(&descriptors, nfds_t(count), milliseconds) > 0 else { return [] }
      var messages: [MIDIMessage] = []
      while true {
        var event: UnsafeMutablePointer<snd_seq_event_t>?
        let code = snd_seq_event_input(handle, &event)
        if code == -ENOSPC { continue }
        guard code >= 0, let event else { break }
        if let message = message(of: event) { messages.append(message) }
      }
      return messages
    }
  }

  private func message(of event: UnsafeMutablePointer<snd_seq_event_t>) -> MIDIMessage? {
    if woodshed_seq_event_is_port_start(event) != 0 {
      let address = woodshed_seq_event_address(event).pointee
      let port = Self.ports(of: handle).first {
        $0.client == Int(address.client) && $0.port == Int(address.port)
      }
      if let port, port.isHardware {
        snd_seq_connect_from(handle, inputPort, Int32(port.client), Int32(port.port))
      }
      return nil
    }
    if woodshed_seq_event_is_quarter_frame(event) != 0 {
      let byte = Int(woodshed_seq_event_control_value(event))
      return .timecodeQuarterFrame(piece: byte >> 4 & 7, value: byte & 0x0F)
    }
    let note = woodshed_seq_event_note(event).pointee
    if woodshed_seq_event_is_note_on(event) != 0, note.velocity > 0 {
      return .noteOn(channel: Int(note.channel), key: Int(note.note), velocity: Int(note.velocity))
    }
    if woodshed_seq_event_is_note_on(event) != 0 || woodshed_seq_event_is_note_off(event) != 0 {
      return .noteOff(channel: Int(note.channel), key: Int(note.note))
    }
    return nil
  }

  private static func ports(of handle: OpaquePointer) -> [MIDIPort] {
    var client: OpaquePointer?
    var port: OpaquePointer?
    snd_seq_client_info_malloc(&client)
    snd_seq_port_info_malloc(&port)
    defer {
      snd_seq_client_info_free(client)
      snd_seq_port_info_free(port)
    }
    let own = snd_seq_client_id(handle)
    let readable = woodshed_seq_readable_port_caps()
    var found: [MIDIPort] = []
    snd_seq_client_info_set_client(client, -1)
    while snd_seq_query_next_client(handle, client) >= 0 {
      let id = snd_seq_client_info_get_client(client)
      guard id != 0, id != own else { continue }
      let clientName = String(cString: snd_seq_client_info_get_name(client))
      snd_seq_port_info_set_client(port, id)
      snd_seq_port_info_set_port(port, -1)
      while snd_seq_query_next_port(handle, port) >= 0 {
        guard snd_seq_port_info_get_capability(port) & readable == readable else { continue }
        found.append(
          MIDIPort(
            client: Int(id), port: Int(snd_seq_port_info_get_port(port)), clientName: clientName,
            portName: String(cString: snd_seq_port_info_get_name(port)),
            isHardware: snd_seq_port_info_get_type(port) & woodshed_seq_hardware_port_type() != 0))
      }
    }
    return found
  }
}
