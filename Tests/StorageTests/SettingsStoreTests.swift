import DSP
import Foundation
import Glibc
import MusicTheory
import Storage
import XCTest

final class SettingsStoreTests: StorageTestCase {
  private let bad = "settings.json.bad-\(StorageTestCase.fixedStamp)"

  private func makeStore(_ relativePath: String = "settings.json") -> SettingsStore {
    SettingsStore(file: folder.file(relativePath), now: { Self.fixedDate })
  }

  /// The saved file parsed back, to check keys without depending on formatting.
  private func savedDocument(_ relativePath: String = "settings.json") throws -> JSONValue {
    try JSONValue(parsing: try XCTUnwrap(folder.data(relativePath)))
  }

  // MARK: Loading

  func testMissingFolderGivesDefaultsWithoutNotice() throws {
    let store = makeStore("config/woodshed/settings.json")

    XCTAssertEqual(store.load(), SettingsLoadResult(settings: Settings()))
    XCTAssertEqual(folder.listing(), [], "loading creates nothing")

    try store.save(Settings())
    XCTAssertEqual(folder.listing("config/woodshed"), ["settings.json"])
  }

  func testMissingFileGivesDefaultsWithoutNotice() {
    XCTAssertEqual(makeStore().load(), SettingsLoadResult(settings: Settings()))
  }

  func testTheStoreSaysWhichSettingsTheFileHolds() throws {
    let store = makeStore()
    _ = store.load()
    XCTAssertFalse(store.holds("language"), "no file: nothing chosen")
    _ = try folder.write("{\"version\": 1, \"theme\": \"mono\"}", to: "settings.json")
    let reloaded = makeStore()
    _ = reloaded.load()
    XCTAssertTrue(reloaded.holds("theme"))
    XCTAssertFalse(reloaded.holds("language"))
  }

  func testSavedSettingsLoadBack() throws {
    var settings = Settings()
    settings.language = "de"
    settings.noteNaming = .german
    settings.glyphs = .ascii
    settings.theme = .mono
    settings.beatReadout = .startAndStop
    settings.a4Reference = 442.5
    settings.volumes = Volumes(master: 0, click: 100, instrument: 55)

    try makeStore().save(settings)

    XCTAssertEqual(makeStore().load(), SettingsLoadResult(settings: settings))
  }

  func testSavedFileUsesTheDocumentedKeys() throws {
    try makeStore().save(Settings())

    XCTAssertEqual(
      folder.text("settings.json"),
      """
      {
        "a4Reference" : 440,
        "audio" : {
          "clickPaths" : {

          },
          "midiPort" : "",
          "roundTripMs" : {

          },
          "sink" : "",
          "source" : "",
          "targetLatencyMs" : 20
        },
        "beatReadout" : "firstOfBar",
        "fretboard" : {
          "arpeggiosUnlocked" : false,
          "bpm" : 60,
          "click" : "metronome",
          "gamePace" : "adaptive",
          "labels" : "intervals",
          "leftHanded" : false,
          "practised" : [

          ],
          "root" : "A",
          "sound" : "guitar",
          "tuning" : "standard"
        },
        "glyphs" : "auto",
        "history" : {
          "dailyGoalMinutes" : 15
        },
        "language" : "en",
        "listening" : {
          "instrument" : "",
          "profiles" : {

          }
        },
        "metronome" : {
          "accents" : "",
          "bpm" : 90,
          "meter" : "4/4",
          "presets" : [

          ],
          "subdivision" : 1,
          "subdivisionVolume" : 60
        },
        "noteNaming" : "english",
        "notes" : {
          "advanceSeconds" : 1.5,
          "advancesByHand" : false,
          "anyOctave" : true,
          "exercise" : "flashcards",
          "packs" : [
            "treble-c4-b4"
          ],
          "rounds" : 20,
          "staff" : "",
          "toleranceCents" : 30
        },
        "rhythm" : {
          "bars" : 4,
          "bpm" : 90,
          "input" : "tap",
          "line" : [
            "quarter",
            "eighths",
            "triplet",
            "rest"
          ],
          "midiOffsetMs" : 0,
          "rings" : false,
          "strictness" : "relative",
          "tapOffsetMs" : 0,
          "tapPaths" : {

          }
        },
        "screenReader" : false,
        "theme" : "dark",
        "version" : 1,
        "volumes" : {
          "click" : 80,
          "instrument" : 80,
          "master" : 80
        }
      }

      """)
  }

