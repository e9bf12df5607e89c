import DSP
import Files
import FoundationEssentials

extension WAVFileInput {
  /// Frames decoded per read: about 80 ms of 48 kHz stereo 32-bit audio.
  private static let framesPerRead = 4096

  /// A file's audio with its channels averaged, at the file's own rate, and whether the file
  /// was cut short. The header is checked before anything is allocated for the samples, and the
  /// samples are read and mixed down a block at a time, so memory is the mono audio alone.
  /// Samples that are not finite (a damaged float file) become silence, so they cannot poison
  /// every later sum.
  public static func monoAudio(of url: URL, as kind: FileKind = .recording)
    throws(WAVFileInputError) -> (samples: [Float], rate: Int, isTruncated: Bool)
  {
    let name = url.lastPathComponent
    let file: RegularFile
    do throws(FileError) {
      file = try RegularFile(url, as: kind)
    } catch {
      throw WAVFileInputError(file: name, reason: error.description)
    }
    let layout: WAVLayout
    do throws(WAVError) {
      // A header that cannot be read in full reads as a file that ends there.
      layout = try WAVCodec.layout(count: file.size) { range in
        var bytes = [UInt8](repeating: 0, count: range.count)
        let count = (try? file.read(into: &bytes, at: range.lowerBound)) ?? 0
        return Array(bytes.prefix(count))
      }
    } catch {
      throw WAVFileInputError(file: name, reason: error.description)
    }
    do throws(FileError) {
      return (try monoSamples(of: file, layout: layout), layout.sampleRate, layout.isTruncated)
    } catch {
      throw WAVFileInputError(file: name, reason: error.description)
    }
  }

  private static func monoSamples(of file: RegularFile, layout: WAVLayout)
    throws(FileError) -> [Float]
  {
    var mono: [Float] = []
    mono.reserveCapacity(layout.frameCount)
    var block = [UInt8](repeating: 0, count: framesPerRead * layout.frameWidth)
    var offset = layout.audioBytes.lowerBound
    let end = layout.audioBytes.lowerBound + layout.frameCount * layout.frameWidth
    while offset < end {
      if end - offset < block.count { block = [UInt8](repeating: 0, count: end - offset) }
      let count = try file.read(into: &block, at: offset)
      guard count > 0 else { break }
      block.withUnsafeBytes {
        layout.appendMono(of: UnsafeRawBufferPointer(rebasing: $0[..<count]), to: &mono)
      }
      offset += count
    }
    return mono
  }
}
