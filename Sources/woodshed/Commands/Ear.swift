import App
import ArgumentParser
import Audio
import FoundationEssentials
import Practice
import TerminalUI

struct Ear: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Ear training without the screen: print, render and grade the questions.",
    subcommands: [Quiz.self, Grade.self])

  /// The text in ASCII where the locale cannot show more ("septima menor"), as `staff` and
  /// `show` do; JSON is UTF-8 whatever the locale.
  static func sayText(_ text: String, isUTF8: Bool) {
    say(isUTF8 ? text : String(text.map(ASCIIFallback.character(for:))), terminator: "")
  }

  /// What both subcommands take, so that `grade` with the quiz's options grades its questions.
  struct QuizOptions: ParsableArguments {
    @Option(help: "intervals, chords, scales, degrees, cadences, intonation, dictation or rhythm.")
    var exercise: String

    @Option(
      help:
        "The items to ask, by short name, such as \"m3 M3 P5\", \"maj m dim\", \"major dorian\", \"1 b3 5\", \"perfect I-vi-IV-V\", \"flat in-tune sharp\" or, for dictation, the kinds of melody \"steps thirds leaps minor chromatic\", for rhythm the levels \"quarters rests sixteenths syncopation two-bars\"."
    )
    var items: String?

    @Option(
      help:
        "Without --items, the items of this level and those below (default 1); intonation's level sets the cents: 40 30 20 15 10 5."
    )
    var level = 1

    @Option(
      help:
        "How intervals sound, one or more of \"up down harmonic\" (default up); scales \"up down\"; chords sound together."
    )
    var sounding: String?

    @Option(help: "How many questions, 1-500.")
    var count = 20

    @Option(help: "The same seed gives the same questions on any machine.")
    var seed: UInt64 = 1

    @Flag(help: "Chords in any inversion, answered with it: \"maj inv1\", \"m7, third inversion\".")
    var inversions = false

    @Option(help: "Every note within this range, as C3-C5 (default: the lowest note C3 to C5).")
    var range: String?

    @Option(help: "Every question on this root, as F#3.")
    var root: String?

    @Option(
      help: "Degrees asked in a row after each cadence, 1-3, answered on one line: \"1 b3 5\".")
    var notes = 1

    @Flag(help: "Print JSON.")
    var json = false

    var options: HeadlessEar.Options {
      HeadlessEar.Options(
        exercise: exercise, items: items, level: level, soundings: sounding, count: count,
        seed: seed, inversions: inversions, range: range, root: root, notes: notes)
    }
  }

  struct Quiz: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Print the questions (notes, MIDI numbers, their place in the WAV, the right answer); with --audio-out, render them."
    )

    @OptionGroup var quiz: QuizOptions

    // --audio-out is the session's option: the root command has it too, and takes it wherever
    // it is written.
    @OptionGroup var session: SessionOptions

    @Flag(help: "Replace the --audio-out file if it exists.")
    var force = false

    func run() throws {
      let (exercise, questions) = try HeadlessEar.questions(quiz.options)
      let environment = ProcessInfo.processInfo.environment
      let isUTF8 = TerminalLocale.adopt(environment: environment).isUTF8
      let (strings, _, _) = try Launcher.noteWords(environment: environment, isUTF8: isUTF8)
      // WOODSHED_SOUNDFONT chooses another General MIDI SoundFont than Debian's TimGM6mb.
      let soundFonts = environment["WOODSHED_SOUNDFONT"].map { [$0] } ?? SoundFontSynth.searchPaths
      if let audioOut = session.audioOut,
        let reason = try HeadlessEar.write(
          questions, to: URL(fileURLWithPath: audioOut), overwrite: force, soundFonts: soundFonts)
      {
        warn("no SoundFont piano (\(reason)): the built-in piano plays")
      }
      Ear.sayText(
        quiz.json
          ? try HeadlessEar.quizJSON(exercise, questions, seed: quiz.seed, strings: strings)
          : HeadlessEar.quizText(questions, strings: strings), isUTF8: isUTF8 || quiz.json)
    }
  }

  struct Grade: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Grade typed answers, one a line, in any language or short form, or a dictation's or a rhythm's played answers (--audio-in), against the quiz with the same options."
    )

    @OptionGroup var quiz: QuizOptions

    @Option(
      help:
        "The answers, one a line; a dictation's notes on one line, \"C4 D4 E4\" or without octaves \"C D E\", in any naming; a rhythm's choice, a-d or 1-4."
    )
    var answers: String?

    // --audio-in is the session's option, as --audio-out is quiz's: a dictation's or a rhythm's played
    // melodies, one per question, each after a second of silence or more.
    @OptionGroup var session: SessionOptions

    func run() throws {
      let (exercise, questions) = try HeadlessEar.questions(quiz.options)
      let environment = ProcessInfo.processInfo.environment
      let isUTF8 = TerminalLocale.adopt(environment: environment).isUTF8
      let (strings, _, catalog) = try Launcher.noteWords(
        environment: environment, isUTF8: isUTF8)
      let verdicts: [HeadlessEar.Verdict]
      switch (answers, session.audioIn) {
      case (let answers?, nil):
        verdicts = try HeadlessEar.grade(
          questions, exercise: exercise, answersFile: URL(fileURLWithPath: answers),
          catalog: catalog)
      case (nil, let recording?):
        verdicts = try HeadlessEar.gradePlayed(
          questions, exercise: exercise, audioFile: URL(fileURLWithPath: recording))
      default:
        throw ValidationError("give one of --answers FILE and --audio-in FILE.wav")
      }
      Ear.sayText(
        quiz.json
          ? try HeadlessEar.gradeJSON(exercise, verdicts, seed: quiz.seed, strings: strings)
          : HeadlessEar.gradeText(verdicts, strings: strings), isUTF8: isUTF8 || quiz.json)
    }
  }
}
