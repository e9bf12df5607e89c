/// Something that makes sound on demand. Outputs (PulseAudio, WAV file) pull from it on their
/// own thread, asking for consecutive blocks of the output stream, so the frame index is the
/// stream's sample clock: frame 0 is the first frame ever written to that output.
public protocol AudioRenderer: AnyObject, Sendable {
  /// Fills `buffer` (mono, float32, −1…1) with frames `startFrame ..< startFrame + buffer.count`.
  /// Called on the audio thread: must not block for long, allocate per call or touch files.
  func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64)
}
