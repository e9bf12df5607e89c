/// The direction-specific half of a PulseAudio stream, which `PulseConnection` drives through
/// connects, losses and reconnects. Every requirement is used with the main loop's lock held.
protocol PulseStreamEndpoint: AnyObject, Sendable {
  /// "sink" or "source", for messages.
  var deviceKind: String { get }
  /// The device asked for; nil means the server's default.
  var requestedDevice: String? { get }
  /// The name the server shows for the stream.
  var streamName: String { get }
  /// The absolute frame index of the current stream's first frame.
  var firstFrame: Int64 { get }
  /// The absolute frame index of the next frame to move; it stands still only when the server
  /// asks for nothing (or sends nothing).
  var nextFrame: Int64 { get }

  /// Installs the data callbacks on a new stream and connects it to the device, returning
  /// PulseAudio's result code.
  func connect(_ stream: OpaquePointer) -> Int32
  /// Lets a healthy stream end gracefully before it is disconnected, waiting on `loop`.
  func finish(_ stream: OpaquePointer, on loop: PulseThreadedMainloop)
  /// Removes the data callbacks, so nothing reaches the endpoint from this stream afterwards.
  func disconnect(from stream: OpaquePointer)
}
