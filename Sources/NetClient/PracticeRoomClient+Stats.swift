import Foundation
import NetAPI

public typealias UsageStatisticsInfo = Components.Schemas.UsageStatistics

extension PracticeRoomClient {
  /// The server's usage statistics; only the admin's account is answered.
  public func usageStatistics(days: Int, weeks: Int, token: String) async throws(ClientFailure)
    -> UsageStatisticsInfo
  {
    let output = try await call(token: token) {
      try await $0.getUsageStatistics(query: .init(days: days, weeks: weeks))
    }
    switch output {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }
}
