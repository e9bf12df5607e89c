/// The encodings Woodshed writes. Float keeps a recording bit-exact; 16-bit integer is what every
/// other program opens.
public enum WAVSampleFormat: Equatable, Sendable, CaseIterable {
  case int16
  case float32

  var formatTag: UInt16 {
    switch self {
    case .int16: WAVSampleEncoding.pcmTag
    case .float32: WAVSampleEncoding.floatTag
    }
  }

  var bytesPerSample: Int {
    switch self {
    case .int16: 2
    case .float32: 4
    }
  }
}
