import CZlib
import DSP
import Foundation
import Glibc

/// What hostile and huge files cost the release binary: the time and the peak memory of one
/// command, measured by the kernel for that child alone.
func fileFigures(woodshed: String) -> [String] {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("woodshed-file-bench-\(getpid())")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  var lines: [String] = []

  // A 500 MB recording: 16-bit stereo at 48 kHz, a click every half second (about 45 minutes).
  let long = folder.appendingPathComponent("long.wav")
  let frames = 500_000_000 / 4
  writeLongRecording(to: long, frames: frames)
  let analysis = runMeasured(woodshed, ["analyze", "onsets", long.path])
  lines.append(
    String(
      format: "analyze onsets, 500 MB WAV (16-bit stereo, %.0f min): %.1f s, peak %d MB, %d onsets",
      Double(frames) / 48_000 / 60, analysis.seconds, analysis.peakMegabytes,
      analysis.output.split(separator: "\n").count))

  // A header claiming 4 294 967 295 Hz on 192 KB of samples.
  var claim = WAVCodec.encode(
    WAVAudio(sampleRate: 48_000, channels: 1, samples: [Float](repeating: 0.1, count: 98_304)),
    as: .int16)
  claim.replaceSubrange(24..<28, with: [0xFF, 0xFF, 0xFF, 0xFF])
  let claimed = folder.appendingPathComponent("claims.wav")
  try? claim.write(to: claimed)
  let refused = runMeasured(woodshed, ["analyze", "onsets", claimed.path])
  lines.append(
    String(
      format: "analyze onsets, 192 KB WAV claiming 4294967295 Hz: refused in %.3f s, peak %d MB",
      refused.seconds, refused.peakMegabytes))

  // An archive of about 1 MB whose single-part score inflates towards the 64 MB limit.
  let measure =
    "<measure number=\"%d\"><note><pitch><step>C</step><octave>4</octave></pitch>"
    + "<duration>1</duration><type>quarter</type></note></measure>\n"
  var score = "<score-partwise><part-list><score-part id=\"P\"/></part-list><part id=\"P\">"
  var number = 1
  while score.utf8.count < 60_000_000 {
    score += String(format: measure, number)
    number += 1
  }
  score += "</part></score-partwise>"
  let archive = folder.appendingPathComponent("large.mxl")
  let zipped = zipArchive(name: "score.musicxml", contents: Array(score.utf8))
  try? Data(zipped).write(to: archive)
  let imported = runMeasured(woodshed, ["protocol", "import-score", archive.path])
  lines.append(
    String(
      format: ".mxl of %.1f MB inflating to %.0f MB (%d bars): read in %.2f s, peak %d MB",
      Double(zipped.count) / 1e6, Double(score.utf8.count) / 1e6, number - 1, imported.seconds,
      imported.peakMegabytes))
  return lines
}

private func writeLongRecording(to url: URL, frames: Int) {
  guard FileManager.default.createFile(atPath: url.path, contents: nil),
    let handle = try? FileHandle(forWritingTo: url)
  else { return }
  defer { try? handle.close() }
  handle.write(WAVCodec.header(sampleRate: 48_000, channels: 2, format: .int16, frameCount: frames))
  let block = 48_000
  var buffer = [Int16](repeating: 0, count: 2 * block)
  var frame = 0
  while frame < frames {
    let count = min(block, frames - frame)
    for index in 0..<count {
      let sinceClick = (frame + index) % 24_000
      let value = sinceClick < 480 ? Int16(12_000 * sin(Double(sinceClick) * 0.26)) : 0
      buffer[2 * index] = value
      buffer[2 * index + 1] = value
    }
    buffer.withUnsafeBytes { handle.write(Data($0.prefix(4 * count))) }
    frame += count
  }
}

/// A one-entry ZIP archive, deflated.
private func zipArchive(name: String, contents: [UInt8]) -> [UInt8] {
  var stream = z_stream()
  deflateInit2_(
    &stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
    Int32(MemoryLayout<z_stream>.size))
  var compressed = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(contents.count))))
  var input = contents
  input.withUnsafeMutableBufferPointer { source in
    compressed.withUnsafeMutableBufferPointer { target in
      stream.next_in = source.baseAddress
      stream.avail_in = UInt32(source.count)
      stream.next_out = target.baseAddress
      stream.avail_out = UInt32(target.count)
      deflate(&stream, Z_FINISH)
    }
  }
  compressed.removeLast(Int(stream.avail_out))
  deflateEnd(&stream)
  let crc = UInt32(crc32(0, contents, UInt32(contents.count)))
  func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
  func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
  let nameBytes = Array(name.utf8)
  let sizes = le32(crc) + le32(UInt32(compressed.count)) + le32(UInt32(contents.count))
  let local =
    le32(0x0403_4B50) + le16(20) + le16(0) + le16(8) + le32(0) + sizes
    + le16(nameBytes.count) + le16(0) + nameBytes
  let central =
    le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(8) + le32(0) + sizes
    + le16(nameBytes.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0)
    + nameBytes
  let end =
    le32(0x0605_4B50) + le16(0) + le16(0) + le16(1) + le16(1)
    + le32(UInt32(central.count)) + le32(UInt32(local.count + compressed.count)) + le16(0)
  return local + compressed + central + end
}

/// Runs the binary and returns its wall time, its own peak resident memory (`VmHWM`, polled
/// every 2 ms until it ends: the kernel's figure for a spawned child would include the memory
/// of this process, which it shared before `exec`) and its standard output.
private func runMeasured(_ executable: String, _ arguments: [String]) -> (
  seconds: Double, peakMegabytes: Int, output: String
) {
  let outputFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("woodshed-file-bench-out-\(getpid())")
  defer { try? FileManager.default.removeItem(at: outputFile) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(
    &actions, STDOUT_FILENO, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  defer {
    for pointer in argv { free(pointer) }
  }
  var pid: pid_t = 0
  let start = ContinuousClock.now
  guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
    return (0, 0, "")
  }
  var peakKilobytes = 0
  var status: Int32 = 0
  while waitpid(pid, &status, WNOHANG) == 0 {
    if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    {
      peakKilobytes = max(peakKilobytes, kilobytes)
    }
    usleep(2_000)
  }
  let elapsed = ContinuousClock.now - start
  let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
  return (
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18,
    peakKilobytes / 1024, output
  )
}
