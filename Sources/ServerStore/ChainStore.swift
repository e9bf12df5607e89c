import Foundation
import SQLKit

/// One goal of a class's achievement chain.
public struct ChainStep: Equatable, Sendable {
  public enum Kind: String, CaseIterable, Sendable {
    /// An interval game on a pattern reaching a level at an accuracy.
    case pattern
    /// A timed drill with a choice of packs reaching a number of cards.
    case drill
    /// A rhythm line at a tempo over a number of bars played at an accuracy.
    case rhythm
  }

  public let kind: Kind
  /// The pattern's id; a drill's packs; a rhythm line's patterns, in the order played.
  public let items: [String]
  public let level: Int?
  public let bpm: Int?
  public let bars: Int?
  /// The accuracy in percent (pattern, rhythm) or the cards right (drill) to reach.
  public let threshold: Double

  public init(
    kind: Kind, items: [String], level: Int? = nil, bpm: Int? = nil, bars: Int? = nil,
    threshold: Double
  ) {
    self.kind = kind
    self.items = items
    self.level = level
    self.bpm = bpm
    self.bars = bars
    self.threshold = threshold
  }
}

/// Each class's achievement chain: the ordered goals its teacher set. Setting a chain
/// replaces the one before whole; what a student reached is read from their games, so a
/// chain set later counts what was played before it.
public struct ChainStore: Sendable {
  public let database: any SQLDatabase

  public static let longestChain = 20

  public init(database: any SQLDatabase) {
    self.database = database
  }

  /// Replaces the class's chain with `steps` (none removes it).
  public func set(_ steps: [ChainStep], classID: String) async throws {
    try await database.delete(from: "class_chain_steps")
      .where("class_id", .equal, SQLBind(classID)).run()
    guard !steps.isEmpty else { return }
    var insert = database.insert(into: "class_chain_steps")
      .columns("class_id", "position", "kind", "items", "level", "bpm", "bars", "threshold")
    for (position, step) in steps.enumerated() {
      insert = insert.values(
        SQLBind(classID), SQLBind(Int64(position)), SQLBind(step.kind.rawValue),
        SQLBind(step.items.joined(separator: ",")), SQLBind(step.level.map(Int64.init)),
        SQLBind(step.bpm.map(Int64.init)), SQLBind(step.bars.map(Int64.init)),
        SQLBind(step.threshold))
    }
    try await insert.run()
  }

  /// The class's chain, in order.
  public func steps(of classID: String) async throws -> [ChainStep] {
    try await database.select()
      .columns("kind", "items", "level", "bpm", "bars", "threshold")
      .from("class_chain_steps")
      .where("class_id", .equal, SQLBind(classID))
      .orderBy("position")
      .all()
      .map { row in
        ChainStep(
          kind: ChainStep.Kind(rawValue: try row.decode(column: "kind", as: String.self))
            ?? .pattern,
          items: try row.decode(column: "items", as: String.self).split(separator: ",").map(
            String.init),
          level: try row.decode(column: "level", as: Int64?.self).map(Int.init),
          bpm: try row.decode(column: "bpm", as: Int64?.self).map(Int.init),
          bars: try row.decode(column: "bars", as: Int64?.self).map(Int.init),
          threshold: try row.decode(column: "threshold", as: Double.self))
      }
  }
}
