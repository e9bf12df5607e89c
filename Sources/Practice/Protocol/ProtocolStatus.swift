/// Where a protocol stands, as a producer would sort a shelf of them: nothing recorded yet,
/// takes being logged, the edit under way, or delivered.
public enum ProtocolStatus: String, CaseIterable, Equatable, Sendable {
  case toRecord = "to record"
  case recording
  case edited
  case done

  /// The words `status WORD` takes: `recording` gives the status back to the takes.
  static let declarable: [String] = ["recording", "edited", "done"]
}
