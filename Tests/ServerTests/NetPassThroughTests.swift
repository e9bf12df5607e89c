import Foundation
import TerminalHarness
import XCTest

/// `woodshed serve`, `account`, `login`, `logout` and the other net commands run the sibling `woodshed-net`, and every
/// failure a user meets is one line.
final class NetPassThroughTests: XCTestCase {
  func testServeHelpIsTheRealHelp() throws {
    let home = try NetHome()
    defer { home.remove() }
    let help = try home.run(["serve", "--help"])
    XCTAssertEqual(help.status, 0, help.error)
    XCTAssertTrue(help.output.contains("USAGE: woodshed serve"), help.output)
    XCTAssertTrue(help.output.contains("--listen"), help.output)
    XCTAssertTrue(help.output.contains("role"), help.output)
  }

  func testScoresAndLeaderboardRunTheSibling() throws {
    let home = try NetHome()
    defer { home.remove() }
    let scores = try home.run(["scores", "send", "--help"])
    XCTAssertEqual(scores.status, 0, scores.error)
    XCTAssertTrue(scores.output.contains("USAGE: woodshed scores send"), scores.output)
    let board = try home.run(["leaderboard", "--help"])
    XCTAssertEqual(board.status, 0, board.error)
    XCTAssertTrue(board.output.contains("--pattern <pattern>"), board.output)
    XCTAssertTrue(board.output.contains("--packs <packs>"), board.output)
    let unknown = try home.run(["leaderboard", "--game", "bowling", "--pattern", "x"])
    XCTAssertNotEqual(unknown.status, 0)
    XCTAssertTrue(unknown.error.contains("'bowling'"), unknown.error)
    let mixed = try home.run(["leaderboard", "--game", "rhythm", "--pattern", "x"])
    XCTAssertEqual(mixed.status, 2)
    XCTAssertEqual(
      mixed.error,
      "Error: --game rhythm takes --line ID,ID..., --bpm N and --bars N, and no --pattern or --packs\n"
    )
    let badPack = try home.run(["leaderboard", "--game", "drill", "--packs", "Treble,"])
    XCTAssertEqual(badPack.status, 1)
    XCTAssertEqual(badPack.error, "Error: a pack id has lower-case letters, digits and hyphens\n")
    for command in [
      ["scores", "send"], ["leaderboard", "--game", "interval", "--pattern", "minor-pentatonic-1"],
      ["leaderboard", "--game", "streak", "--packs", "treble-staff"],
      ["leaderboard", "--family", "scales"], ["stats"],
    ] {
      let nobody = try home.run(command)
      XCTAssertEqual(nobody.status, 1)
      XCTAssertEqual(nobody.error, "Error: not logged in: run woodshed login NAME --server URL\n")
    }
  }

  func testRateAndCommentsRunTheSibling() throws {
    let home = try NetHome()
    defer { home.remove() }
    let help = try home.run(["comments", "--help"])
    XCTAssertEqual(help.status, 0, help.error)
    XCTAssertTrue(help.output.contains("USAGE: woodshed comments <subcommand>"), help.output)
    let neither = try home.run(["rate", "7k2mq9xrt4hvn3bd"])
    XCTAssertEqual(neither.status, 2)
    XCTAssertEqual(neither.error, "Error: give the stars (1 to 5), or --remove without them\n")
    for command in [
      ["rate", "7k2mq9xrt4hvn3bd", "4"], ["comments", "7k2mq9xrt4hvn3bd"],
      ["comments", "hide", "7k2mq9xrt4hvn3bd", "cy", "--class", "Tuesday guitar"],
    ] {
      let nobody = try home.run(command)
      XCTAssertEqual(nobody.status, 1, command.joined(separator: " "))
      XCTAssertEqual(nobody.error, "Error: not logged in: run woodshed login NAME --server URL\n")
    }
  }

  func testNewsRunsTheSibling() throws {
    let home = try NetHome()
    defer { home.remove() }
    let help = try home.run(["news", "--help"])
    XCTAssertEqual(help.status, 0, help.error)
    XCTAssertTrue(
      help.output.contains("USAGE: woodshed news [--json] [--all] [--keep]"), help.output)
    let unknown = try home.run(["news", "--unread"])
    XCTAssertEqual(unknown.status, 64)
    XCTAssertTrue(unknown.error.contains("'--unread'"), unknown.error)
    for command in [["news"], ["news", "--all", "--json"], ["news", "--keep"]] {
      let nobody = try home.run(command)
      XCTAssertEqual(nobody.status, 1, command.joined(separator: " "))
      XCTAssertEqual(nobody.error, "Error: not logged in: run woodshed login NAME --server URL\n")
    }
  }

