import Foundation

/// Feeds a reader random bytes and damaged copies of valid files for a fixed time, the way a
/// careless or hostile user would: the reader may refuse any of them, but must return, soon.
public struct Fuzzer {
  /// What a run saw: how many inputs, the slowest one, and how much resident memory grew.
  public struct Report: CustomStringConvertible {
    public var runs = 0
    public var slowest = Duration.zero
    public var slowestInput: [UInt8] = []
    public var memoryGrowth = 0

    public var description: String {
      "\(runs) inputs, slowest \(slowest) (\(slowestInput.count) bytes), memory +\(memoryGrowth >> 20) MB"
    }
  }

  /// Texts that readers treat specially, spliced into the samples.
  public var tokens: [[UInt8]]
  public let seed: UInt64
  private var state: UInt64

  public init(tokens: [String] = [], seed: UInt64 = UInt64(Date().timeIntervalSince1970 * 1000)) {
    self.tokens = tokens.map { Array($0.utf8) }
    self.seed = seed
    state = seed
  }

  /// SplitMix64: small, fast, and the same sequence from the same seed.
  private mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }

  /// One input: random bytes, or a sample with a few bytes changed, a range cut out or
  /// repeated, a token spliced in, or its end cut off.
  public mutating func input(from samples: [[UInt8]]) -> [UInt8] {
    guard !samples.isEmpty, below(8) != 0 else {
      return (0..<below(4096)).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
    var bytes = samples[below(samples.count)]
    for _ in 0...below(4) {
      let at = below(bytes.count + 1)
      switch below(6) {
      case 0 where !bytes.isEmpty:
        bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: next())
      case 1: bytes.removeSubrange(at..<min(bytes.count, at + below(64)))
      case 2:
        let end = min(bytes.count, at + below(256))
        bytes.insert(contentsOf: Array(bytes[at..<end]), at: at)
      case 3 where !tokens.isEmpty: bytes.insert(contentsOf: tokens[below(tokens.count)], at: at)
      case 4: bytes.removeSubrange(at..<bytes.count)
      default: bytes.insert(UInt8(truncatingIfNeeded: next()), at: at)
      }
    }
    return bytes
  }

  /// Runs `read` on new inputs for `seconds`.
  public mutating func run(
    seconds: Double, samples: [[UInt8]], _ read: ([UInt8]) -> Void
  ) -> Report {
    var report = Report()
    let before = Self.residentBytes()
    let clock = ContinuousClock()
    let end = clock.now + .milliseconds(Int(seconds * 1000))
    while clock.now < end {
      let bytes = input(from: samples)
      let start = clock.now
      read(bytes)
      let took = clock.now - start
      if took > report.slowest { (report.slowest, report.slowestInput) = (took, bytes) }
      report.runs += 1
    }
    report.memoryGrowth = max(0, Self.residentBytes() - before)
    return report
  }

  /// The process's resident memory now, from /proc.
  static func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = status.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
