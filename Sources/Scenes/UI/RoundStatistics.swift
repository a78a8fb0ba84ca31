import GameCore

/// What a game tells the history about a finished round besides its score: pairs,
/// placements or pops, and mistakes. A game module's scene must conform (`GameModule.Play`),
/// and only a conforming scene can `finish`: no round is recorded with made-up zeros.
@MainActor
public protocol RoundStatistics {
    /// Pairs found (Memory), vehicles placed (Sorting), balloons popped (Balloons).
    var roundProgress: Int { get }
    /// Mismatched pairs, wrong drops, balloons that got away.
    var roundMistakes: Int { get }
}
