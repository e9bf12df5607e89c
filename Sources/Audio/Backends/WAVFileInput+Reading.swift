import DSP
import FoundationEssentials
import Glibc

extension WAVFileInput {
  /// A file's audio with its channels averaged, at the file's own rate, and whether the file
  /// was cut short. Samples that are not finite (a damaged float file) become silence, so they
  /// cannot poison every later sum.
  public static func monoAudio(of url: URL) throws(WAVFileInputError) -> (
    samples: [Float], rate: Int, isTruncated: Bool
  ) {
    let audio = try decode(contents(of: url), of: url)
    var samples = WAVCodec.mono(audio)
    for index in samples.indices where !samples[index].isFinite {
      samples[index] = 0
    }
    return (samples, audio.sampleRate, audio.isTruncated)
  }

  private static func decode(_ data: Data, of url: URL) throws(WAVFileInputError) -> WAVAudio {
    do throws(WAVError) {
      return try WAVCodec.decode(data)
    } catch {
      throw WAVFileInputError(file: url.lastPathComponent, reason: error.description)
    }
  }

  /// Read with the system calls rather than `Data(contentsOf:)`, whose errors do not carry the
  /// system's one-line reason.
  private static func contents(of url: URL) throws(WAVFileInputError) -> Data {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(url) }
    defer { close(descriptor) }
    var status = stat()
    var data = Data(capacity: fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(url)
      }
      data.append(contentsOf: chunk[..<count])
    }
  }

  private static func failure(_ url: URL) -> WAVFileInputError {
    WAVFileInputError(file: url.lastPathComponent, reason: String(cString: strerror(errno)))
  }
}
