import Glibc

/// An `errno` value from a failed system call. Storage turns it into a `StorageError` that names
/// the user's file; this type only carries the code up to that point.
struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  let code: Int32

  /// Captures the current thread's `errno`; call it straight after the failing call.
  static var current: SystemError { SystemError(code: errno) }

  var description: String { String(cString: strerror(code)) }
}
