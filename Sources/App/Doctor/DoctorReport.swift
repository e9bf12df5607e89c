import AudioModel
import FoundationEssentials
import Storage
import TerminalUI

/// What `woodshed doctor` found out about this machine: the first thing to run on a new SSH box.
/// Gathered by the executable; formatting is pure so it can be tested.
public struct DoctorReport: Equatable, Sendable {
  public struct Folder: Equatable, Sendable {
    public var role: String
    public var path: String
    public var isWritable: Bool
    public var reason: String

    public init(role: String, path: String, isWritable: Bool, reason: String) {
      self.role = role
      self.path = path
      self.isWritable = isWritable
      self.reason = reason
    }
  }

  public var version: String
  /// nil when standard output is not a terminal.
  public var terminalSize: Size?
  public var term: String?
  public var locale: String?
  public var isUTF8: Bool
  /// The locale's name says UTF-8 but the box has not generated it: ASCII until it is.
  public var isLocaleMissing: Bool
  /// Logged in over SSH (`SSH_CONNECTION` set), where no sound server runs unless the box shares
  /// one.
  public var isRemote: Bool
  /// The language chosen, when its script cannot be shown without UTF-8 and English is spoken
  /// instead.
  public var unshownLanguage: String?
  public var glyphs: GlyphSet.Kind
  /// Colours the terminal type declares in terminfo; nil when the type is unknown.
  public var colorCount: Int?
  /// False for a known type that cannot place the cursor (`dumb`), where no screen can be drawn.
  public var canMoveCursor: Bool
  public var noColor: Bool
  public var folders: [Folder]
  public var settingsNotices: [SettingsNotice]
  public var pulseServer: String?
  public var audio: AudioStatus
  /// The latest metronome runs through the server, oldest first.
  public var recentPlayback: [PlaybackRecord]
  public var midi: MIDIStatus

  /// What the ALSA sequencer offers for MIDI input.
  public enum MIDIStatus: Equatable, Sendable {
    /// The ports that can play in, as "name (address)".
    case ports([String])
    /// The sequencer cannot be opened, and why.
    case unavailable(String)
  }

  public static let playbackRunsShown = 10

  public init(
    version: String, terminalSize: Size?, term: String?, locale: String?, isUTF8: Bool,
    isLocaleMissing: Bool = false, isRemote: Bool = false, unshownLanguage: String? = nil,
    glyphs: GlyphSet.Kind, colorCount: Int?, canMoveCursor: Bool = true, noColor: Bool,
    folders: [Folder],
    settingsNotices: [SettingsNotice], pulseServer: String?, audio: AudioStatus,
    recentPlayback: [PlaybackRecord] = [], midi: MIDIStatus = .ports([])
  ) {
    self.version = version
    self.terminalSize = terminalSize
    self.term = term
    self.locale = locale
    self.isUTF8 = isUTF8
    self.isLocaleMissing = isLocaleMissing
    self.isRemote = isRemote
    self.unshownLanguage = unshownLanguage
    self.glyphs = glyphs
    self.colorCount = colorCount
    self.canMoveCursor = canMoveCursor
    self.noColor = noColor
    self.folders = folders
    self.settingsNotices = settingsNotices
    self.pulseServer = pulseServer
    self.audio = audio
    self.recentPlayback = recentPlayback
    self.midi = midi
  }

  /// Problems that stop Woodshed from working well. Missing audio on the box's own screen is
  /// not one (everything visual still works, and the server may just be starting); missing
  /// audio over SSH is: a login has no sound server unless the box shares one, and that takes
  /// its admin.
  public var problems: [String] {
    var found: [String] = []
    if let size = terminalSize, !size.fits(.minimum) { found.append("terminal") }
    if !canMoveCursor { found.append("TERM") }
    for folder in folders where !folder.isWritable { found.append(folder.role) }
    if hasNoSoundOverSSH { found.append("audio") }
    return found
  }

  private var hasNoSoundOverSSH: Bool {
    guard isRemote, case .unavailable = audio else { return false }
    return true
  }

