import FoundationEssentials

/// Why a WAV file cannot be read, told to the user in one line.
public enum WAVError: Error, Equatable, Sendable, CustomStringConvertible {
  case notRIFF
  /// A RIFF file holding something else, such as an AVI video.
  case notWAVE
  /// A WAV relative this reader does not handle, such as big-endian RIFX or 64-bit RF64.
  case unsupportedVariant(String)
  case missingFormat
  /// The format chunk is too short for the fields its format tag needs.
  case malformedFormat
  /// A compressed or otherwise non-PCM encoding, named for the user ("μ-law", "MP3").
  case unsupportedEncoding(String)
  case unsupportedSampleSize(bits: Int, floatingPoint: Bool)
  case noChannels
  case tooManyChannels(Int)
  /// Outside `WAVLayout.sampleRates`.
  case unsupportedSampleRate(Int)
  /// The format's block alignment does not match its channels and sample size.
  case wrongBlockAlignment(Int, channels: Int, bytesPerSample: Int)
  /// There is no `data` chunk at all; an empty one decodes to no samples instead.
  case noAudioData
  /// The `bext` chunk is shorter than its fixed fields (`BroadcastWAVInfo.fixedFieldsSize`).
  case malformedBroadcastExtension(size: Int)

  public var description: String {
    switch self {
    case .notRIFF: "not a WAV file (no RIFF header)"
    case .notWAVE: "not a WAV file (a RIFF file, but not WAVE audio)"
    case .unsupportedVariant(let variant): "unsupported WAV variant: \(variant)"
    case .missingFormat: "WAV file has no format chunk"
    case .malformedFormat: "WAV file has a damaged format chunk"
    case .unsupportedEncoding(let name): "unsupported WAV encoding: \(name)"
    case .unsupportedSampleSize(let bits, let floatingPoint):
      "unsupported WAV sample size: \(bits)-bit \(floatingPoint ? "float" : "integer")"
    case .noChannels: "WAV file declares 0 channels"
    case .tooManyChannels(let channels):
      "WAV file declares \(channels) channels; Woodshed reads up to \(WAVLayout.maximumChannels)"
    case .unsupportedSampleRate(let rate):
      "WAV file declares a sample rate of \(rate) Hz; Woodshed reads 8 kHz to 384 kHz"
    case .wrongBlockAlignment(let declared, let channels, let bytesPerSample):
      "WAV file's frames of \(declared) bytes do not fit \(channels) channels of \(bytesPerSample)-byte samples"
    case .noAudioData: "WAV file has no audio data"
    case .malformedBroadcastExtension(let size):
      "WAV file's bext chunk is \(size) bytes; a Broadcast WAV's holds at least "
        + "\(BroadcastWAVInfo.fixedFieldsSize)"
    }
  }
}

// Callers that print `localizedDescription` get the same single line.
extension WAVError: LocalizedError {
  public var errorDescription: String? { description }
}
