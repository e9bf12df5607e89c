import Storage
import XCTest

@testable import App
@testable import Storage

/// A storage refusal for want of permission is said in the player's language; the paths and
/// the commands to run stay as typed.
final class StorageErrorTextTests: XCTestCase {
  private func problem(
    owner: String? = "ana", isInGroup: Bool = true, isInSharedFolder: Bool = false
  ) -> PermissionProblem {
    PermissionProblem(
      path: "/srv/studio/data", owner: owner, ownerID: 40001, group: "studio",
      mode: "drwx------", isFolder: true, isInGroup: isInGroup, isInSharedFolder: isInSharedFolder)
  }

  func testAPermissionProblemIsSaidInSpanish() {
    let error = StorageError.permissionDenied(file: "session1", access: .read, problem: problem())
    XCTAssertEqual(
      AppFixtures.catalog.localizer(for: "es").text(of: error),
      "no se pudo leer session1: permiso denegado: /srv/studio/data es de ana (grupo studio, "
        + "drwx------); para compartirlo con el grupo, ana ejecuta: chmod -R g+rwX "
        + "'/srv/studio/data' && find '/srv/studio/data' -type d -exec chmod g+s {} +")
    let refusal = Launcher.Failure(protocol: "session1", error)
      .said(in: AppFixtures.catalog.localizer(for: "es"))
    XCTAssertTrue(refusal.description.hasPrefix("no se pudo leer session1: permiso denegado"))
  }

  /// English is worded as the log's description, in every form of the problem.
  func testEnglishReadsAsTheDescriptionInEveryForm() {
    let english = AppFixtures.catalog.localizer(for: "en")
    for access in [StorageError.Access.read, .save, .add] {
      for (inGroup, shared) in [(true, false), (true, true), (false, false), (false, true)] {
        for owner in ["ana", nil] {
          let error = StorageError.permissionDenied(
            file: "journal.jsonl", access: access,
            problem: problem(owner: owner, isInGroup: inGroup, isInSharedFolder: shared))
          XCTAssertEqual(english.text(of: error), error.description)
        }
      }
    }
  }

  /// An owner the box has no name for (a folder copied from another machine) is worded in the
  /// player's language too, as whose the path is and as who runs the fix.
  func testAnOwnerWithNoNameIsWordedInTheLanguage() {
    let error = StorageError.permissionDenied(
      file: "session1", access: .read, problem: problem(owner: nil))
    XCTAssertTrue(error.description.contains("is user 40001's"), error.description)
    XCTAssertTrue(error.description.contains("user 40001 runs"), error.description)
    let spanish = AppFixtures.catalog.localizer(for: "es").text(of: error)
    XCTAssertTrue(spanish.contains("es del usuario 40001 (grupo studio"), spanish)
    XCTAssertTrue(spanish.contains("el usuario 40001 ejecuta"), spanish)
    let russian = AppFixtures.catalog.localizer(for: "ru").text(of: error)
    XCTAssertTrue(russian.contains("принадлежит пользователю 40001"), russian)
    XCTAssertTrue(russian.contains("пользователь 40001 выполняет"), russian)
    let catalan = AppFixtures.catalog.localizer(for: "ca").text(of: error)
    XCTAssertTrue(catalan.contains("és de l'usuari 40001"), catalan)
    XCTAssertFalse(catalan.contains("user"), catalan)
  }

  func testEveryLanguageWordsItWithThePathAndTheFix() {
    let error = StorageError.permissionDenied(
      file: "settings.json", access: .save, problem: problem(isInGroup: false))
    for language in ["en", "es", "ca", "ru"] {
      let text = AppFixtures.catalog.localizer(for: language).text(of: error)
      XCTAssertFalse(text.contains("{"), "\(language): \(text)")
      XCTAssertTrue(text.contains("/srv/studio/data"), "\(language): \(text)")
      XCTAssertTrue(text.contains("usermod -aG studio"), "\(language): \(text)")
    }
    XCTAssertEqual(
      AppFixtures.catalog.localizer(for: "es").text(
        of: StorageError.cannotRead(file: "a", reason: "b")),
      "could not read a: b", "the others keep their English")
  }
}
