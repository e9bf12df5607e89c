import Storage

extension Launcher {
  /// `woodshed rhythm`: the graded performance and the strings to print it in the user's
  /// language.
  public static func rhythm(
    environment: [String: String], request: HeadlessRhythm.Request,
    warn: (String) -> Void = { _ in }
  ) throws(Failure) -> (report: RhythmReport, strings: Localizer) {
    let ground = try prepare(environment: environment)
    let library = rhythmLibrary(ground)
    for problem in library.problems { ground.logger.warning("rhythm skipped: \(problem)") }
    let strings = ground.catalog.localizer(for: ground.loaded.settings.language)
    return (
      try HeadlessRhythm.grade(request, library: library, strings: strings, warn: warn), strings
    )
  }

  /// The shipped rhythm patterns and the user's own.
  static func rhythmLibrary(_ ground: Ground) -> RhythmLibrary {
    RhythmLibrary(
      builtIn: ground.assets.appendingPathComponent("rhythms", isDirectory: true),
      user: ground.paths.rhythmsFolder)
  }
}
