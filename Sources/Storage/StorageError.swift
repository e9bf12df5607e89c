import FoundationEssentials

/// A file problem told to the user in one line. Files are named by their last path component,
/// which is what the user recognises in `woodshed doctor` and in their config folder.
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Writing failed; the previous file, if any, is untouched.
  case cannotSave(file: String, reason: String)
  /// Writing was not attempted, because it could overwrite something the user needs.
  case saveRefused(file: String, reason: String)
  case cannotAppend(file: String, reason: String)
  case cannotRead(file: String, reason: String)
  case cannotSetAside(file: String, reason: String)
  /// The file was read but its content cannot be used.
  case malformed(file: String, reason: String)
  /// Deleting was refused or failed; the file is still there.
  case cannotDelete(file: String, reason: String)
  /// Moving (renaming, archiving, deleting to the trash) failed; it is where it was.
  case cannotMove(file: String, to: String, reason: String)
  /// Reading, saving or adding to `file` was refused for want of permission: `problem` names
  /// where, whose it is and the fix, in any language (`PermissionProblem`'s fields).
  case permissionDenied(file: String, access: Access, problem: PermissionProblem)

  /// What was refused.
  public enum Access: String, Equatable, Sendable {
    case read
    case save
    case add
  }

  /// The system's or Woodshed's reason, without the file name.
  public var reason: String {
    switch self {
    case .cannotSave(_, let reason), .saveRefused(_, let reason), .cannotAppend(_, let reason),
      .cannotRead(_, let reason), .cannotSetAside(_, let reason), .malformed(_, let reason),
      .cannotDelete(_, let reason), .cannotMove(_, _, let reason):
      reason
    case .permissionDenied(_, _, let problem): problem.description
    }
  }

  public var description: String {
    switch self {
    case .cannotSave(let file, let reason): "could not save \(file): \(reason)"
    case .saveRefused(let file, let reason): "not saving \(file): \(reason)"
    case .cannotAppend(let file, let reason): "could not add to \(file): \(reason)"
    case .cannotRead(let file, let reason): "could not read \(file): \(reason)"
    case .cannotSetAside(let file, let reason): "could not set \(file) aside: \(reason)"
    case .malformed(let file, let reason): "\(file) cannot be used: \(reason)"
    case .cannotDelete(let file, let reason): "could not delete \(file): \(reason)"
    case .cannotMove(let file, let place, let reason):
      "could not move \(file) to \(place): \(reason)"
    case .permissionDenied(let file, let access, let problem):
      Self.failed(access, file: file, reason: problem.description).description
    }
  }

  /// `access` to `file` that failed for `reason`.
  static func failed(_ access: Access, file: String, reason: String) -> StorageError {
    switch access {
    case .read: .cannotRead(file: file, reason: reason)
    case .save: .cannotSave(file: file, reason: reason)
    case .add: .cannotAppend(file: file, reason: reason)
    }
  }
}

// Callers that print `localizedDescription` get the same single line.
extension StorageError: LocalizedError {
  public var errorDescription: String? { description }
}