  public func text(_ strings: Localizer) -> String {
    var rows: [(String, String)] = []
    rows.append((strings.text("doctor.version"), version))
    let sizeText =
      terminalSize.map { size in
        size.fits(.minimum)
          ? size.description
          : strings.text(
            "doctor.terminal.tooSmall",
            ["size": size.description, "minimum": Size.minimum.description])
      } ?? strings.text("doctor.terminal.none")
    rows.append((strings.text("doctor.terminal"), sizeText))
    let termText =
      canMoveCursor
      ? term ?? strings.text("doctor.unset")
      : strings.text("doctor.term.noCursor", ["term": term ?? ""])
    rows.append((strings.text("doctor.term"), termText))
    let localeName = locale ?? strings.text("doctor.unset")
    rows.append(
      (
        strings.text("doctor.utf8"),
        strings.text(
          isUTF8
            ? "doctor.utf8.yes" : isLocaleMissing ? "doctor.utf8.notGenerated" : "doctor.utf8.no",
          ["locale": localeName])
      ))
    rows.append((strings.text("doctor.glyphs"), strings.text("glyphs.\(glyphs.rawValue)")))
    let colours: String
    if noColor {
      colours = strings.text("doctor.colours.noColor")
    } else if let colorCount {
      colours = "\(colorCount)"
    } else {
      colours = strings.text("doctor.colours.unknown")
    }
    rows.append((strings.text("doctor.colours"), colours))
    for folder in folders {
      let state = folder.isWritable ? strings.text("doctor.writable") : folder.reason
      rows.append((strings.text("doctor.folder.\(folder.role)"), "\(folder.path) (\(state))"))
    }
    let settingsText =
      settingsNotices.isEmpty
      ? strings.text("doctor.ok")
      : settingsNotices.map { strings.text($0.message) }.joined(separator: " ")
    rows.append((strings.text("doctor.settings"), settingsText))
    rows.append((strings.text("doctor.pulseServer"), pulseServer ?? strings.text("doctor.default")))
    rows.append((strings.text("doctor.audio"), audioText(strings)))
    rows.append((strings.text("doctor.underruns"), playbackText(strings)))
    let midiText =
      switch midi {
      case .ports(let ports) where ports.isEmpty: strings.text("doctor.midi.none")
      case .ports(let ports): ports.joined(separator: ", ")
      case .unavailable(let reason): reason
      }
    rows.append((strings.text("doctor.midi"), midiText))

    let labelWidth = rows.map { $0.0.displayWidth }.max() ?? 0
    var out = rows.map { $0.0.padded(toWidth: labelWidth) + "  " + $0.1 }
    if let unshownLanguage {
      out.append(strings.text("notice.languageNeedsUTF8", ["language": unshownLanguage]))
    }
    if hasNoSoundOverSSH { out.append(strings.text("doctor.audio.ssh")) }
    if !problems.isEmpty {
      out.append(strings.text("doctor.problems", ["count": "\(problems.count)"]))
    }
    return out.joined(separator: "\n") + "\n"
  }

  private func audioText(_ strings: Localizer) -> String {
    switch audio {
    case .checking:
      return strings.text("audio.checking")
    case .available(let info):
      return strings.text(
        "doctor.audio.available",
        [
          "server": info.serverName, "version": info.serverVersion, "sink": info.defaultSink,
          "rate": "\(info.sampleRate)",
        ])
    case .unavailable(let reason):
      return strings.text(
        "audio.unavailable", ["reason": AudioReasonText.text(reason, strings)])
    }
  }

  private func playbackText(_ strings: Localizer) -> String {
    guard let last = recentPlayback.last else { return strings.text("doctor.underruns.none") }
    let minutes = recentPlayback.reduce(0) { $0 + $1.seconds } / 60
    return strings.text(
      "doctor.underruns.summary",
      [
        "underruns": "\(recentPlayback.reduce(0) { $0 + $1.underruns })",
        "runs": "\(recentPlayback.count)", "minutes": "\(Int(minutes.rounded(.up)))",
        "lastUnderruns": "\(last.underruns)", "lastEnded": UTCTimestamp(last.endedAt).extended,
      ])
  }

