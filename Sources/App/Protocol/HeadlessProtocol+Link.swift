import FoundationEssentials
import Practice
import Storage

extension HeadlessProtocol {
  /// Seconds a take's span is widened by on each side when matched to the recorder's files.
  public static let linkTolerance = 5.0

  /// `protocol link NAME FOLDER`: names the recorder's file of every take that has none, from
  /// the Broadcast WAV files in `folder` (see `RecorderLinkPlan`), in lines by `author` added
  /// as one action under the journal's lock; with `dryRun` nothing is written. Returns the
  /// table of links and what was left, and a line for each file that could not be read.
  public static func link(
    _ name: String, folder: String, dryRun: Bool, tolerance: String?, by author: String?,
    store: ProtocolStore, strings: Localizer, at date: Date
  ) throws(Launcher.Failure) -> (text: String, problems: [String]) {
    var seconds = linkTolerance
    if let tolerance {
      guard let given = Double(tolerance), given.isFinite, (0...3600).contains(given) else {
        throw Launcher.Failure(description: "--tolerance is a number of seconds from 0 to 3600")
      }
      seconds = given
    }
    let recorder = try RecorderFolder.read(URL(fileURLWithPath: folder))
    var journal = try ProtocolJournal.open(name, store: store)
    let problems = journal.problems.map(strings.text) + recorder.problems
    func plan(_ session: ProtocolSession) -> RecorderLinkPlan {
      RecorderLinkPlan(
        session: session, files: recorder.files, tolerance: seconds,
        utcOffset: LocalTime.utcOffset(at:))
    }
    var made = plan(journal.session)
    if !dryRun {
      do {
        _ = try journal.add(
          by: author, store: store, at: date, utcOffset: LocalTime.utcOffset(at: date)
        ) { session in
          made = plan(session)
          return made.lines
        }
      } catch {
        throw error.said(in: strings)
      }
    }
    return (made.text(dryRun: dryRun), problems)
  }
}