  func testMetronomeAndAudioSettingsAreValidated() throws {
    let text = """
      {"metronome": {"bpm": 500, "meter": "7/8", "accents": "X x ? .", "subdivision": 3},
       "audio": {"sink": "usb-interface", "targetLatencyMs": 1}}
      """
    try folder.write(text, to: "settings.json")
    let result = makeStore().load()
    XCTAssertEqual(result.settings.metronome.bpm, 90)
    XCTAssertEqual(result.settings.metronome.meter, "7/8")
    XCTAssertEqual(result.settings.metronome.accents, "")
    XCTAssertEqual(result.settings.metronome.subdivision, 3)
    XCTAssertEqual(result.settings.audio.sink, "usb-interface")
    XCTAssertEqual(result.settings.audio.targetLatencyMilliseconds, 20)
    guard case .invalidValues(_, let keys, _) = result.notices.first else {
      return XCTFail("expected a notice about invalid values, got \(result.notices)")
    }
    XCTAssertEqual(keys, ["metronome.bpm", "metronome.accents", "audio.targetLatencyMs"])
  }

  func testRoundTripsAndInstrumentProfilesLoadBack() throws {
    var settings = Settings()
    settings.audio.setRoundTrip(23.5, sink: "usb-out", source: "usb-in")
    settings.audio.setRoundTrip(-0.25, sink: "usb-out", source: "usb-out.monitor")
    settings.listening.instrument = "cajón"
    settings.listening.profiles["cajón"] = InstrumentProfile(
      frequencies: [50, 63, 79.4], onsetRise: [0.5, 1.25, 1.25], onsetStrength: 3.5,
      noiseStrength: 0.125, peakLevel: -12.5, noteCount: 6)

    try makeStore().save(settings)
    let loaded = makeStore().load()

    XCTAssertEqual(loaded, SettingsLoadResult(settings: settings))
    XCTAssertEqual(loaded.settings.audio.roundTrip(sink: "usb-out", source: "usb-in"), 23.5)
    XCTAssertNil(loaded.settings.audio.roundTrip(sink: "usb-in", source: "usb-out"))
    XCTAssertEqual(loaded.settings.listening.profile?.noteCount, 6)
  }

  /// A click path is kept at third-octave frequencies, whatever bands it was learned in.
  func testClickPathsLoadBackAtThirdOctaves() throws {
    let learned = ClickPath(
      delay: 0.003, frequencies: [100, 200, 400, 800, 1_600, 3_200],
      gains: [0.1, 0.2, 0.25, 0.3, 0.5, 0.25], echoDecibelsPerSecond: 300, spread: 0.05)
    var settings = Settings()
    settings.audio.setClickPath(learned, sink: "usb-out", source: "usb-in")

    try makeStore().save(settings)
    let loaded = try XCTUnwrap(
      makeStore().load().settings.audio.clickPath(sink: "usb-out", source: "usb-in"))

    XCTAssertEqual(loaded.frequencies, ClickPath.storedFrequencies)
    XCTAssertEqual(loaded.delay, 0.003)
    XCTAssertEqual(loaded.echoDecibelsPerSecond, 300)
    XCTAssertEqual(loaded.gains[15], 0.5, accuracy: 1e-6, "1600 Hz")
    XCTAssertEqual(loaded.gains[3], 0.1, accuracy: 1e-6, "100 Hz")
    XCTAssertNil(makeStore().load().settings.audio.clickPath(sink: "usb-in", source: "usb-out"))
  }

