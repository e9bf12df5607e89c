import FoundationEssentials
import Storage

extension Launcher {
  /// The protocols in the user's data folder, for `woodshed protocol`, and the strings to
  /// refuse a line in the user's language.
  public static func protocols(environment: [String: String]) throws(Failure) -> (
    store: ProtocolStore, strings: Localizer
  ) {
    let ground = try prepare(environment: environment)
    return (
      ProtocolStore(paths: ground.paths),
      ground.catalog.localizer(for: ground.loaded.settings.language)
    )
  }
}
