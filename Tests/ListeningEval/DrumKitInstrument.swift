import DSP
import Foundation
import Glibc

/// A piece of a recorded drum kit from Debian's hydrogen-drumkits, sampled at several strengths
/// (velocity layers), played as a drummer plays it: each note's velocity picks a layer, softest
/// to hardest, and scales it a little within the layer's range.
struct DrumKitInstrument: Sendable {
  static let folder = "/usr/share/hydrogen/data/drumkits"

  var name: String
  var category: OnsetCategory
  var source: EvaluationClip.Source
  /// The layers' files, softest first.
  var files: [String]

  /// Velocities from the performance's softest to its loudest span the layers.
  private static let velocities = 0.4...1.0
  /// The layers together span this many dB, a piece recorded at one strength all of them.
  private static let dynamicSpan = 15.0

  /// A piece of the ForzeeStereo kit, its layers numbered `Piece-0…4`.
  private static func forzee(_ piece: String, _ category: OnsetCategory) -> DrumKitInstrument {
    DrumKitInstrument(
      name: piece, category: category, source: .forzeeStereo,
      files: (0...4).map { "\(folder)/ForzeeStereo/\(piece)-\($0).wav" })
  }

  /// A piece of a kit whose layers are named `Piece-Softest`, `-Soft`, `-Med`, `-Hard`, `-Hardest`.
  private static func named(
    _ kit: String, _ source: EvaluationClip.Source, _ piece: String, _ category: OnsetCategory
  ) -> DrumKitInstrument {
    DrumKitInstrument(
      name: piece, category: category, source: source,
      files: ["Softest", "Soft", "Med", "Hard", "Hardest"].map {
        "\(folder)/\(kit)/\(piece)-\($0).wav"
      }
    )
  }

  /// A piece of the circAfrique kit: West African hand drums and bells, each recorded at one
  /// strength.
  private static func circAfrique(_ piece: String, _ category: OnsetCategory) -> DrumKitInstrument {
    DrumKitInstrument(
      name: piece, category: category, source: .circAfrique,
      files: ["\(folder)/circAfrique v4/\(piece).wav"])
  }

  /// The tuning part's pieces.
  static let forzeeStereo: [DrumKitInstrument] = [
    forzee("Snare", .drum), forzee("RimClick", .woodblock), forzee("Kick", .drum),
    forzee("AgogoHigh", .woodblock), forzee("TomHigh", .drum),
  ]
  static let circAfriqueKit: [DrumKitInstrument] = [
    circAfrique("Djembe1 Slap", .drum), circAfrique("Djembe2 Tone", .drum),
    circAfrique("Dununba1 Head Hit", .drum), circAfrique("Kenkeni1 Bell Hit", .woodblock),
    circAfrique("Sangban1 Bell Hit", .woodblock),
  ]

  /// The held-out part's pieces.
  static let gimmeAHandAndBlackPearl: [DrumKitInstrument] = [
    named("Gimme A Hand 1.0", .gimmeAHand, "HandClap", .clap),
    named("Gimme A Hand 1.0", .gimmeAHand, "Fingersnap", .clap),
    named("Gimme A Hand 1.0", .gimmeAHand, "CajonSlaps", .drum),
    named("Gimme A Hand 1.0", .gimmeAHand, "BongoHi", .drum),
    named("Gimme A Hand 1.0", .gimmeAHand, "Clave", .woodblock),
    named("Gimme A Hand 1.0", .gimmeAHand, "WoodBlock", .woodblock),
    named("Gimme A Hand 1.0", .gimmeAHand, "Cowbell", .woodblock),
    named("The Black Pearl 1.0", .blackPearl, "PearlSnare", .drum),
    named("The Black Pearl 1.0", .blackPearl, "PearlSideStick", .woodblock),
    named("The Black Pearl 1.0", .blackPearl, "PearlKick", .drum),
  ]

  var isAvailable: Bool { files.allSatisfy { FileManager.default.fileExists(atPath: $0) } }

  /// A recorded sample as mono audio; nil when it cannot be read.
  static func load(_ path: String) -> (samples: [Float], sampleRate: Int)? {
    guard let data = FileManager.default.contents(atPath: path),
      let audio = try? WAVCodec.decode(data)
    else { return nil }
    return (WAVCodec.mono(audio), audio.sampleRate)
  }

  /// The performance played, at the kit's sample rate, with the frame where each note's sound
  /// starts; nil when a layer cannot be read.
  func take(of performance: Performance, named name: String) -> CleanTake? {
    let loaded = files.compactMap(Self.load)
    guard loaded.count == files.count, let sampleRate = loaded.first?.sampleRate,
      loaded.allSatisfy({ $0.sampleRate == sampleRate })
    else { return nil }
    let layers = loaded.map { (samples: $0.samples, start: SoundStart.of($0.samples[...])) }
    var samples = [Float](repeating: 0, count: Int(performance.length * Double(sampleRate)))
    var truth: [Int] = []
    var peaks: [Float] = []
    for note in performance.notes {
      let share =
        (note.velocity - Self.velocities.lowerBound)
        / (Self.velocities.upperBound - Self.velocities.lowerBound)
      let position = min(max(share, 0), 1) * Double(layers.count)
      let layer = min(layers.count - 1, Int(position))
      let layerSpan = Self.dynamicSpan / Double(layers.count)
      let gain = Float(pow(10, (position - Double(layer) - 0.5) * layerSpan / 20))
      let frame = Int((note.time * Double(sampleRate)).rounded())
      for (offset, sample) in layers[layer].samples.enumerated()
      where frame + offset < samples.count {
        samples[frame + offset] += gain * sample
      }
      truth.append(frame + layers[layer].start.start)
      peaks.append(gain * layers[layer].start.peak)
    }
    return CleanTake(
      name: name, category: category, source: source,
      performance: performance, sampleRate: sampleRate, samples: samples, truth: truth,
      notePeaks: peaks)
  }
}
