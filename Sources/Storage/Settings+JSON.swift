/// The mapping between `Settings` and the JSON object in `settings.json`. It is written by hand
/// rather than with `Codable` so that keys this version does not know stay in the object.
extension Settings {
  static let fields: [SettingsField] = [
    SettingsField("version", \.version, isValid: { $0 >= 1 }),
    SettingsField("language", \.language, isValid: { !$0.isEmpty }),
    SettingsField("noteNaming", \.noteNaming),
    SettingsField("glyphs", \.glyphs),
    SettingsField("theme", \.theme),
    SettingsField("screenReader", \.screenReader),
    SettingsField("beatReadout", \.beatReadout),
    SettingsField("a4Reference", \.a4Reference, isValid: Settings.a4Range.contains),
    SettingsField("volumes.master", \.volumes.master, isValid: Volumes.range.contains),
    SettingsField("volumes.click", \.volumes.click, isValid: Volumes.range.contains),
    SettingsField("volumes.instrument", \.volumes.instrument, isValid: Volumes.range.contains),
    SettingsField("metronome.bpm", \.metronome.bpm, isValid: MetronomeSettings.bpmRange.contains),
    SettingsField("metronome.meter", \.metronome.meter, isValid: MetronomeSettings.isValidMeter),
    SettingsField(
      "metronome.accents", \.metronome.accents, isValid: MetronomeSettings.isValidAccents),
    SettingsField(
      "metronome.subdivision", \.metronome.subdivision,
      isValid: MetronomeSettings.subdivisionRange.contains),
    SettingsField(
      "metronome.subdivisionVolume", \.metronome.subdivisionVolume,
      isValid: Volumes.range.contains),
    SettingsField(
      "metronome.presets", \.metronome.presets, isValid: MetronomePreset.isValidList),
    SettingsField("audio.sink", \.audio.sink),
    SettingsField("audio.source", \.audio.source),
    SettingsField("audio.midiPort", \.audio.midiPort),
    SettingsField(
      "audio.targetLatencyMs", \.audio.targetLatencyMilliseconds,
      isValid: AudioDeviceSettings.latencyRange.contains),
    SettingsField(
      "audio.roundTripMs", \.audio.roundTripMilliseconds,
      isValid: AudioDeviceSettings.isValidRoundTrips),
    SettingsField(
      "audio.clickPaths", \.audio.clickPaths, isValid: AudioDeviceSettings.isValidClickPaths),
    SettingsField("listening.instrument", \.listening.instrument),
    SettingsField(
      "listening.profiles", \.listening.profiles, isValid: ListeningSettings.isValidProfiles),
    SettingsField("notes.packs", \.notes.packs, isValid: NotesSettings.isValidPacks),
    SettingsField("notes.rounds", \.notes.rounds, isValid: NotesSettings.roundRange.contains),
    SettingsField(
      "notes.advanceSeconds", \.notes.advanceSeconds, isValid: NotesSettings.advanceRange.contains),
    SettingsField("notes.advancesByHand", \.notes.advancesByHand),
    SettingsField("notes.exercise", \.notes.exercise),
    SettingsField("notes.staff", \.notes.staff, isValid: NotesSettings.isValidStaff),
    SettingsField(
      "notes.toleranceCents", \.notes.toleranceCents, isValid: NotesSettings.toleranceRange.contains
    ),
    SettingsField("notes.anyOctave", \.notes.anyOctave),
    SettingsField("fretboard.tuning", \.fretboard.tuning),
    SettingsField("fretboard.leftHanded", \.fretboard.isLeftHanded),
    SettingsField("fretboard.labels", \.fretboard.labels),
    SettingsField("fretboard.root", \.fretboard.root, isValid: FretboardSettings.isValidRoot),
    SettingsField("fretboard.bpm", \.fretboard.bpm, isValid: FretboardSettings.bpmRange.contains),
    SettingsField("fretboard.arpeggiosUnlocked", \.fretboard.arpeggiosUnlocked),
    SettingsField("fretboard.practised", \.fretboard.practised),
    SettingsField("fretboard.sound", \.fretboard.sound),
    SettingsField("fretboard.click", \.fretboard.click),
    SettingsField("fretboard.gamePace", \.fretboard.gamePace),
    SettingsField("rhythm.bpm", \.rhythm.bpm, isValid: RhythmSettings.bpmRange.contains),
    SettingsField("rhythm.line", \.rhythm.line, isValid: RhythmSettings.isValidLine),
    SettingsField("rhythm.bars", \.rhythm.bars, isValid: RhythmSettings.barRange.contains),
    SettingsField("rhythm.input", \.rhythm.input),
    SettingsField("rhythm.strictness", \.rhythm.strictness),
    SettingsField("rhythm.rings", \.rhythm.rings),
    SettingsField(
      "rhythm.tapOffsetMs", \.rhythm.localTapOffsetMilliseconds,
      isValid: RhythmSettings.tapOffsetRange.contains),
    // After the single delay, which it overrides when both are there.
    SettingsField(
      "rhythm.tapPaths", \.rhythm.tapPaths, isValid: RhythmSettings.isValidTapPaths),
    SettingsField(
      "history.dailyGoalMinutes", \.dailyGoalMinutes, isValid: Settings.dailyGoalRange.contains),
    SettingsField(
      "rhythm.midiOffsetMs", \.rhythm.midiOffsetMilliseconds,
      isValid: RhythmSettings.tapOffsetRange.contains),
  ]

  /// Reads every known key of `document`. A missing or null key takes its default silently;
  /// a wrong one takes its default and is named in `invalidKeys`.
  static func decoded(from document: JSONValue) -> (settings: Settings, invalidKeys: [String]) {
    var settings = Settings()
    var invalidKeys: [String] = []
    for field in fields {
      let problem: String?
      switch document.lookUp(field.path) {
      case .missing, .found(.null):
        problem = nil
      case .found(let json):
        problem = field.read(json, into: &settings) ? nil : field.name
      case .blocked(let depth):
        // "volumes": 5 is one mistake, not three.
        problem = field.path[..<depth].joined(separator: ".")
      }
      if let problem, !invalidKeys.contains(problem) { invalidKeys.append(problem) }
    }
    return (settings, invalidKeys)
  }

  /// `document` with every known key set from these settings and everything else left as it
  /// was. Fails with the names of fields whose values are out of range.
  func merged(into document: JSONValue) -> Result<JSONValue, InvalidSettings> {
    var current = self
    current.version = Settings.currentVersion
    var merged = document
    var invalidKeys: [String] = []
    for field in Settings.fields {
      if let json = field.json(from: current) {
        merged.set(json, at: field.path)
      } else {
        invalidKeys.append(field.name)
      }
    }
    return invalidKeys.isEmpty ? .success(merged) : .failure(InvalidSettings(keys: invalidKeys))
  }
}

/// Settings the app tried to save with values outside their range.
struct InvalidSettings: Error {
  let keys: [String]
}
