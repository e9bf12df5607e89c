import App
import Audio
import AudioModel
import DSP
import Storage
import Synchronization
import TerminalUI
import XCTest

final class ListenModelTests: XCTestCase {
  private func listening() -> AppModel {
    var model = AppFixtures.model()
    XCTAssertEqual(model.press(.down, .enter), [.listen(.start(profile: nil))])
    _ = model.handle(.listening(failure: nil, source: "usb_mic"))
    return model
  }

  private func screen(_ model: AppModel) -> ListenModel? {
    if case .listen(let screen) = model.screen { return screen }
    XCTFail("the listening screen is not on top")
    return nil
  }

  func testLeavingStopsTheMicrophone() {
    var model = listening()
    XCTAssertEqual(model.press(.escape), [.listen(.stop)])
    guard case .home = model.screen else { return XCTFail("escape did not go back") }
  }

  func testOnsetsAreCountedAndLightTheMarkerBriefly() {
    var model = listening()
    _ = model.handle(
      .heard([.onset(frame: 10_000, strength: 1), .onset(frame: 20_000, strength: 1)]))
    XCTAssertEqual(screen(model)?.onsetCount, 2)
    XCTAssertEqual(screen(model)?.isFlashing, true)
    _ = model.handle(.heard([.level(frame: 20_000 + ListenModel.flashFrames, decibels: -40)]))
    XCTAssertEqual(screen(model)?.isFlashing, false)
    model.press(.character("r"))
    XCTAssertEqual(screen(model)?.onsetCount, 0)
  }

  func testAnOnsetReportedLateStillLightsTheMarkerForItsWholeFlash() {
    // A bowed note's onset comes a fifth of a second after it, with the level of newer frames.
    var model = listening()
    let late = Int64(ListenerEvent.frameRate) / 5
    _ = model.handle(
      .heard([.onset(frame: 10_000, strength: 0.1), .level(frame: 10_000 + late, decibels: -30)]))
    XCTAssertEqual(screen(model)?.isFlashing, true)
    _ = model.handle(
      .heard([.level(frame: 10_000 + late + ListenModel.flashFrames - 1, decibels: -30)]))
    XCTAssertEqual(screen(model)?.isFlashing, true)
    _ = model.handle(
      .heard([.level(frame: 10_000 + late + ListenModel.flashFrames, decibels: -30)]))
    XCTAssertEqual(screen(model)?.isFlashing, false)
  }

  func testOnlyConfidentPitchesShowAndTheyFadeAfterHalfASecond() {
    var model = listening()
    _ = model.handle(.heard([.pitch(frame: 1_000, frequency: 220, confidence: 0.3)]))
    XCTAssertNil(screen(model)?.shownFrequency)
    _ = model.handle(.heard([.pitch(frame: 2_000, frequency: 220, confidence: 0.95)]))
    XCTAssertEqual(screen(model)?.shownFrequency, 220)
    _ = model.handle(.heard([.pitch(frame: 3_000, frequency: 0, confidence: 0)]))
    XCTAssertEqual(screen(model)?.shownFrequency, 220, "held while the note fades")
    _ = model.handle(.heard([.level(frame: 2_001 + ListenModel.pitchHoldFrames, decibels: -60)]))
    XCTAssertNil(screen(model)?.shownFrequency)
  }

  /// A pure tone through the listener, as the screen hears it, shows its pitch; and so does the
  /// next after the microphone starts again, as the metronome makes it do, counting its frames
  /// from 0 anew after two seconds of the first.
  func testASineToneShowsItsPitchAlsoAfterTheMicrophoneRestarts() {
    var model = listening()
    _ = model.handle(.heard(heard(sine: 440, seconds: 2)))
    XCTAssertEqual(screen(model)?.shownFrequency ?? 0, 440, accuracy: 0.3)
    XCTAssertEqual(model.press(.character("m")).count, 1)
    _ = model.handle(.listening(failure: nil, source: "usb_mic"))
    _ = model.handle(.heard(heard(sine: 330, seconds: 0.3)))
    XCTAssertEqual(screen(model)?.shownFrequency ?? 0, 330, accuracy: 0.3)
  }

  /// A pure sine shows its pitch, high or low, loud or as quiet as −50 dBFS.
  func testAPureSineShowsItsPitchAtAnyLevel() {
    for (frequency, decibels) in [(440.0, -20.0), (82.41, -20), (440, -50)] {
      var model = listening()
      _ = model.handle(
        .heard(heard(sine: frequency, seconds: 1, amplitude: pow(10, decibels / 20))))
      XCTAssertEqual(
        screen(model)?.shownFrequency ?? 0, frequency, accuracy: frequency / 1000,
        "\(frequency) Hz at \(decibels) dBFS")
    }
  }

