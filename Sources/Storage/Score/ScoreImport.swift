import Files
import FoundationEssentials

/// Why a score file cannot be read, in words for a one-line error.
struct ScoreFormatError: Error {
  let reason: String
}

/// Bar maps imported from MusicXML: `.musicxml` and `.xml` files in UTF-8 or UTF-16, and
/// compressed `.mxl` archives (recognised by their content, whatever their name).
public enum ScoreImport {
  /// The movements of the score at `url`; a file that cannot be read or used is refused in
  /// one line naming it.
  public static func read(_ url: URL) throws(StorageError) -> [ImportedMovement] {
    let file = url.lastPathComponent
    let bytes: [UInt8]
    do {
      // As bytes at once: a score may be tens of megabytes, and a copy would double them.
      bytes = try RegularFile(url, as: .score).readAll(as: [UInt8].self)
    } catch {
      throw .cannotRead(file: file, reason: error.description)
    }
    do {
      return try movements(in: bytes, fallbackTitle: url.deletingPathExtension().lastPathComponent)
    } catch {
      throw .malformed(file: file, reason: error.reason)
    }
  }

  /// The movements in a score file's bytes; `fallbackTitle` names a score without a title.
  static func movements(in bytes: [UInt8], fallbackTitle: String) throws(ScoreFormatError)
    -> [ImportedMovement]
  {
    let document = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) ? try rootFile(of: bytes) : bytes
    return try MusicXMLReader.read(ScoreText.decode(document), fallbackTitle: fallbackTitle)
  }

  /// The score inside an `.mxl` archive: the root file `META-INF/container.xml` names, or
  /// failing that the first MusicXML file outside `META-INF`.
  private static func rootFile(of bytes: [UInt8]) throws(ScoreFormatError) -> [UInt8] {
    let archive = try ZipArchive(bytes)
    var name: String?
    if let container = archive.entries.first(where: { $0.name == "META-INF/container.xml" }) {
      var tokenizer = XMLTokenizer(try ScoreText.decode(archive.contents(of: container)))
      do {
        while name == nil, let token = try tokenizer.next() {
          if case .start("rootfile", let attributes) = token { name = attributes["full-path"] }
        }
      } catch {
        throw ScoreFormatError(reason: "META-INF/container.xml: \(error.description)")
      }
    }
    let entry =
      if let name {
        archive.entries.first { $0.name == name }
      } else {
        archive.entries.first {
          !$0.name.hasPrefix("META-INF/")
            && ($0.name.hasSuffix(".musicxml") || $0.name.hasSuffix(".xml"))
        }
      }
    guard let entry else {
      throw ScoreFormatError(
        reason: "the archive holds no MusicXML score\(name.map { " (\($0))" } ?? "")")
    }
    return try archive.contents(of: entry)
  }
}