  func testMalformedClickPathsAreAnInvalidKey() throws {
    let text = """
      {"audio": {"clickPaths": {"out": {"in": {"delay": 0.5, "frequencies": [100],
        "gains": [1], "echoDecibelsPerSecond": 300, "spread": 0}}}}}
      """
    try folder.write(text, to: "settings.json")

    let result = makeStore().load()

    XCTAssertEqual(result.settings.audio.clickPaths, [:])
    guard case .invalidValues(_, let keys, _) = result.notices.first else {
      return XCTFail("expected a notice about invalid values, got \(result.notices)")
    }
    XCTAssertEqual(keys, ["audio.clickPaths"])
  }

  func testPresetsLoadBackAndABadOneIsAnInvalidKey() throws {
    var settings = Settings()
    settings.metronome.presets = [
      MetronomePreset(
        name: "Warm-up", bpm: 72, meter: "6/8", accents: "X x x X x x", subdivision: 2)
    ]
    try makeStore().save(settings)
    XCTAssertEqual(makeStore().load().settings.metronome.presets, settings.metronome.presets)

    let text = """
      {"metronome": {"presets": [{"name": "Fast", "bpm": 999, "meter": "4/4", "accents": "",
        "subdivision": 1}]}}
      """
    try folder.write(text, to: "settings.json")
    let result = makeStore().load()
    XCTAssertEqual(result.settings.metronome.presets, [])
    guard case .invalidValues(_, let keys, _) = result.notices.first else {
      return XCTFail("expected a notice about invalid values, got \(result.notices)")
    }
    XCTAssertEqual(keys, ["metronome.presets"])
  }

  func testMalformedProfilesAndRoundTripsAreInvalidKeys() throws {
    let text = """
      {"audio": {"roundTripMs": {"out": {"in": 5000}}},
       "listening": {"instrument": "guitar",
         "profiles": {"guitar": {"frequencies": [100, 50], "onsetRise": [1, 1],
           "onsetStrength": 1, "noiseStrength": 0, "peakLevel": -6, "noteCount": 4}}}}
      """
    try folder.write(text, to: "settings.json")

    let result = makeStore().load()

    XCTAssertEqual(result.settings.audio.roundTripMilliseconds, [:])
    XCTAssertEqual(result.settings.listening.instrument, "guitar")
    XCTAssertNil(result.settings.listening.profile)
    guard case .invalidValues(_, let keys, _) = result.notices.first else {
      return XCTFail("expected a notice about invalid values, got \(result.notices)")
    }
    XCTAssertEqual(keys, ["audio.roundTripMs", "listening.profiles"])
  }

  func testNotesSettingsLoadBackAndAreValidated() throws {
    var settings = Settings()
    settings.notes.packs = ["bass-staff", "alto-staff"]
    settings.notes.rounds = 50
    settings.notes.advanceSeconds = 0.5
    settings.notes.advancesByHand = true
    settings.notes.exercise = .timed
    settings.notes.toleranceCents = 15
    settings.notes.anyOctave = false
    settings.notes.staff = "alto"
    try makeStore().save(settings)
    XCTAssertEqual(makeStore().load(), SettingsLoadResult(settings: settings))

    try folder.write(
      #"{"notes": {"packs": [], "rounds": 101, "advanceSeconds": 0.1, "advancesByHand": "yes", "#
        + #""exercise": "marathon", "toleranceCents": 80, "anyOctave": 1, "staff": "banjo"}}"#,
      to: "settings.json")
    let result = makeStore().load()
    XCTAssertEqual(result.settings.notes, NotesSettings())
    guard case .invalidValues(_, let keys, _) = result.notices.first else {
      return XCTFail("expected a notice about invalid values, got \(result.notices)")
    }
    XCTAssertEqual(
      keys,
      [
        "notes.packs", "notes.rounds", "notes.advanceSeconds", "notes.advancesByHand",
        "notes.exercise", "notes.staff", "notes.toleranceCents", "notes.anyOctave",
      ])
  }

