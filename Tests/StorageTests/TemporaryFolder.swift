import Foundation
import Glibc

/// A fresh folder on the real file system for one test, removed afterwards.
struct TemporaryFolder {
  let url: URL

  init() throws {
    let pattern = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-storage-XXXXXX").path
    var template = Array(pattern.utf8CString)
    guard let created = mkdtemp(&template) else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    url = URL(fileURLWithPath: String(cString: created), isDirectory: true)
  }

  func remove() {
    // A test may have made a subfolder read-only; removing its entries needs write access.
    let manager = FileManager.default
    for path in (try? manager.subpathsOfDirectory(atPath: url.path)) ?? [] {
      var isFolder: ObjCBool = false
      let full = url.appendingPathComponent(path).path
      if manager.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue {
        chmod(full, 0o755)
      }
    }
    try? manager.removeItem(at: url)
  }

  func file(_ relativePath: String) -> URL {
    url.appendingPathComponent(relativePath)
  }

  @discardableResult
  func write(_ text: String, to relativePath: String) throws -> URL {
    try write(Data(text.utf8), to: relativePath)
  }

  @discardableResult
  func write(_ data: Data, to relativePath: String) throws -> URL {
    let target = file(relativePath)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: target)
    return target
  }

  func data(_ relativePath: String) -> Data? {
    try? Data(contentsOf: file(relativePath))
  }

  func text(_ relativePath: String) -> String? {
    data(relativePath).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Entry names in `relativePath` (default: the folder itself), hidden ones included, sorted.
  func listing(_ relativePath: String = "") -> [String] {
    let folder = relativePath.isEmpty ? url : file(relativePath)
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }
}
