import GameCore
import TextCatalogs

/// Growing with the child (issue 26; the corner's switch `grow`, on by default): with a child
/// playing, her first game of each kind is relaxed (no countdown, no losing), three stars at
/// a level suggest the next level and two losses in a row at a level an easier one; Home
/// chooses the level she played last, or the one suggested, and so does the end screen's ↻.
/// After a relaxed first game the next is the same level with its clock, never a jump.
/// The rules of each level stay the brief's. The guest's first game of each kind on this
/// computer (the one that opens with its show-me demo) is relaxed too; otherwise the guest
/// keeps today's rules: no suggestion, and Home waits for both choices.
public enum Growing {
    /// Growing with the child reads her last this many rounds of a game (the level she played
    /// last, two losses in a row), never her whole history: a game tile's tap costs the same
    /// after 5 rounds or 300,000.
    public static let roundsRead = 2
}

extension GameContext {
    /// The levels Home offers: the config's `levels`, or all three.
    public var offeredLevels: [Level] {
        let chosen = (classroom.levels ?? []).filter { Level.allCases.contains($0) }
        return chosen.isEmpty ? Level.allCases : Level.allCases.filter { chosen.contains($0) }
    }

    /// The child's last rounds of `game` (`Growing.roundsRead`), oldest first (none for the guest).
    func childRounds(_ game: GameKind) -> [PlayedRound] {
        guard let child = player.child, profilesOn else { return [] }
        return lastRounds(of: child, game: game, limit: Growing.roundsRead)
    }

    /// A game of `game` starts relaxed: the relaxed switch, or a child's first game of it
    /// in a run that shows the show-me demos (it is the game that opens with the demo; a
    /// scripted run without `--demo` plays every level by its rules, TESTING decision 3).
    public func playsRelaxed(_ game: GameKind) -> Bool {
        guard !settings.relaxed else { return true }
        guard settings.grow, demosOn else { return false }
        if player.child != nil && profilesOn { return childRounds(game).isEmpty }
        // The guest (or a run without profiles): the game that opens with its demo.
        return showsDemo(game)
    }

    /// The level Home chooses with the game for a child: the one suggested after her last
    /// round, else the one she played last; nil for the guest or a first game.
    public func levelToChoose(for game: GameKind, among levels: [Level]) -> Level? {
        let rounds = childRounds(game)
        guard let last = rounds.last else { return nil }
        let level = settings.grow ? (suggestion(after: rounds, game: game, among: levels)?.level ?? last.level) : last.level
        return levels.contains(level) ? level : nil
    }

    /// After her (last) rounds of `game`: the next level after three stars, an easier one after two
    /// losses in a row at one level; nil when neither (or no such level is offered).
    public func suggestion(after rounds: [PlayedRound], game: GameKind, among levels: [Level]) -> (level: Level, line: Message)? {
        guard let last = rounds.last, let i = Level.allCases.firstIndex(of: last.level) else { return nil }
        // A relaxed first game (not the relaxed switch): the same level next, with its clock.
        if last.relaxed && !settings.relaxed { return nil }
        let stars = registry.entry(game)?.definition.starCount(score: last.score, level: last.level) ?? 0
        if last.won, stars >= 3, i + 1 < Level.allCases.count, levels.contains(Level.allCases[i + 1]) {
            return (Level.allCases[i + 1], VoiceLines.suggestHarder)
        }
        let lastTwo = rounds.suffix(2)
        if i > 0, lastTwo.count == 2, lastTwo.allSatisfy({ !$0.won && $0.level == last.level }),
           levels.contains(Level.allCases[i - 1]) {
            return (Level.allCases[i - 1], VoiceLines.suggestEasier)
        }
        return nil
    }
}
