/// The two parts of the onset evaluation. The detector may be tuned on `tuning`; `heldOut` is
/// never looked at while tuning, so its figures tell how the detector does on sounds it was not
/// fitted to.
public enum EvaluationPart: String, CaseIterable, Sendable {
  case tuning
  case heldOut = "held out"
}
