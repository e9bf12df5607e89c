import ArgumentParser
import Foundation
import NetClient
import Storage
import TerminalUI

/// `woodshed class create|join|list|recommend|progress|inbox|accept|finish`: a teacher's
/// classes on the server. Everything a teacher or another student wrote (names, messages) is
/// printed without control characters.
struct ClassCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "class", abstract: "Teach a class, or join one, through the server.",
    subcommands: [
      Create.self, Join.self, List.self, Recommend.self, Progress.self, Inbox.self, Accept.self,
      Finish.self, ChainCommand.self,
    ])

  /// The class the logged-in teacher teaches under `name`.
  static func taught(_ name: String, client: PracticeRoomClient, token: String, texts: Localizer)
    async throws -> ClassInfo
  {
    guard
      let found = try await client.classes(token: token).first(where: {
        $0.role == .teacher && $0.name == name
      })
    else {
      throw CommandFailure(TerminalText.message(texts.text("class.error.noClass", ["name": name])))
    }
    return found
  }

  /// "2026-11-27 20:31 UTC", as the pack catalogue writes times.
  static func time(_ date: Date) -> String { PackCatalogue.time(date) }

  static func kind(_ kind: String, texts: Localizer) -> String { texts["class.kind.\(kind)"] }

  /// Prints the notices not read yet; a teacher sees them with their classes and progress.
  static func printNotices(client: PracticeRoomClient, token: String, texts: Localizer)
    async throws
  {
    let notices = try await client.classNotices(token: token)
    guard !notices.isEmpty else { return }
    print(texts["class.notices.title"])
    for notice in notices {
      print(
        TerminalText.message(
          "  "
            + texts.text(
              "class.notice.\(notice.event.rawValue)",
              [
                "player": notice.player, "item": notice.itemId, "name": notice.className,
                "time": time(notice.at),
              ])))
    }
  }

  struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a class you teach (teachers) and print the code its students join with.")

    @Argument(help: "The class's name, such as \"Tuesday guitar\".") var name: String

    func run() async throws {
      let texts = try WoodshedNet.texts()
      let (client, token) = try SharedPatterns.session()
      let made = try await client.createClass(name: name, token: token)
      print(
        TerminalText.message(
          texts.text("class.created", ["name": made.name, "code": made.joinCode ?? ""])))
    }
  }

  struct Join: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Join a class with the code its teacher gave you.")

    @Argument(help: "The class's code (case, spaces and hyphens do not matter).") var code: String

    func run() async throws {
      let texts = try WoodshedNet.texts()
      let (client, token) = try SharedPatterns.session()
      let joined = try await client.joinClass(code: code, token: token)
      print(
        TerminalText.message(
          texts.text("class.joined", ["name": joined.name, "teacher": joined.teacher])))
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The classes you teach and those you belong to, then your notices.")

    func run() async throws {
      let texts = try WoodshedNet.texts()
      let (client, token) = try SharedPatterns.session()
      let classes = try await client.classes(token: token)
      if classes.isEmpty {
        print(TerminalText.message(texts.text("class.list.none", ["server": client.server])))
      }
      for found in classes {
        let line =
          found.role == .teacher
          ? texts.text(
            "class.list.teaching",
            [
              "name": found.name, "count": String(found.students),
              "code": found.joinCode ?? "",
            ])
          : texts.text("class.list.member", ["name": found.name, "teacher": found.teacher])
        print(TerminalText.message(line))
      }
      try await ClassCommand.printNotices(client: client, token: token, texts: texts)
    }
  }

  struct Recommend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Recommend a pattern (or a pack, with --pack) to every student of a class.")

    @Argument(help: "The class's name, as `woodshed class list` shows it.") var name: String
    @Argument(help: "The pattern's id (or the pack's, with --pack).") var id: String
    @Option(help: "What the students read with it.") var message: String
    @Flag(help: "The id is a note pack's.") var pack = false
    @Option(help: "The interval-game level (1-6) that finishes a pattern by itself.")
    var level: Int?

    func run() async throws {
      let texts = try WoodshedNet.texts()
      let (client, token) = try SharedPatterns.session()
      let found = try await ClassCommand.taught(name, client: client, token: token, texts: texts)
      let made = try await client.recommend(
        classID: found.id, pack: pack, itemID: id, message: message, level: level, token: token)
      print(
        TerminalText.message(
          texts.text(
            "class.recommended",
            [
              "item": made.itemId, "kind": ClassCommand.kind(made.kind.rawValue, texts: texts),
              "name": found.name, "count": String(found.students),
            ])))
    }
  }

  struct Progress: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Each student's state and progress on what you recommended to a class.")

    @Argument(help: "The class's name, as `woodshed class list` shows it.") var name: String
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
      let texts = try WoodshedNet.texts()
      let (client, token) = try SharedPatterns.session()
      let found = try await ClassCommand.taught(name, client: client, token: token, texts: texts)
      let progress = try await client.classProgress(classID: found.id, token: token)
      if json {
        let notices = try await client.classNotices(token: token)
        print(
          String(
            decoding: try Self.json(progress, notices: notices, server: client.server),
            as: UTF8.self))
        return
      }
      print(
        TerminalText.message(
          texts.text(
            "class.progress.title",
            ["name": progress._class.name, "count": String(progress._class.students)])))
      if progress.recommendations.isEmpty {
        print(TerminalText.message(texts.text("class.progress.none", ["name": found.name])))
      }
      for entry in progress.recommendations {
        print(ClassCommand.heading(entry.recommendation, texts: texts))
        for student in entry.students { print(Self.line(student, texts: texts)) }
      }
      try await ClassCommand.printNotices(client: client, token: token, texts: texts)
    }

    static func line(_ student: StudentProgressInfo, texts: Localizer) -> String {
      let state = texts["class.state.\(student.state.rawValue)"]
      guard student.games > 0 else {
        return TerminalText.message(
          "  " + texts.text("class.progress.noGames", ["player": student.player, "state": state]))
      }
      return TerminalText.message(
        "  "
          + texts.text(
            student.levelReached == nil ? "class.progress.sessions" : "class.progress.student",
            [
              "player": student.player, "state": state, "games": String(student.games),
              "minutes": String(Int((student.secondsPractised / 60).rounded(.up))),
              "accuracy": String(Int((student.bestAccuracy ?? 0).rounded())),
              "level": String(student.levelReached ?? 0),
            ]))
    }

    /// `{"server", "class", "recommendations", "notices"}` as the API gives them; JSON escapes
    /// control characters.
    static func json(_ progress: ClassProgressInfo, notices: [ClassNoticeInfo], server: String)
      throws -> Data
    {
      struct Document: Encodable {
        let server: String
        let `class`: ClassInfo
        let recommendations: [RecommendationProgressInfo]
        let notices: [ClassNoticeInfo]
      }
      let encoder = JSONEncoder()
      encoder.dateEncodingStrategy = .iso8601
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return try encoder.encode(
        Document(
          server: server, class: progress._class, recommendations: progress.recommendations,
          notices: notices))
    }
  }

  /// "my-sixth (pattern, level 2) from tia, 2026-11-27 20:31 UTC: \"slowly\"": one line.
  static func heading(_ recommendation: ClassRecommendationInfo, texts: Localizer) -> String {
    var kind = ClassCommand.kind(recommendation.kind.rawValue, texts: texts)
    if let level = recommendation.level {
      kind += ", " + texts.text("class.level", ["level": String(level)])
    }
    return TerminalText.message(
      texts.text(
        "class.recommendation",
        [
          "item": recommendation.itemId, "kind": kind, "time": time(recommendation.createdAt),
          "message": oneLine(recommendation.message),
        ]))
  }

  /// A message another person wrote, on one line: its line breaks become spaces.
  static func oneLine(_ text: String) -> String {
    TerminalText.printable(text).split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  struct Inbox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "What your teachers recommended to you, numbered for `class accept N`.")

    func run() async throws {
      let texts = try WoodshedNet.texts()
      let (client, token) = try SharedPatterns.session()
      let items = try await client.classInbox(token: token)
      if items.isEmpty { print(texts["class.inbox.none"]) }
      for (index, item) in items.enumerated() {
        let state =
          item.finishedAt != nil
          ? "finished" : item.acceptedAt != nil ? "accepted" : "new"
        print(
          TerminalText.message(
            texts.text(
              "class.inbox.line",
              [
                "number": String(index + 1), "teacher": item.teacher, "name": item.className,
                "state": texts["class.state.\(state)"],
              ])))
        print("   " + heading(item.recommendation, texts: texts))
      }
    }
  }

  /// The recommendation numbered `number` in the inbox.
  static func inboxItem(_ number: Int, client: PracticeRoomClient, token: String, texts: Localizer)
    async throws -> ClassInboxItem
  {
    let items = try await client.classInbox(token: token)
    guard number >= 1, number <= items.count else {
      throw CommandFailure(
        texts.text("class.error.number", ["number": String(number), "count": String(items.count)]))
    }
    return items[number - 1]
  }

  /// Tells the server the player accepted or finished recommendation `number` of the inbox,
  /// and prints what the teacher is told.
  static func answer(
    _ number: Int, with call: (PracticeRoomClient, String, String) async throws -> ClassInboxItem,
    saying key: String
  ) async throws {
    let texts = try WoodshedNet.texts()
    let (client, token) = try SharedPatterns.session()
    let item = try await ClassCommand.inboxItem(number, client: client, token: token, texts: texts)
    let answered = try await call(client, item.recommendation.id, token)
    print(
      TerminalText.message(
        texts.text(
          key, ["item": answered.recommendation.itemId, "teacher": answered.teacher])))
  }

  struct Accept: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Accept recommendation N of `woodshed class inbox`; your teacher is told.")

    @Argument(help: "The recommendation's number in `woodshed class inbox`.") var number: Int

    func run() async throws {
      try await ClassCommand.answer(
        number, with: { try await $0.acceptRecommendation(id: $1, token: $2) },
        saying: "class.accepted")
    }
  }

  struct Finish: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Mark recommendation N of `woodshed class inbox` finished; your teacher is told.")

    @Argument(help: "The recommendation's number in `woodshed class inbox`.") var number: Int

    func run() async throws {
      try await ClassCommand.answer(
        number, with: { try await $0.finishRecommendation(id: $1, token: $2) },
        saying: "class.finished")
    }
  }
}
