import Glibc

/// What the C library makes of the session's locale. Unicode can reach the terminal only when
/// the C library accepts the locale the environment names and its character set is UTF-8: a
/// UTF-8 *name* the box has not generated (`LANG=en_US.UTF-8` sent over SSH) leaves it in the
/// C locale, where curses can encode nothing but ASCII.
public struct TerminalLocale: Equatable, Sendable {
  /// The locale the environment names for characters (LC_ALL, then LC_CTYPE, then LANG).
  public var name: String?
  /// Whether the C library accepted the locale for characters.
  public var isAccepted: Bool
  /// The character set in effect, as `nl_langinfo(CODESET)` says it ("UTF-8", "ANSI_X3.4-1968").
  public var codeset: String

  public init(name: String?, isAccepted: Bool, codeset: String) {
    self.name = name
    self.isAccepted = isAccepted
    self.codeset = codeset
  }

  public var isUTF8: Bool { codeset == "UTF-8" }

  /// The name promises UTF-8 but the C library does not have that locale: the case `doctor`
  /// explains, with the command that generates it.
  public var isUTF8NameNotGenerated: Bool {
    !isAccepted && (name.map(Self.namesUTF8) ?? false)
  }

  /// Sets the process's locale from its environment, as curses needs before it starts, and
  /// says what came of it. When the whole locale is refused (often one category naming a
  /// locale the box lacks) the character category alone is tried, since it alone decides what
  /// the terminal can be sent. System error texts (strerror, PulseAudio's) stay in the C
  /// locale's English: the interface speaks through Woodshed's own locale files, and a libc
  /// message in the session's language would break into it ("Conexión negada").
  public static func adopt(environment: [String: String]) -> TerminalLocale {
    let isAccepted = setlocale(LC_ALL, "") != nil || setlocale(LC_CTYPE, "") != nil
    setlocale(LC_MESSAGES, "C")
    return TerminalLocale(
      name: characterLocaleName(environment), isAccepted: isAccepted,
      codeset: String(cString: nl_langinfo(nl_item(CODESET))))
  }

  /// The locale that decides the character set, as the C library picks it.
  public static func characterLocaleName(_ environment: [String: String]) -> String? {
    ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
  }

  private static func namesUTF8(_ name: String) -> Bool {
    name.lowercased().filter { $0 != "-" }.contains("utf8")
  }
}
