import FoundationEssentials
import Storage

extension Launcher {
  /// The protocols in the user's data folder, for `woodshed protocol`.
  public static func protocols(environment: [String: String]) throws(Failure) -> ProtocolStore {
    ProtocolStore(paths: try prepare(environment: environment).paths)
  }
}
