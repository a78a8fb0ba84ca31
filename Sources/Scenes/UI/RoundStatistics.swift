import GameCore

/// What a game tells the history about a finished round besides its score: pairs,
/// placements or pops, and mistakes.
@MainActor
public protocol RoundStatistics {
    /// Pairs found (Memory), vehicles placed (Sorting), balloons popped (Balloons).
    var roundProgress: Int { get }
    /// Mismatched pairs, wrong drops, balloons that got away.
    var roundMistakes: Int { get }
}

extension MemoryScene: RoundStatistics {
    public var roundProgress: Int { rules.matchedPairs }
    public var roundMistakes: Int { rules.mismatches }
}

extension SortingScene: RoundStatistics {
    public var roundProgress: Int { rules.placed.count }
    public var roundMistakes: Int { rules.wrongDrops }
}

extension BalloonScene: RoundStatistics {
    public var roundProgress: Int { rules.pops }
    public var roundMistakes: Int { rules.escapes }
}
