import Files
import FoundationEssentials

/// A player's own file read whole, as bytes, for a copy kept elsewhere (`woodshed sync`):
/// opened as every file a user can name is, with `byteLimit` checked before anything is read.
public enum PlayerFile {
  public static func read(_ url: URL, byteLimit: Int) throws(StorageError) -> Data {
    do throws(FileError) {
      return try RegularFile.read(url, as: FileKind(noun: "backup item", byteLimit: byteLimit))
    } catch {
      throw .cannotRead(file: url.lastPathComponent, reason: error.description)
    }
  }
}
