import Foundation
import NetAPI

public typealias ClassChainInfo = Components.Schemas.ClassChain
public typealias ChainStepInfo = Components.Schemas.ChainStep

extension PracticeRoomClient {
  /// The class's chain and who reached each step: every student for its teacher, the caller
  /// alone for a student.
  public func classChain(classID: String, token: String) async throws(ClientFailure)
    -> ClassChainInfo
  {
    switch try await call(
      token: token, { try await $0.getClassChain(path: .init(classId: classID)) })
    {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// Replaces the class's chain (its teacher).
  public func setClassChain(classID: String, steps: [ChainStepInfo], token: String)
    async throws(ClientFailure) -> ClassChainInfo
  {
    let output = try await call(token: token) {
      try await $0.setClassChain(path: .init(classId: classID), body: .json(.init(steps: steps)))
    }
    switch output {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }
}
