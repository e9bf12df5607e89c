import FoundationEssentials
import Storage

/// `woodshed-net`, the binary beside this one that links the networking (ARCHITECTURE.md, "Two
/// binaries"): the commands that need the server run it in place of this process, and the
/// practice room runs its refresh in the background.
public enum NetSibling {
  public static var path: String {
    RunningExecutable.url.deletingLastPathComponent().appendingPathComponent("woodshed-net").path
  }
}
