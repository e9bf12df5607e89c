import Foundation
import NetAPI
import ServerStore

/// The usage statistics, to an account with the admin's role alone.
extension PracticeRoomAPI {
  func getUsageStatistics(_ input: Operations.GetUsageStatistics.Input) async throws
    -> Operations.GetUsageStatistics.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard account.role == .admin else {
      return .forbidden(
        Self.forbidden(
          "only the server's admin reads the usage statistics: woodshed serve stats on the "
            + "server's machine, or an account given the role with woodshed serve role NAME admin"
        ))
    }
    let days = input.query.days ?? 14
    let weeks = input.query.weeks ?? 8
    guard UsageStatistics.days.contains(days), UsageStatistics.weeks.contains(weeks) else {
      return .badRequest(
        .init(
          body: .json(
            .init(
              error: "days are \(UsageStatistics.days.lowerBound) to "
                + "\(UsageStatistics.days.upperBound), weeks \(UsageStatistics.weeks.lowerBound) "
                + "to \(UsageStatistics.weeks.upperBound)"))))
    }
    let report = try await UsageStatistics.report(
      of: UsageStore(database: database.sql), now: Date(), days: days, weeks: weeks)
    return .ok(.init(body: .json(report)))
  }
}