  func testFretboardSettingsLoadBackAndAreValidated() throws {
    var settings = Settings()
    settings.fretboard.tuning = Tuning(parsing: "C2 G2 C3 G3 C4 E4")!
    settings.fretboard.isLeftHanded = true
    settings.fretboard.labels = .notes
    settings.fretboard.root = "F#"
    settings.fretboard.bpm = 96
    settings.fretboard.arpeggiosUnlocked = true
    settings.fretboard.practised = ["dorian-1", "my-lick"]
    settings.fretboard.sound = .piano
    settings.fretboard.click = .woodblock
    settings.fretboard.gamePace = .fixedLevels
    try makeStore().save(settings)
    XCTAssertEqual(makeStore().load(), SettingsLoadResult(settings: settings))

    try folder.write(
      #"{"fretboard": {"tuning": "banjo", "leftHanded": "yes", "labels": "colours", "root": "H", "bpm": 900, "click": "cowbell", "gamePace": "slow"}}"#,
      to: "settings.json")
    let result = makeStore().load()
    XCTAssertEqual(result.settings.fretboard, FretboardSettings())
    guard case .invalidValues(_, let keys, _) = result.notices.first else {
      return XCTFail("expected a notice about invalid values, got \(result.notices)")
    }
    XCTAssertEqual(
      keys,
      [
        "fretboard.tuning", "fretboard.leftHanded", "fretboard.labels", "fretboard.root",
        "fretboard.bpm", "fretboard.click", "fretboard.gamePace",
      ])
  }

  func testRhythmSettingsLoadBackAndAreValidated() throws {
    var settings = Settings()
    settings.rhythm.bpm = 132
    settings.rhythm.line = ["sixteenths", "rest"]
    settings.rhythm.bars = 8
    settings.rhythm.input = .microphone
    settings.rhythm.strictness = .strict
    settings.rhythm.rings = true
    settings.rhythm.tapPaths = [
      "local": .init(offsetMilliseconds: 23.5, spreadMilliseconds: 1.5),
      "ssh from 10.0.0.5": .init(offsetMilliseconds: 31.5, spreadMilliseconds: 10.1),
    ]
    try makeStore().save(settings)
    XCTAssertEqual(makeStore().load(), SettingsLoadResult(settings: settings))

    try folder.write(
      #"{"rhythm": {"bpm": 200, "line": [], "bars": 0, "input": "feet", "strictness": 1, "tapOffsetMs": 900}}"#,
      to: "settings.json")
    let result = makeStore().load()
    XCTAssertEqual(result.settings.rhythm, RhythmSettings())
    guard case .invalidValues(_, let keys, _) = result.notices.first else {
      return XCTFail("expected a notice about invalid values, got \(result.notices)")
    }
    XCTAssertEqual(
      keys,
      [
        "rhythm.bpm", "rhythm.line", "rhythm.bars", "rhythm.input", "rhythm.strictness",
        "rhythm.tapOffsetMs",
      ])
  }

  func testTheSingleTapDelayOfEarlierVersionsIsTheLocalTerminals() throws {
    try folder.write(#"{"rhythm": {"tapOffsetMs": 23.5}}"#, to: "settings.json")
    XCTAssertEqual(
      makeStore().load().settings.rhythm.tapPaths,
      ["local": .init(offsetMilliseconds: 23.5, spreadMilliseconds: 0)])

    try folder.write(
      #"{"rhythm": {"tapOffsetMs": 23.5, "tapPaths": {"local": {"offsetMs": 4, "spreadMs": 1}}}}"#,
      to: "settings.json")
    XCTAssertEqual(
      makeStore().load().settings.rhythm.tapPaths,
      ["local": .init(offsetMilliseconds: 4, spreadMilliseconds: 1)], "the paths' own wins")

    try folder.write(
      #"{"rhythm": {"tapPaths": {"local": {"offsetMs": 900, "spreadMs": 1}}}}"#,
      to: "settings.json")
    let result = makeStore().load()
    XCTAssertEqual(result.settings.rhythm.tapPaths, [:])
    guard case .invalidValues(_, let keys, _) = result.notices.first else {
      return XCTFail("expected a notice about invalid values, got \(result.notices)")
    }
    XCTAssertEqual(keys, ["rhythm.tapPaths"])
  }

  func testMeterValidation() throws {
    for (meter, valid) in [
      ("4/4", true), ("7/8", true), ("12/16", true), ("5/3", false), ("0/4", false), ("4", false),
      ("4/4/4", false), ("x/4", false),
    ] {
      try folder.write("{\"metronome\": {\"meter\": \"\(meter)\"}}", to: "settings.json")
      let loaded = makeStore().load().settings.metronome.meter
      XCTAssertEqual(loaded == meter, valid, meter)
      for file in folder.listing() where file != "settings.json" {
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(file))
      }
    }
  }