  /// Events of the earlier run still on their way when the new run begins hide nothing either.
  func testALateEventOfTheEarlierRunHidesNothing() {
    var model = listening()
    _ = model.handle(.heard([.pitch(frame: 200_000, frequency: 440, confidence: 0.99)]))
    _ = model.handle(
      .heard([
        .pitch(frame: 2_000, frequency: 330, confidence: 0.99),
        .level(frame: 200_400, decibels: -20),
        .pitch(frame: 2_400, frequency: 331, confidence: 0.99),
        .onset(frame: 2_500, strength: 1),
        .level(frame: 2_800, decibels: -20),
      ]))
    XCTAssertEqual(screen(model)?.shownFrequency, 331)
    XCTAssertEqual(screen(model)?.isFlashing, true)
  }

  /// What the listener reports for `seconds` of a sine at `frequency`, at half full scale
  /// unless told, captured in 10 ms blocks from frame 0.
  private func heard(sine frequency: Double, seconds: Double, amplitude: Double = 0.5)
    -> [ListenerEvent]
  {
    let reported = Mutex<[ListenerEvent]>([])
    let listener = Listener { events in reported.withLock { $0 += events } }
    let rate = Listener.sampleRate
    let samples = (0..<Int(seconds * Double(rate))).map {
      Float(amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(rate)))
    }
    samples.withUnsafeBufferPointer { samples in
      for start in stride(from: 0, to: samples.count, by: rate / 100) {
        let block = samples[start..<min(start + rate / 100, samples.count)]
        listener.consume(UnsafeBufferPointer(rebasing: block), at: Int64(start))
      }
    }
    return reported.withLock { $0 }
  }

  func testAMicrophoneThatCannotStartSaysWhy() {
    var model = AppFixtures.model()
    model.press(.down, .enter)
    _ = model.handle(.listening(failure: "PulseAudio: Connection refused"))
    XCTAssertEqual(screen(model)?.problem, "PulseAudio: Connection refused")
    XCTAssertEqual(screen(model)?.isListening, false)
  }

  func testMeasuringTheDelaySavesItForTheSinkAndSourceAndListensAgain() {
    var model = listening()
    XCTAssertEqual(model.press(.character("l")), [.listen(.measureLatency)])
    XCTAssertEqual(screen(model)?.task, .measuringLatency)
    XCTAssertEqual(model.press(.character("l")), [], "one measurement at a time")
    let clicks = (0..<16).map { UInt64($0) * 600_000_000 + 1_000_000_000 }
    let path = ClickPath(
      delay: 0.001, frequencies: [500, 2_000], gains: [0.5, 0.25], echoDecibelsPerSecond: 600,
      spread: 0.1)
    let outcome = LatencyCalibration.Outcome(
      sink: "woodshed_null", source: "usb_mic",
      measurement: RoundTripMeasurement(clicks: clicks, onsets: clicks.map { $0 + 23_456_000 }),
      clickPath: path)
    var saved = model.settings
    saved.audio.setRoundTrip(23.46, sink: "woodshed_null", source: "usb_mic")
    saved.audio.setClickPath(path, sink: "woodshed_null", source: "usb_mic")
    XCTAssertEqual(
      model.handle(.calibrated(.latency(outcome))),
      [.save(saved), .listen(.start(profile: nil))])
    XCTAssertNil(screen(model)?.task)
    XCTAssertEqual(screen(model)?.outcome?.key, "calibrate.latency.measured")
  }

  func testTheMeasurementShowsItsProgress() throws {
    var model = listening()
    model.press(.character("l"), at: 10)
    XCTAssertEqual(screen(model)?.taskProgress, 0)
    let seconds = Double(LatencyCalibration.seconds)
    XCTAssertNotNil(model.deadline, "redrawn while it runs")
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: UInt64((10 + seconds / 2) * 1e9))))
    let progress = try XCTUnwrap(screen(model)?.taskProgress)
    XCTAssertEqual(progress, 0.5, accuracy: 1e-6)
    let text = AppView.render(model).lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("50 %"), text)
  }

  func testClicksNotHeardSaveNothing() {
    var model = listening()
    model.press(.character("l"))
    let clicks = (0..<16).map { UInt64($0) * 600_000_000 + 1_000_000_000 }
    let outcome = LatencyCalibration.Outcome(
      sink: "woodshed_null", source: "usb_mic",
      measurement: RoundTripMeasurement(clicks: clicks, onsets: Array(clicks.prefix(3))))
    XCTAssertEqual(model.handle(.calibrated(.latency(outcome))), [.listen(.start(profile: nil))])
    XCTAssertEqual(screen(model)?.outcome?.key, "calibrate.latency.unheard")
  }

  func testTheDelayIsNotMeasuredWithFiles() {
    var model = AppModel(
      settings: Settings(), size: Size(width: 80, height: 24),
      clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today),
      catalog: AppFixtures.catalog, paths: AppFixtures.paths, detectedGlyphs: .unicode,
      overrides: RunOverrides(audioIn: "/tmp/take.wav"))
    model.press(.down, .enter)
    XCTAssertEqual(model.press(.character("l")), [])
    XCTAssertEqual(screen(model)?.outcome?.key, "listen.latency.needsDevices")
  }

  func testLearningAnInstrumentTakesATypedNameAndSavesTheProfile() {
    var model = listening()
    XCTAssertEqual(model.press(.character("c")), [])
    XCTAssertEqual(
      model.press(.character("q"), .character("x"), .backspace, .character("?"), .character("?")),
      [], "letters that are keys elsewhere are typed")
    XCTAssertEqual(screen(model)?.task, .naming("q??"))
    model.press(.backspace, .backspace)
    XCTAssertEqual(
      model.press(.character(" "), .character("o"), .character("k"), .enter),
      [.listen(.learnInstrument(name: "q ok", seconds: ListenModel.learningSeconds))])
    XCTAssertEqual(screen(model)?.task, .learning(name: "q ok"))

    var saved = model.settings
    saved.listening.profiles["q ok"] = AppFixtures.profile
    saved.listening.instrument = "q ok"
    XCTAssertEqual(
      model.handle(.calibrated(.instrument(name: "q ok", profile: AppFixtures.profile))),
      [.save(saved), .listen(.start(profile: AppFixtures.profile))])
    XCTAssertEqual(screen(model)?.outcome?.key, "calibrate.instrument.learned")
  }

  func testAnUnclearTakeOrABadNameSavesNothing() {
    var model = listening()
    model.press(.character("c"), .character(" "), .enter)
    XCTAssertEqual(screen(model)?.outcome?.key, "listen.instrument.badName")
    XCTAssertEqual(screen(model)?.task, .naming(" "), "still naming")
    model.press(.escape)
    XCTAssertNil(screen(model)?.task, "escape cancels the name, not the screen")
    model.press(.character("c"), .character("a"), .enter)
    XCTAssertEqual(
      model.handle(.calibrated(.instrument(name: "a", profile: nil))),
      [.listen(.start(profile: nil))])
    XCTAssertEqual(screen(model)?.outcome?.key, "calibrate.instrument.unclear")
    XCTAssertEqual(model.settings, Settings())
  }

  func testIChangesTheInstrumentListenedFor() {
    var settings = Settings()
    settings.listening.profiles = ["voice": AppFixtures.profile, "clap": AppFixtures.profile]
    var model = AppFixtures.model(settings: settings)
    model.press(.down, .enter)
    var expected = settings
    expected.listening.instrument = "clap"
    XCTAssertEqual(
      model.press(.character("i")),
      [.save(expected), .listen(.start(profile: AppFixtures.profile))])
    model.press(.character("i"))
    XCTAssertEqual(model.settings.listening.instrument, "voice")
    expected.listening.instrument = ""
    XCTAssertEqual(model.press(.character("i")), [.save(expected), .listen(.start(profile: nil))])
  }

  func testAResultArrivingAfterLeavingIsStillSaved() {
    var model = listening()
    model.press(.character("c"), .character("a"), .enter, .escape)
    XCTAssertEqual(
      model.handle(.calibrated(.instrument(name: "a", profile: AppFixtures.profile))).count, 1)
    XCTAssertEqual(model.settings.listening.instrument, "a")
  }

  /// It counts in for a bar, where the listener learns how its clicks sound in the room.
  func testTheMetronomePlaysWhileListeningAndStopsOnLeaving() {
    var model = listening()
    var options = MetronomeOptions(settings: Settings())
    options.countInBars = 1
    XCTAssertEqual(model.press(.character("m")), [.metronome(.start(options))])
    XCTAssertEqual(screen(model)?.isClicking, true)
    XCTAssertEqual(model.press(.escape), [.listen(.stop), .metronome(.stop)])
  }

  func testMeasuringTheDelayStopsTheMetronomeFirst() {
    var model = listening()
    model.press(.character("m"))
    XCTAssertEqual(model.press(.character("l")), [.metronome(.stop), .listen(.measureLatency)])
    XCTAssertEqual(screen(model)?.isClicking, false)
    XCTAssertEqual(model.press(.character("m")), [], "no metronome while measuring")
  }
}