  public func json() -> String {
    let audioJSON: AudioJSON
    switch audio {
    case .checking:
      audioJSON = AudioJSON(available: false, reason: "not checked")
    case .available(let info):
      audioJSON = AudioJSON(
        available: true, server: info.serverName, serverVersion: info.serverVersion,
        defaultSink: info.defaultSink, sampleRate: info.sampleRate)
    case .unavailable(let reason):
      audioJSON = AudioJSON(available: false, reason: reason)
    }
    let document = ReportJSON(
      version: version, terminal: terminalSize.map { SizeJSON(width: $0.width, height: $0.height) },
      term: term, locale: locale, utf8: isUTF8, localeMissing: isLocaleMissing, ssh: isRemote,
      glyphs: glyphs.rawValue, colors: colorCount, noColor: noColor,
      folders: folders.map {
        FolderJSON(role: $0.role, path: $0.path, writable: $0.isWritable, reason: $0.reason)
      },
      settingsNotices: settingsNotices.map(\.description), pulseServer: pulseServer,
      audio: audioJSON,
      recentPlayback: recentPlayback.map {
        PlaybackJSON(
          ended: UTCTimestamp($0.endedAt).extended, seconds: $0.seconds, underruns: $0.underruns)
      },
      midi: {
        switch midi {
        case .ports(let ports): MIDIJSON(available: true, ports: ports, reason: nil)
        case .unavailable(let reason): MIDIJSON(available: false, ports: [], reason: reason)
        }
      }(),
      problems: problems)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

/// The shape of `woodshed doctor --json`. Absent facts are `null`, never left out.
private struct ReportJSON: Encodable {
  var version: String
  var terminal: SizeJSON?
  var term: String?
  var locale: String?
  var utf8: Bool
  var localeMissing: Bool
  var ssh: Bool
  var glyphs: String
  var colors: Int?
  var noColor: Bool
  var folders: [FolderJSON]
  var settingsNotices: [String]
  var pulseServer: String?
  var audio: AudioJSON
  var recentPlayback: [PlaybackJSON]
  var midi: MIDIJSON
  var problems: [String]

  enum CodingKeys: String, CodingKey {
    case version, terminal, term, locale, utf8, localeMissing, ssh, glyphs, colors, noColor
    case folders
    case settingsNotices, pulseServer, audio, recentPlayback, midi, problems
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(terminal, forKey: .terminal)
    try container.encode(term, forKey: .term)
    try container.encode(locale, forKey: .locale)
    try container.encode(utf8, forKey: .utf8)
    try container.encode(localeMissing, forKey: .localeMissing)
    try container.encode(ssh, forKey: .ssh)
    try container.encode(glyphs, forKey: .glyphs)
    try container.encode(colors, forKey: .colors)
    try container.encode(noColor, forKey: .noColor)
    try container.encode(folders, forKey: .folders)
    try container.encode(settingsNotices, forKey: .settingsNotices)
    try container.encode(pulseServer, forKey: .pulseServer)
    try container.encode(audio, forKey: .audio)
    try container.encode(recentPlayback, forKey: .recentPlayback)
    try container.encode(midi, forKey: .midi)
    try container.encode(problems, forKey: .problems)
  }
}

/// The ALSA sequencer: the ports that can play in, or why there is none.
private struct MIDIJSON: Encodable {
  var available: Bool
  var ports: [String]
  var reason: String?

  enum CodingKeys: String, CodingKey { case available, ports, reason }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(available, forKey: .available)
    try container.encode(ports, forKey: .ports)
    try container.encode(reason, forKey: .reason)
  }
}

private struct PlaybackJSON: Encodable {
  var ended: String
  var seconds: Double
  var underruns: Int
}

private struct SizeJSON: Encodable {
  var width: Int
  var height: Int
}

private struct FolderJSON: Encodable {
  var role: String
  var path: String
  var writable: Bool
  var reason: String
}

private struct AudioJSON: Encodable {
  var available: Bool
  var reason: String?
  var server: String?
  var serverVersion: String?
  var defaultSink: String?
  var sampleRate: Int?
}