  func testSyncRunsTheSibling() throws {
    let home = try NetHome()
    defer { home.remove() }
    let help = try home.run(["sync", "--help"])
    XCTAssertEqual(help.status, 0, help.error)
    XCTAssertTrue(help.output.contains("USAGE: woodshed sync [--restore] [--force]"), help.output)
    for command in [["sync"], ["sync", "--restore"]] {
      let nobody = try home.run(command)
      XCTAssertEqual(nobody.status, 1)
      XCTAssertEqual(nobody.error, "Error: not logged in: run woodshed login NAME --server URL\n")
    }
    let forceAlone = try home.run(["sync", "--force"])
    XCTAssertNotEqual(forceAlone.status, 0)
    XCTAssertTrue(
      forceAlone.error.hasPrefix("Error: --force goes with --restore\n"), forceAlone.error)
  }

  func testAMissingSiblingIsOneLineNamingIt() throws {
    let home = try NetHome()
    defer { home.remove() }
    let alone = home.folder.appendingPathComponent("woodshed")
    try FileManager.default.copyItem(atPath: NetHome.woodshed, toPath: alone.path)
    let result = try home.run(["login", "amy"], executable: alone.path)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.error,
      "Error: cannot run \(home.folder.path)/woodshed-net (No such file or directory): "
        + "it comes with woodshed, in the same folder\n")
  }

  func testAServerThatIsDownIsOneLine() throws {
    let home = try NetHome()
    defer { home.remove() }
    let server = try ServerProcess(home: home, database: "sqlite:\(home.folder.path)/s.sqlite")
    let url = server.url
    XCTAssertEqual(server.stop(), 0)
    let login = try home.run(
      ["login", "amy", "--server", url, "--password-stdin"], input: "a long password")
    XCTAssertEqual(login.status, 1)
    XCTAssertEqual(
      login.error, "Error: could not reach the server at \(url): is woodshed serve running there?\n"
    )
  }

  /// A player's account, their empty lists and the failures to reach the server are said in
  /// the session's language, as the class commands are.
  func testTheAccountLinesAreInThePlayersLanguage() throws {
    let home = try NetHome()
    defer { home.remove() }
    var spanish = home.environment
    spanish["LANG"] = "es_ES.UTF-8"
    func run(_ arguments: [String], input: String = "") throws -> (
      status: Int32, output: String, error: String
    ) {
      try CommandRun.run(NetHome.woodshed, arguments, environment: spanish, input: input)
    }
    let server = try ServerProcess(home: home, database: "sqlite:\(home.folder.path)/s.sqlite")
    let url = server.url
    let said: [([String], String)] = [
      (
        ["account", "create", "amy", "--server", url, "--password-stdin"],
        "creada la cuenta amy (player) en \(url); inicia sesión con: woodshed login amy "
          + "--server \(url)"
      ),
      (
        ["login", "amy", "--server", url, "--password-stdin"], "sesión iniciada como amy en \(url)"
      ),
      (["account"], "amy (player) en \(url)"),
      (
        ["library", "list"],
        "la biblioteca aún no tiene patrones: sugiere los tuyos con woodshed library suggest"
      ),
      (["packs", "browse"], "el catálogo de \(url) aún no tiene paquetes"),
      (["scores", "send"], "nada nuevo"),
      (
        ["leaderboard", "--game", "interval", "--pattern", "minor-pentatonic-1"],
        "aún no hay puntuaciones en minor-pentatonic-1"
      ),
      (["sync"], "copiados 0 archivos en \(url) (0 sin cambios)"),
    ]
    for (arguments, line) in said {
      let result = try run(arguments, input: "a long password")
      XCTAssertEqual(result.status, 0, "\(arguments): \(result.error)")
      XCTAssertEqual(result.output, line + "\n", "\(arguments)")
    }
    let unknown = try run(["patterns", "share", "nope"])
    XCTAssertEqual(
      unknown.error,
      "Error: ningún patrón tiene el id \"nope\"; `woodshed patterns list` los muestra\n")
    let builtIn = try run(["patterns", "share", "minor-pentatonic-1"])
    XCTAssertEqual(
      builtIn.error,
      "Error: minor-pentatonic-1 viene con Woodshed: todos los músicos lo tienen ya\n")
    let patterns = home.folder.appendingPathComponent("data/patterns")
    try FileManager.default.createDirectory(at: patterns, withIntermediateDirectories: true)
    let mine = patterns.appendingPathComponent("mine.json")
    try Data("{}".utf8).write(to: mine)
    XCTAssertEqual(
      try run(["sync"]).output, "copiado 1 archivo en \(url) (0 sin cambios)\n", "one file")
    try Data("{ }".utf8).write(to: mine)
    let kept = try run(["sync", "--restore"])
    XCTAssertEqual(kept.status, 1)
    XCTAssertEqual(
      kept.error,
      "Error: data/patterns/mine.json aquí es distinto de la copia\n"
        + "no se ha restaurado nada: añade --force para reemplazar 1 archivo por la copia\n")
    XCTAssertEqual(try run(["logout"]).output, "sesión cerrada en \(url)\n")
    let nobody = try run(["account"])
    XCTAssertEqual(nobody.status, 1)
    XCTAssertEqual(
      nobody.error, "Error: no has iniciado sesión: ejecuta woodshed login NOMBRE --server URL\n")
    XCTAssertEqual(server.stop(), 0)
    let down = try run(["login", "amy", "--server", url, "--password-stdin"], input: "x")
    XCTAssertEqual(down.status, 1)
    XCTAssertEqual(
      down.error,
      "Error: no se pudo contactar con el servidor en \(url): ¿está woodshed serve en marcha "
        + "allí?\n")
    let wrong = try run(["login", "amy", "--server", "room:84", "--password-stdin"], input: "x")
    XCTAssertEqual(wrong.status, 1)
    XCTAssertEqual(
      wrong.error,
      "Error: no se puede usar room:84 como servidor: indica http://HOST:PUERTO\n")
  }

  /// `packs publish|browse|fetch` go to the sibling; `packs` and `packs add` stay local.
  func testOnlyThePackCatalogueCommandsNeedTheServer() throws {
    let home = try NetHome()
    defer { home.remove() }
    let file = home.folder.appendingPathComponent("mine.json")
    try ServerScenarios.packFile(id: "mine", name: "Mine").write(to: file)
    for arguments in [["publish", file.path], ["browse"], ["fetch", "mine"]] {
      let result = try home.run(["packs"] + arguments)
      XCTAssertEqual(result.status, 1, "\(arguments)")
      XCTAssertEqual(
        result.error, "Error: not logged in: run woodshed login NAME --server URL\n",
        "\(arguments)")
    }
    let added = try home.run(["packs", "add", file.path])
    XCTAssertEqual(added.status, 0, added.error)
    XCTAssertEqual(added.output, "added mine: Mine (6 notes, treble)\n")
    XCTAssertTrue(try home.run(["packs"]).output.contains("Mine (yours)"))
  }

  func testLogoutWithoutALoginIsOneLine() throws {
    let home = try NetHome()
    defer { home.remove() }
    let logout = try home.run(["logout"])
    XCTAssertEqual(logout.status, 1)
    XCTAssertEqual(logout.error, "Error: not logged in: run woodshed login NAME --server URL\n")
  }

  /// On a terminal the password is asked for and not echoed.
  func testOnATerminalThePasswordIsAskedForWithoutEcho() throws {
    let home = try NetHome()
    defer { home.remove() }
    let server = try ServerProcess(home: home, database: "sqlite:\(home.folder.path)/s.sqlite")
    let created = try home.run(
      ["account", "create", "amy", "--server", server.url, "--password-stdin"],
      input: "a long password")
    XCTAssertEqual(created.status, 0, created.error)
    let terminal = try PseudoTerminal(
      executable: NetHome.woodshed, arguments: ["login", "amy", "--server", server.url],
      environment: home.environment)
    XCTAssertTrue(terminal.waitForOutput(containing: "Password: ", timeout: .seconds(20)))
    terminal.send("a long password\r")
    XCTAssertEqual(terminal.waitForExit(timeout: .seconds(20)), 0, terminal.output)
    XCTAssertTrue(terminal.output.contains("logged in as amy"), terminal.output)
    XCTAssertFalse(terminal.output.contains("a long password"), "echoed: \(terminal.output)")
    XCTAssertEqual(server.stop(), 0)
  }

  func testAPasswordIsNeverTakenFromTheCommandLine() throws {
    let home = try NetHome()
    defer { home.remove() }
    let login = try home.run(["login", "amy"])
    XCTAssertNotEqual(login.status, 0)
    XCTAssertTrue(
      login.error.contains("give the password on standard input with --password-stdin"),
      login.error)
  }
}
