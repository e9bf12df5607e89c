import Foundation

/// Paths inside this repository, found from this source file's location.
public enum RepositoryPaths {
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  public static let assets = root.appendingPathComponent("assets")
}
