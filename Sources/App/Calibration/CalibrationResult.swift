import DSP

/// What a calibration run in the background came back with.
public enum CalibrationResult: Equatable, Sendable {
  case latency(LatencyCalibration.Outcome)
  /// The profile is nil when too few clear notes were heard.
  case instrument(name: String, profile: InstrumentProfile?)
  case failed(reason: String)
}
