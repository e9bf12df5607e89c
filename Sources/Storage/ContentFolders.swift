import Files
import FoundationEssentials

/// Content that comes as one JSON object per file with an `id` (note packs, fretboard patterns,
/// rhythm patterns): the files shipped with Woodshed, then the user's own. A file that cannot be
/// used is reported in one line naming the file and the field, and the rest load; an id taken by
/// a file read before (built-in files are read first) is reported the same way.
enum ContentFolders {
  struct Loaded<Item> {
    var item: Item
    var file: URL
    var isBuiltIn: Bool
  }

  /// Every usable file of the two folders, in file-name order within each, and one line per
  /// file that could not be used. A folder that is not there yet holds nothing.
  static func load<Item>(
    builtIn: URL, user: URL, kind: FileKind, id: (Item) -> String,
    decode: (JSONValue) throws(FieldError) -> Item
  ) -> (loaded: [Loaded<Item>], problems: [String]) {
    var loaded: [Loaded<Item>] = []
    var problems: [String] = []
    for (folder, isBuiltIn) in [(builtIn, true), (user, false)] {
      guard let names = try? Platform.listFolder(folder) else { continue }
      for name in names.sorted() where name.hasSuffix(".json") {
        let file = folder.appendingPathComponent(name)
        do throws(StorageError) {
          let item = try read(file, as: kind, decode: decode)
          if let taken = loaded.first(where: { id($0.item) == id(item) }) {
            throw StorageError.malformed(file: name, reason: Self.taken(id(item), by: taken.file))
          }
          loaded.append(Loaded(item: item, file: file, isBuiltIn: isBuiltIn))
        } catch {
          problems.append(error.description)
        }
      }
    }
    return (loaded, problems)
  }

  /// Reads and checks one file.
  static func read<Item>(
    _ file: URL, as kind: FileKind, decode: (JSONValue) throws(FieldError) -> Item
  ) throws(StorageError) -> Item {
    let name = file.lastPathComponent
    let data: Data
    do {
      data = try RegularFile.read(file, as: kind)
    } catch {
      throw StorageError.cannotRead(file: name, reason: error.description)
    }
    return try Self.decode(data, file: name, as: kind, decode: decode)
  }

  /// Checks bytes as `read` checks a file's: the kind's size limit, JSON, then the fields.
  static func decode<Item>(
    _ data: Data, file name: String, as kind: FileKind,
    decode: (JSONValue) throws(FieldError) -> Item
  ) throws(StorageError) -> Item {
    guard data.count <= kind.byteLimit else {
      throw StorageError.cannotRead(
        file: name, reason: "larger than the \(kind.byteLimit) bytes a \(kind.noun) may have")
    }
    let document: JSONValue
    do {
      document = try JSONValue(parsing: data)
    } catch {
      throw StorageError.malformed(file: name, reason: "not valid JSON")
    }
    do throws(FieldError) {
      return try decode(document)
    } catch {
      throw StorageError.malformed(file: name, reason: error.description)
    }
  }

  /// Why an id cannot be used again, naming the file that has it.
  static func taken(_ id: String, by file: URL) -> String {
    "id: \"\(id)\" is already the id of \(file.lastPathComponent)"
  }
}
