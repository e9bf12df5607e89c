import Foundation
import MusicTheory
import Practice
import Storage

// Writes the generated pattern library into a folder, one file per pattern, and removes files
// of patterns that are no longer generated. Run from the repository after changing the
// generator or the theory tables: `swift run woodshed-patterns` (default folder
// assets/patterns). StorageTests checks the committed files against the generator.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
  FileHandle.standardError.write(
    Data("usage: woodshed-patterns [FOLDER]   (default: assets/patterns)\n".utf8))
  exit(2)
}
let folder = URL(fileURLWithPath: arguments.first ?? "assets/patterns", isDirectory: true)
let patterns = PatternGenerator.library(for: .guitarStandard)
do {
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let generated = Set(patterns.map { "\($0.id).json" })
  for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
  where name.hasSuffix(".json") && !generated.contains(name) {
    try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    print("removed \(name)")
  }
  for pattern in patterns {
    try AtomicFile.write(
      try pattern.fileData(), to: folder.appendingPathComponent("\(pattern.id).json"))
  }
} catch {
  FileHandle.standardError.write(Data("woodshed-patterns: \(error)\n".utf8))
  exit(1)
}
print("wrote \(patterns.count) patterns to \(folder.path)")
