import Files
import FoundationEssentials
import Glibc

/// What the list of protocols shows besides their journals.
extension ProtocolStore {
  /// When protocol `name` was made, from its `session.json`; nil if that cannot be read.
  public func created(_ name: String) -> Date? {
    guard exists(name), let data = try? RegularFile.read(sessionFile(name), as: .settings) else {
      return nil
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return (try? decoder.decode(Header.self, from: data))?.created
  }
}
