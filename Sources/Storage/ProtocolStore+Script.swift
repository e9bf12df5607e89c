import FoundationEssentials

extension ProtocolStore {
  func scriptFile(_ name: String) -> URL {
    folder.appendingPathComponent(name, isDirectory: true).appendingPathComponent("script.txt")
  }

  /// Keeps the text of the script protocol `name` was made from beside its journal: the
  /// journal holds the lines' labels, which replay the protocol alone; the take sheet quotes
  /// the text of the lines marked. It moves with the folder when renamed or archived.
  public func saveScript(_ text: String, of name: String) throws(StorageError) {
    try AtomicFile.write(Data(text.utf8), to: scriptFile(name))
  }

  /// The script's text, nil for a protocol made without one or whose copy cannot be read:
  /// the take sheet then shows the labels alone.
  public func script(of name: String) -> String? {
    try? ScriptFile.read(scriptFile(name))
  }
}
