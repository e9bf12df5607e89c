import Audio
import Foundation
import Synchronization
import XCTest

final class WAVFileOutputTests: XCTestCase {
  /// Plays a ramp that names each frame, and remembers the blocks it was asked for.
  private final class RampRenderer: AudioRenderer {
    let requests = Mutex<[(startFrame: Int64, count: Int)]>([])

    static func sample(atFrame frame: Int64) -> Float { Float(frame % 1_000) / 1_000 }

    func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
      for index in buffer.indices {
        buffer[index] = Self.sample(atFrame: startFrame + Int64(index))
      }
      requests.withLock { $0.append((startFrame, buffer.count)) }
    }
  }

  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-wav-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  private var filesInFolder: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? []
  }

  func testTheFileHoldsExactlyWhatTheRendererPlayed() throws {
    let url = folder.appendingPathComponent("take.wav")
    try WAVFileOutput(url: url).record(RampRenderer(), frameCount: 10_007)

    let samples = try WAVTestFile.floatSamples(of: url)
    XCTAssertEqual(samples, (0..<10_007).map { RampRenderer.sample(atFrame: $0) })
    let header = try WAVTestFile.header(of: Data(contentsOf: url))
    XCTAssertEqual(
      header,
      .init(
        riffSize: 36 + 4 * 10_007, formatTag: 3, channels: 1, sampleRate: 48_000,
        bitsPerSample: 32, dataSize: 4 * 10_007))
    XCTAssertEqual(filesInFolder, ["take.wav"], "no temporary file is left")
  }

  func testBlocksArePulledOneAfterAnotherAtAFixedSize() throws {
    let renderer = RampRenderer()
    try WAVFileOutput(url: folder.appendingPathComponent("take.wav"), blockSize: 480)
      .record(renderer, frameCount: 1_000)
    let requests = renderer.requests.withLock { $0 }
    XCTAssertEqual(requests.map(\.startFrame), [0, 480, 960])
    XCTAssertEqual(requests.map(\.count), [480, 480, 40])
  }

  func testAnEmptyRecordingIsAValidFileWithNoFrames() throws {
    let url = folder.appendingPathComponent("empty.wav")
    try WAVFileOutput(url: url).record(RampRenderer(), frameCount: 0)
    let data = try Data(contentsOf: url)
    XCTAssertEqual(data.count, 44)
    XCTAssertEqual(try WAVTestFile.header(of: data).dataSize, 0)
  }

  func testAnExistingFileIsReplacedWhole() throws {
    let url = folder.appendingPathComponent("take.wav")
    try Data(repeating: 7, count: 100_000).write(to: url)
    try WAVFileOutput(url: url).record(RampRenderer(), frameCount: 10)
    XCTAssertEqual(try Data(contentsOf: url).count, 44 + 40)
  }

  func testAMissingFolderIsReportedInOneLine() {
    let url = folder.appendingPathComponent("no-such-folder/take.wav")
    XCTAssertThrowsError(try WAVFileOutput(url: url).record(RampRenderer(), frameCount: 10)) {
      XCTAssertEqual("\($0)", "could not write take.wav: No such file or directory")
      XCTAssertEqual(
        $0.localizedDescription, "could not write take.wav: No such file or directory")
    }
  }

  func testAFileWhereTheFolderShouldBeIsReportedInOneLine() throws {
    let notAFolder = folder.appendingPathComponent("notes.txt")
    try Data("hi".utf8).write(to: notAFolder)
    let url = notAFolder.appendingPathComponent("take.wav")
    XCTAssertThrowsError(try WAVFileOutput(url: url).record(RampRenderer(), frameCount: 10)) {
      XCTAssertEqual("\($0)", "could not write take.wav: Not a directory")
    }
  }

  func testRunningOutOfSpaceKeepsTheOldFileAndLeavesNoHalfFile() throws {
    let url = folder.appendingPathComponent("take.wav")
    let old = Data("the take from yesterday".utf8)
    try old.write(to: url)

    // A file size limit fails writes the way a full disk does, without filling one.
    var saved = rlimit()
    getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
    let savedHandler = signal(SIGXFSZ, SIG_IGN)
    var limited = saved
    limited.rlim_cur = 64 * 1_024
    setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited)
    defer {
      setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
      signal(SIGXFSZ, savedHandler)
    }

    XCTAssertThrowsError(
      try WAVFileOutput(url: url).record(RampRenderer(), frameCount: 48_000 * 10)
    ) {
      XCTAssertEqual("\($0)", "could not write take.wav: File too large")
    }
    XCTAssertEqual(try Data(contentsOf: url), old)
    XCTAssertEqual(filesInFolder, ["take.wav"])
  }
}
