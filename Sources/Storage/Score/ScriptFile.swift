import Files
import FoundationEssentials

/// The text of a narration script (`protocol new --script FILE.md`): a regular file within the
/// script's size limit, in UTF-8 (a byte order mark is dropped). A file that is not text, such
/// as an audio file or a word processor's document named by mistake, is refused in one line
/// rather than imported as lines of noise.
public enum ScriptFile {
  public static func read(_ url: URL) throws(StorageError) -> String {
    let file = url.lastPathComponent
    var bytes: [UInt8]
    do {
      bytes = try RegularFile(url, as: .script).readAll(as: [UInt8].self)
    } catch {
      throw .cannotRead(file: file, reason: error.description)
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    // A NUL is valid UTF-8 but never in a text someone reads aloud: it marks a binary file.
    guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
      throw .malformed(file: file, reason: "it is not text in UTF-8")
    }
    return text
  }
}