  func testNullValuesMeanDefaultsWithoutNotice() throws {
    try folder.write(#"{"theme": null, "volumes": {"click": null}}"#, to: "settings.json")

    XCTAssertEqual(makeStore().load(), SettingsLoadResult(settings: Settings()))
  }

  // MARK: Invalid JSON

  func testInvalidJSONIsRenamedAsideAndDefaultsUsed() throws {
    let text = "{\n  \"theme\": \"light\",\n  oops\n}\n"
    try folder.write(text, to: "settings.json")
    let store = makeStore()

    let result = store.load()

    XCTAssertEqual(result.settings, Settings())
    XCTAssertEqual(
      result.notices.map(\.description),
      ["settings.json is not valid JSON; kept it as \(bad) and using defaults"])
    XCTAssertTrue(result.canSave)
    XCTAssertEqual(folder.listing(), [bad])
    XCTAssertEqual(folder.text(bad), text)

    try store.save(Settings())
    XCTAssertEqual(folder.listing(), ["settings.json", bad])
    XCTAssertEqual(folder.text(bad), text, "the kept file is never touched again")
  }

  func testJSONThatIsNotAnObjectIsRenamedAside() throws {
    try folder.write("[1, 2, 3]", to: "settings.json")

    let result = makeStore().load()

    XCTAssertEqual(
      result.notices.map(\.description),
      ["settings.json does not hold a JSON object; kept it as \(bad) and using defaults"])
    XCTAssertEqual(folder.listing(), [bad])
  }

  func testBrokenFileThatCannotBeSetAsideMakesTheRunReadOnly() throws {
    // Root can rename anything in a temporary folder, but nothing in /proc.
    let file: URL
    if isRoot {
      file = URL(fileURLWithPath: "/proc/self/status")
    } else {
      file = try folder.write("{broken", to: "locked/status")
      XCTAssertEqual(chmod(folder.file("locked").path, 0o555), 0)
    }
    let store = SettingsStore(file: file, now: { Self.fixedDate })

    let result = store.load()

    XCTAssertEqual(result.settings, Settings())
    XCTAssertFalse(result.canSave)
    let notice = try XCTUnwrap(result.notices.first?.description)
    XCTAssertTrue(notice.hasPrefix("status is not valid JSON and could not be set aside ("))
    XCTAssertTrue(notice.hasSuffix("); using defaults and not saving settings this run"))
    XCTAssertThrowsError(try store.save(Settings())) { error in
      XCTAssertEqual(
        String(describing: error), "not saving status: it is broken and could not be set aside")
    }
  }

  func testSaveBeforeLoadSetsABrokenFileAsideFirst() throws {
    try folder.write("{broken", to: "settings.json")

    try makeStore().save(Settings())

    XCTAssertEqual(folder.text(bad), "{broken")
    XCTAssertEqual(try savedDocument().member("theme"), .string("dark"))
  }

  // MARK: Wrong types and ranges

  func testWrongValuesKeepTheValidKeysAndACopyOfTheFile() throws {
    let text = """
      {"language": "de", "noteNaming": "german", "theme": 5, "a4Reference": "x",
       "volumes": {"master": 300, "click": 50}}
      """
    try folder.write(text, to: "settings.json")

    let result = makeStore().load()

    var expected = Settings()
    expected.language = "de"
    expected.noteNaming = .german
    expected.volumes.click = 50
    XCTAssertEqual(result.settings, expected)
    XCTAssertEqual(
      result.notices.map(\.description),
      [
        "settings.json has invalid values for theme, a4Reference, volumes.master; "
          + "kept a copy as \(bad) and using defaults for those"
      ])
    XCTAssertTrue(result.canSave)
    XCTAssertEqual(folder.text("settings.json"), text, "the original stays until the next save")
    XCTAssertEqual(folder.text(bad), text)
  }

  func testVolumesThatIsNotAnObjectIsOneInvalidKey() throws {
    try folder.write(#"{"volumes": 5, "a4Reference": 399.9}"#, to: "settings.json")

    let result = makeStore().load()

    XCTAssertEqual(result.settings, Settings())
    XCTAssertEqual(
      result.notices.map(\.description),
      [
        "settings.json has invalid values for a4Reference, volumes; "
          + "kept a copy as \(bad) and using defaults for those"
      ])
  }

  func testFractionalPercentAndUnknownEnumNameAreInvalid() throws {
    try folder.write(#"{"glyphs": "emoji", "volumes": {"click": 50.5}}"#, to: "settings.json")

    let result = makeStore().load()

    XCTAssertEqual(result.settings, Settings())
    let notice = try XCTUnwrap(result.notices.first?.description)
    XCTAssertTrue(notice.hasPrefix("settings.json has invalid values for glyphs, volumes.click;"))
  }

  func testSaveAfterWrongValuesReplacesOnlyThoseKeys() throws {
    try folder.write(#"{"theme": 5, "language": "fr", "mine": [1]}"#, to: "settings.json")
    let store = makeStore()
    var settings = store.load().settings
    settings.volumes.master = 40

    try store.save(settings)

    let saved = try savedDocument()
    XCTAssertEqual(saved.member("theme"), .string("dark"))
    XCTAssertEqual(saved.member("language"), .string("fr"))
    XCTAssertEqual(saved.member("mine"), .array([.number(1)]))
    XCTAssertEqual(saved.member("volumes", "master"), .number(40))
    XCTAssertEqual(folder.text(bad), #"{"theme": 5, "language": "fr", "mine": [1]}"#)
  }

  /// 1e400 is valid JSON that no Double holds: only that value is wrong, not the whole file.
  func testANumberBeyondAnyDoubleIsOneInvalidValue() throws {
    let text = #"{"a4Reference": 1e400, "language": "fr", "mine": -1e999}"#
    try folder.write(text, to: "settings.json")
    let store = makeStore()
    let result = store.load()
    XCTAssertEqual(result.settings.language, "fr")
    XCTAssertEqual(result.settings.a4Reference, Settings().a4Reference)
    XCTAssertEqual(
      result.notices.map(\.description),
      [
        "settings.json has invalid values for a4Reference; "
          + "kept a copy as \(bad) and using defaults for those"
      ])
    try store.save(result.settings)
    let saved = try savedDocument()
    XCTAssertEqual(saved.member("a4Reference"), .number(Settings().a4Reference))
    XCTAssertEqual(saved.member("mine"), .null, "JSON has no infinity")
  }

  func testSaveRejectsValuesOutOfRange() {
    var settings = Settings()
    settings.a4Reference = 500
    settings.volumes.instrument = -1

    XCTAssertThrowsError(try makeStore().save(settings)) { error in
      XCTAssertEqual(
        String(describing: error),
        "could not save settings.json: invalid values for a4Reference, volumes.instrument")
    }
    XCTAssertEqual(folder.listing(), [])
  }

  // MARK: Unknown keys

  func testUnknownKeysSurviveLoadAndSave() throws {
    try folder.write(
      """
      {"version": 1, "theme": "light", "calibration": {"usb-mic": {"offsetMs": 12.5}},
       "volumes": {"master": 70, "monitor": 30}, "lastBPM": 96}
      """, to: "settings.json")
    let store = makeStore()
    var settings = store.load().settings
    settings.volumes.master = 60

    try store.save(settings)

    let saved = try savedDocument()
    XCTAssertEqual(saved.member("calibration", "usb-mic", "offsetMs"), .number(12.5))
    XCTAssertEqual(saved.member("lastBPM"), .number(96))
    XCTAssertEqual(saved.member("volumes", "monitor"), .number(30))
    XCTAssertEqual(saved.member("volumes", "master"), .number(60))
    XCTAssertEqual(saved.member("theme"), .string("light"))
    XCTAssertEqual(folder.listing(), ["settings.json"], "a valid file needs no copy")
  }

  // MARK: Another program writing the file

  /// A background sync joins another machine's settings into the file while the room runs; the
  /// room, saving a change of its own before it reads the file again, keeps the joined fields.
  func testASaveKeepsWhatASyncJoinedIntoTheFileMeanwhile() throws {
    try folder.write(#"{"version": 1, "theme": "light", "language": "en"}"#, to: "settings.json")
    let store = makeStore()
    var settings = store.load().settings
    try folder.write(
      #"{"version": 1, "theme": "mono", "language": "en", "lastBPM": 96}"#, to: "settings.json")

    settings.language = "es"
    try store.save(settings)
    var saved = try savedDocument()
    XCTAssertEqual(saved.member("theme"), .string("mono"), "joined: kept")
    XCTAssertEqual(saved.member("lastBPM"), .number(96))
    XCTAssertEqual(saved.member("language"), .string("es"), "the room's change: kept")

    settings.glyphs = .ascii
    try store.save(settings)
    saved = try savedDocument()
    XCTAssertEqual(saved.member("theme"), .string("mono"), "still, before the room reads it")
    XCTAssertEqual(saved.member("language"), .string("es"))
    XCTAssertEqual(saved.member("glyphs"), .string("ascii"))
    XCTAssertEqual(makeStore().load().settings.theme, .mono)
  }

  /// A field both changed: the room's, saved now, is the newer choice.
  func testAFieldBothChangedTakesTheSavedOne() throws {
    try folder.write(#"{"version": 1, "theme": "light"}"#, to: "settings.json")
    let store = makeStore()
    var settings = store.load().settings
    try folder.write(#"{"version": 1, "theme": "mono"}"#, to: "settings.json")
    settings.theme = .dark
    try store.save(settings)
    XCTAssertEqual(try savedDocument().member("theme"), .string("dark"))
  }

  /// A newer Woodshed wrote the file meanwhile: this one does not replace it.
  func testAFileANewerVersionWroteMeanwhileIsNotReplaced() throws {
    let store = makeStore()
    var settings = store.load().settings
    let newer = #"{"version": 2, "theme": "light", "newThing": {"a": 1}}"#
    try folder.write(newer, to: "settings.json")
    settings.theme = .mono
    XCTAssertThrowsError(try store.save(settings)) { error in
      XCTAssertEqual(
        String(describing: error),
        "not saving settings.json: it is from a newer Woodshed (version 2)")
    }
    XCTAssertEqual(folder.text("settings.json"), newer)
  }

  // MARK: Read-only runs

  /// A FIFO where settings.json belongs would block a plain open for ever.
  func testAFIFOInPlaceOfTheFileIsRefusedAtOnceAndNeverReplaced() throws {
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    XCTAssertEqual(mkfifo(folder.file("settings.json").path, 0o600), 0)
    let store = makeStore()

    let result = store.load()

    XCTAssertEqual(
      result.notices.map(\.description),
      [
        "settings.json could not be read (it is a FIFO, not a regular file); using defaults "
          + "and not saving settings this run"
      ])
    XCTAssertFalse(result.canSave)
    XCTAssertThrowsError(try store.save(Settings()))
    var status = stat()
    XCTAssertEqual(stat(folder.file("settings.json").path, &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO)
  }

  func testFolderInPlaceOfTheFileMakesTheRunReadOnly() throws {
    try FileManager.default.createDirectory(
      at: folder.file("settings.json"), withIntermediateDirectories: true)
    let store = makeStore()

    let result = store.load()

    XCTAssertEqual(result.settings, Settings())
    XCTAssertEqual(
      result.notices.map(\.description),
      [
        "settings.json could not be read (Is a directory); using defaults "
          + "and not saving settings this run"
      ])
    XCTAssertFalse(result.canSave)
    XCTAssertThrowsError(try store.save(Settings())) { error in
      assertOneLine(
        error, startsWith: "not saving settings.json: it could not be read when Woodshed started")
    }
    XCTAssertEqual(folder.listing(), ["settings.json"])
    XCTAssertEqual(folder.listing("settings.json"), [])
  }

  func testNewerVersionLoadsKnownKeysAndIsNeverOverwritten() throws {
    let text = #"{"version": 2, "theme": "light", "newThing": {"a": 1}}"#
    try folder.write(text, to: "settings.json")
    let store = makeStore()

    let result = store.load()

    XCTAssertEqual(result.settings.theme, .light)
    XCTAssertEqual(result.settings.version, 2)
    XCTAssertEqual(
      result.notices.map(\.description),
      [
        "settings.json is from a newer Woodshed (version 2); using the settings this version "
          + "knows and not saving settings this run"
      ])
    XCTAssertFalse(result.canSave)
    XCTAssertThrowsError(try store.save(result.settings)) { error in
      XCTAssertEqual(
        String(describing: error),
        "not saving settings.json: it is from a newer Woodshed (version 2)")
    }
    XCTAssertEqual(folder.text("settings.json"), text)
    XCTAssertEqual(folder.listing(), ["settings.json"])
  }

  func testSaveIntoUnwritableFolderThrowsOneLineErrorAndChangesNothing() throws {
    let locked = try unwritableFolder()
    let file = locked.appendingPathComponent("settings.json")
    if !isRoot {
      XCTAssertEqual(chmod(locked.path, 0o755), 0)
      try Data(#"{"theme": "mono"}"#.utf8).write(to: file)
      XCTAssertEqual(chmod(locked.path, 0o555), 0)
    }
    let store = SettingsStore(file: file, now: { Self.fixedDate })
    let loaded = store.load()
    XCTAssertTrue(loaded.canSave)

    XCTAssertThrowsError(try store.save(Settings())) { error in
      assertOneLine(error, startsWith: "could not save settings.json: ")
    }
    XCTAssertEqual(store.load(), loaded)
    if !isRoot {
      XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), #"{"theme": "mono"}"#)
      XCTAssertEqual(folder.listing("locked"), ["settings.json"])
    }
  }

  func testAFakeCanStandInForTheStore() throws {
    let store: any SettingsStoring = makeStore()

    try store.save(Settings())

    XCTAssertEqual(store.load().settings, Settings())
  }
}

extension JSONValue {
  fileprivate func member(_ path: String...) -> JSONValue? {
    var current = self
    for key in path {
      guard case .object(let members) = current, let next = members[key] else { return nil }
      current = next
    }
    return current
  }
}

final class SettingsNoticeTests: XCTestCase {
  func testOnlyNoticesThatKeepTheFileSafeAllowSaving() {
    let problem = SettingsNotice.Problem.notJSON
    XCTAssertFalse(
      SettingsNotice.setAside(file: "s", problem: problem, keptAs: "k").makesRunReadOnly)
    XCTAssertFalse(
      SettingsNotice.invalidValues(file: "s", keys: ["theme"], keptAs: "k").makesRunReadOnly)
    XCTAssertTrue(SettingsNotice.unreadable(file: "s", reason: "r").makesRunReadOnly)
    XCTAssertTrue(
      SettingsNotice.cannotSetAside(file: "s", problem: .notAnObject, reason: "r").makesRunReadOnly)
    XCTAssertTrue(
      SettingsNotice.invalidValuesNotCopied(file: "s", keys: ["a"], reason: "r").makesRunReadOnly)
    XCTAssertTrue(SettingsNotice.newerVersion(file: "s", version: 2).makesRunReadOnly)
  }

  func testDescriptionsAreOneLine() {
    let notices: [SettingsNotice] = [
      .unreadable(file: "settings.json", reason: "Is a directory"),
      .setAside(file: "settings.json", problem: .notJSON, keptAs: "settings.json.bad-x"),
      .newerVersion(file: "settings.json", version: 7),
    ]
    for notice in notices {
      XCTAssertFalse(notice.description.contains("\n"))
      XCTAssertTrue(notice.description.hasPrefix("settings.json "), notice.description)
    }
    XCTAssertEqual(
      SettingsNotice.setAside(file: "settings.json", problem: .notJSON, keptAs: "b")
        .description,
      "settings.json is not valid JSON; kept it as b and using defaults")
  }
}
