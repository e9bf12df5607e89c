import Glibc
import Practice
import Storage

/// `woodshed doctor --ltc-source/--ltc-in/--mtc-port/--mtc-in`: listens to the recorder's
/// timecode for a few seconds and says where it comes from, what it reads, at what rate, and how
/// fast it runs against this box's clock (the audio input's for LTC, the system's for MTC).
public enum TimecodeCheck {
  /// Long enough for the drift: it is told over a second of frames or more.
  public static let listenSeconds = 3

  public struct Result: Equatable, Sendable {
    public var kind: String
    public var source: String?
    /// The recorder's timecode at the end; nil when none came.
    public var timecode: Timecode?
    public var driftPPM: Double?

    public init(
      kind: String, source: String?, timecode: Timecode? = nil, driftPPM: Double? = nil
    ) {
      self.kind = kind
      self.source = source
      self.timecode = timecode
      self.driftPPM = driftPPM
    }
  }

  /// Listens; throws a one-line reason when the input cannot be read at all.
  public static func run(_ input: TimecodeInput, server: String?) throws(Launcher.Failure)
    -> Result
  {
    let recorder = RecorderTimecode(input, server: server)
    try recorder.start()
    defer { recorder.stop() }
    sleep(UInt32(listenSeconds))
    return Result(
      kind: input.kind, source: input.sourceName,
      timecode: recorder.rate.flatMap { recorder.now(rate: $0) }, driftPPM: recorder.driftPPM)
  }

  /// One line for `doctor`.
  public static func text(_ result: Result, _ strings: Localizer) -> String {
    let source =
      result.source
      ?? strings.text(
        result.kind == "LTC" ? "doctor.timecode.defaultInput" : "doctor.timecode.allMIDI")
    guard let timecode = result.timecode else {
      return strings.text(
        "doctor.timecode.none",
        ["kind": result.kind, "source": source, "seconds": "\(listenSeconds)"])
    }
    let drift = result.driftPPM.map {
      ($0 < 0 ? "-" : "+") + DecimalText.format(abs($0), places: 1)
    }
    return strings.text(
      drift == nil ? "doctor.timecode" : "doctor.timecode.drift",
      [
        "kind": result.kind, "source": source, "timecode": timecode.description,
        "rate": timecode.rate.rawValue, "drift": drift ?? "",
      ])
  }
}
