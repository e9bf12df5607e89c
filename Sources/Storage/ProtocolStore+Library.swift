import Files
import FoundationEssentials
import Glibc

/// Sorting the shelf: renaming a protocol, archiving it out of the everyday list and back, and
/// deleting it, which moves it to a trash folder and never removes a file. Archived protocols
/// are a store of their own in `.archive/`, deleted ones lie in `.trash/` as
/// `NAME.deleted-<UTC timestamp>/`: names never start with a dot, so neither is a protocol.
/// Each move is one `rename` of the protocol's folder, made holding its journal's lock, so no
/// line is appended halfway through it; a writer that was waiting for the lock then finds its
/// protocol gone and refuses its line (see `append`).
extension ProtocolStore {
  /// Why a move onto a name another protocol has is refused, for the app to say it in the
  /// user's language.
  public static let nameTaken = "a protocol of that name already exists"
  /// Why a move is refused while another terminal appends a line, for the same.
  public static let busy =
    "a line is being added to it in another terminal at this moment; try again"
  /// Why a name is refused for a new protocol or a rename, for the same.
  public static let invalidName = "a protocol's name is letters, digits, - _ and . (up to 64)"
  /// Why a line is not added to a protocol moved away while its writer waited for the lock.
  public static let goneMeanwhile = "it was renamed, archived or deleted meanwhile"
  /// Why a line is not added to a journal a sync replaced with its join while the writer
  /// waited for the lock: what the writer read of it is no longer where it was.
  public static let joinedMeanwhile = "lines from another machine were joined into it meanwhile"

  /// Why a protocol that is not there cannot be moved.
  public static let noSuchProtocol = "there is no such protocol"

  /// Why archived protocol `name` cannot be read or added to.
  public static func archivedReason(_ name: String) -> String {
    "it is archived; bring it back with `woodshed protocol unarchive \(name)`"
  }

  /// Why protocol `name`, which is not there, cannot be read or added to.
  public static func missingReason(_ name: String) -> String {
    "there is no such protocol; make it with `woodshed protocol new \(name)`"
  }

  /// The archived protocols.
  public var archived: ProtocolStore {
    ProtocolStore(folder: folder.appendingPathComponent(".archive", isDirectory: true))
  }

  /// Where deleted protocols are kept until the user empties it.
  public var trashFolder: URL {
    folder.appendingPathComponent(".trash", isDirectory: true)
  }

  /// When protocol `name` was made, from its `session.json`; nil if that cannot be read.
  public func created(_ name: String) -> Date? {
    guard exists(name), let data = try? RegularFile.read(sessionFile(name), as: .settings) else {
      return nil
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return (try? decoder.decode(Header.self, from: data))?.created
  }

  /// Gives protocol `name` the name `newName`, which must be free among the protocols and the
  /// archived ones. Its `session.json` keeps the name it was made under: the folder's name is
  /// the protocol's.
  public func rename(_ name: String, to newName: String) throws(StorageError) {
    guard Self.isValidName(newName) else {
      throw .cannotMove(file: name, to: newName, reason: Self.invalidName)
    }
    guard !exists(newName), !archived.exists(newName) else {
      throw .cannotMove(file: name, to: newName, reason: Self.nameTaken)
    }
    try move(name, to: folder.appendingPathComponent(newName, isDirectory: true), called: newName)
  }

  /// Moves protocol `name` out of the everyday list.
  public func archive(_ name: String) throws(StorageError) {
    let target = archived.folder.appendingPathComponent(name, isDirectory: true)
    try move(name, to: target, called: "the archive")
  }

  /// Moves archived protocol `name` back to the everyday list, if no protocol took its name.
  public func unarchive(_ name: String) throws(StorageError) {
    guard archived.exists(name) else {
      throw .cannotMove(
        file: name, to: "the protocols", reason: "there is no archived protocol of that name")
    }
    guard !exists(name) else {
      throw .cannotMove(
        file: name, to: "the protocols", reason: Self.nameTaken)
    }
    try archived.move(
      name, to: folder.appendingPathComponent(name, isDirectory: true), called: "the protocols")
  }

  /// Moves protocol `name`, or the archived one of that name, to the trash as
  /// `NAME.deleted-<UTC timestamp>`, and returns where it is now.
  @discardableResult
  public func moveToTrash(_ name: String, at date: Date) throws(StorageError) -> URL {
    let store = exists(name) || !archived.exists(name) ? self : archived
    let stem = "\(name).deleted-\(UTCTimestamp(date).compact)"
    var target = trashFolder.appendingPathComponent(stem, isDirectory: true)
    var copy = 1
    while Platform.fileExists(target.path) {
      copy += 1
      target = trashFolder.appendingPathComponent("\(stem)-\(copy)", isDirectory: true)
    }
    try store.move(name, to: target, called: "the trash")
    return target
  }

  /// Renames protocol `name`'s folder to `target`, holding the journal's lock; `called` names
  /// the target for the user. The target is made empty first, so that a folder of that name
  /// made meanwhile is never replaced (`rename` replaces only an empty folder).
  private func move(_ name: String, to target: URL, called place: String)
    throws(StorageError)
  {
    guard exists(name) else {
      throw .cannotMove(file: name, to: place, reason: Self.noSuchProtocol)
    }
    let source = folder.appendingPathComponent(name, isDirectory: true)
    do throws(SystemError) {
      let descriptor = try Platform.openFile(journalFile(name).path, O_RDONLY | O_CREAT)
      defer { close(descriptor) }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { throw SystemError.current }
      try Platform.makeFolders(target.deletingLastPathComponent())
      guard Platform.makeFolder(target.path) == 0 else { throw SystemError.current }
      guard Glibc.rename(source.path, target.path) == 0 else {
        let failure = SystemError.current
        rmdir(target.path)
        throw failure
      }
      Platform.syncFolder(folder)
      Platform.syncFolder(target.deletingLastPathComponent())
    } catch  where error.code == EWOULDBLOCK {
      throw .cannotMove(
        file: name, to: place,
        reason: Self.busy)
    } catch  where error.code == EEXIST {
      throw .cannotMove(file: name, to: place, reason: Self.nameTaken)
    } catch {
      throw .cannotMove(file: name, to: place, reason: error.description)
    }
  }
}
