import Foundation
import NetAPI

/// A class as the server describes it to the caller (its code only to its teacher).
public typealias ClassInfo = Components.Schemas.SchoolClass
public typealias ClassRecommendationInfo = Components.Schemas.Recommendation
public typealias ClassInboxItem = Components.Schemas.InboxRecommendation
public typealias ClassProgressInfo = Components.Schemas.ClassProgress
public typealias RecommendationProgressInfo = Components.Schemas.RecommendationProgress
public typealias StudentProgressInfo = Components.Schemas.StudentProgress
public typealias ClassNoticeInfo = Components.Schemas.ClassNotice

extension PracticeRoomClient {
  public func createClass(name: String, token: String) async throws(ClientFailure) -> ClassInfo {
    switch try await call(
      token: token, { try await $0.createClass(body: .json(.init(name: name))) }
    ) {
    case .created(let created): return try Self.payload { try created.body.json }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .conflict(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// The classes I teach, then those I belong to.
  public func classes(token: String) async throws(ClientFailure) -> [ClassInfo] {
    switch try await call(token: token, { try await $0.listClasses() }) {
    case .ok(let ok): return try Self.payload { try ok.body.json }.classes
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func joinClass(code: String, token: String) async throws(ClientFailure) -> ClassInfo {
    switch try await call(token: token, { try await $0.joinClass(body: .json(.init(code: code))) })
    {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .conflict(let response): throw .refused(try Self.message { try response.body.json })
    case .tooManyRequests(let response):
      throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func recommend(
    classID: String, pack: Bool, itemID: String, message: String, level: Int?, token: String
  ) async throws(ClientFailure) -> ClassRecommendationInfo {
    let output = try await call(token: token) {
      try await $0.recommendToClass(
        path: .init(classId: classID),
        body: .json(
          .init(kind: pack ? .pack : .pattern, itemId: itemID, message: message, level: level)))
    }
    switch output {
    case .created(let created): return try Self.payload { try created.body.json }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// My classes' recommendations in the order they reached me; the server marks them seen.
  public func classInbox(token: String) async throws(ClientFailure) -> [ClassInboxItem] {
    switch try await call(token: token, { try await $0.getClassInbox() }) {
    case .ok(let ok): return try Self.payload { try ok.body.json }.recommendations
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func acceptRecommendation(id: String, token: String) async throws(ClientFailure)
    -> ClassInboxItem
  {
    let output = try await call(token: token) {
      try await $0.acceptRecommendation(path: .init(recommendationId: id))
    }
    switch output {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func finishRecommendation(id: String, token: String) async throws(ClientFailure)
    -> ClassInboxItem
  {
    let output = try await call(token: token) {
      try await $0.finishRecommendation(path: .init(recommendationId: id))
    }
    switch output {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func classProgress(classID: String, token: String) async throws(ClientFailure)
    -> ClassProgressInfo
  {
    switch try await call(
      token: token,
      {
        try await $0.getClassProgress(path: .init(classId: classID))
      })
    {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// Who accepted or finished a recommendation of my classes since I last asked.
  public func classNotices(token: String) async throws(ClientFailure) -> [ClassNoticeInfo] {
    switch try await call(token: token, { try await $0.readClassNotices() }) {
    case .ok(let ok): return try Self.payload { try ok.body.json }.notices
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }
}
