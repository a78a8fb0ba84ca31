import GameCore
import CMath
import Stage
import TextCatalogs

// The end of a round: recorded, logged, said and shown (the game over alert). Split from
// GameHost.swift by job.
extension GameHost {
    /// Ends the game one of the ways its module declared (a play's `.end`), with the play's
    /// statistics (`RoundStatistics`, which every play tells): records the round (and the
    /// score if the ending counts and it makes the top five), logs `gameover`, plays fanfare
    /// or sad trombone (and applause for a new high score), and shows the "Play again?"
    /// alert; its answer comes back in `resume(with:)`. The round is recorded first; the rest
    /// follows when the store's answer comes back (`roundRecorded`). `alertAfter`: seconds
    /// the end screen waits (Balloons' boom is seen first).
    public func finish(_ ending: GameEnding, score: Int, alertAfter: Double = 0) -> [SceneCommand] {
        guard !isOver else { return [] }
        assert(M.endings.contains(ending), "\(kind) ended \(ending.result)/\(ending.reason), which its module does not declare")
        round.isOver = true
        // The scene stops updating under the alert: drop "+N" texts so none hang frozen.
        pills.floating.removeAll()
        // Every finished game goes into the player's history (and earns a child a sticker);
        // the tables take the ones that count.
        let record = RoundRecord(game: kind, level: level, score: score, result: ending.result.rawValue, reason: ending.reason,
                                duration: time.rule.now, progress: play.roundProgress, mistakes: play.roundMistakes,
                                relaxed: relaxed, counts: ending.records)
        round.ended = EndingUnderWay(ending: ending, score: score, alertAfter: alertAfter)
        emit(.recordRound(record))
        return []
    }

    /// The store recorded the round (its ranks and sticker): the ending is logged, heard and
    /// shown.
    func roundRecorded(_ ranks: RoundRanks) -> [SceneCommand] {
        guard let under = round.ended else { return [] }
        round.ended = nil
        let ending = under.ending, score = under.score
        let outcome = ending.result, reason = ending.reason
        let rank = ranks.rank
        let end = ending.message
        emit(.log("gameover", [
            ("game", .string(kind.rawValue)), ("level", .string(level.rawValue)), ("result", .string(outcome.rawValue)),
            ("reason", .string(reason)), ("score", .int(score)), ("recorded", .bool(rank != nil)), ("rank", .optional(rank)),
            ("key", .string(end.key)),
        ] + context.player.logFields + [("childRank", .optional(ranks.childRank)), ("gameRank", .optional(ranks.gameRank)),
                                         ("sticker", .optional(ranks.sticker)), ("relaxed", .bool(relaxed))]))
        emit(.sound(outcome == .won ? .fanfare : .sadTrombone))
        if rank != nil { emit(.sound(.applause)) }
        // Growing with the child: three stars suggest the next level, two losses an easier one.
        let suggestion = context.player.child != nil && context.settings.grow
            ? context.suggestion(after: context.childRounds(kind), game: kind, among: context.offeredLevels) : nil
        if let suggestion {
            emit(.log("suggest", [("game", .string(kind.rawValue)), ("level", .string(suggestion.level.rawValue))] + context.player.logFields))
        }
        // What the voice suggests is what ↻ plays (and Home chooses: `levelToChoose`).
        round.nextLevel = suggestion?.level ?? level
        speakEnd(ending, rank: rank, sticker: ranks.sticker, suggestion: suggestion?.line)
        var lines: [AlertContent.Line] = []
        if outcome == .won {
            lines.append(.init(Messages.yourScore, ["score": String(score)]))
            if let rank { lines.append(.init(Messages.newHighScore, ["rank": String(rank)])) }
        } else {
            lines.append(.init(end))
            if score > 0 && ending.showsScore { lines.append(.init(Messages.yourScore, ["score": String(score)])) }
        }
        lines.append(.init(Messages.playAgain))
        // Stars are for wins and finished Balloons rounds only; a loss shows why instead.
        let stars = outcome == .won ? context.registry.entry(kind)?.definition.starCount(score: score, level: level) ?? 0 : 0
        let content = AlertContent(kind: outcome == .won ? .won : .lost, title: outcome == .won ? Messages.won : Messages.lost,
                                   lines: lines, buttons: [.yes, .no], celebrate: outcome == .won,
                                   result: .init(score: score, stars: stars, rank: rank,
                                                 reason: outcome == .lost ? ending.picture ?? GameHosting.reasonPicture(reason) : nil, sticker: ranks.sticker,
                                                 next: nextLevel, keepsScore: outcome == .lost && ending.keepsScore && score > 0))
        guard under.alertAfter > 0 else { return [.show(.alert(content))] }
        decide(after: under.alertAfter, .show(content))
        return []
    }

    /// The spoken end of a game: won (a finish, for Balloons' time), or lost by time, idle or
    /// the skull; then a new high score with its rank.
    func speakEnd(_ ending: GameEnding, rank: Int?, sticker: Int?, suggestion: Message?) {
        // The level growing with her suggests comes first, at the end itself, in place of the
        // ending's line ("Three stars! Let's try the next level!" says the win; after two
        // losses the picture says why): the next thing she hears is what ↻ does.
        let line = suggestion ?? ending.voice
        // Nothing said during the game is still to come after its end.
        emit(.stopSpeaking)
        emit(.speak(line, now: true))
        // Then a new high score with its rank, and the sticker she earned, named while its
        // picture is on the panel (it flies into the book after its name: AlertScene).
        let lines = [rank.map { VoiceLines.highScore(rank: $0) }, sticker.map { VoiceLines.sticker($0) }].compactMap { $0 }
        if let first = lines.first { emit(.speak(first, then: Array(lines.dropFirst()))) }
    }
}

extension GameHosting {
    /// The picture of why a game was lost: the clock, the skull, a sleeping balloon.
    public static func reasonPicture(_ reason: String) -> String {
        switch reason {
        case "killer": return "reason-killer"
        case "idle": return "reason-idle"
        default: return "reason-time"
        }
    }
}

/// Where a round is, as the host keeps it: over, decided (its end on its way), what falls
/// due on scene time, the round being recorded, ↻'s level and the new round ↻ waits with.
struct RoundState {
    var isOver = false
    /// True from the moment a game is decided until its alert shows (the win celebration,
    /// the skull's boom): Back must not throw a decided game away unrecorded.
    var isDecided = false
    /// What follows a decision, `delay` seconds of scene time after `start` (time-based
    /// state, not a closure: the host runs it at the first frame it is due).
    struct Due {
        enum Then {
            case end(GameEnding, score: Int, alertAfter: Double)
            case show(AlertContent)
        }
        let start: Double
        let delay: Double
        let then: Then
    }
    var due: [Due] = []
    /// The round that ended, while the store records it.
    var ended: EndingUnderWay?
    /// The level ↻ plays once the game has ended: the one the voice suggested, else this one.
    var nextLevel: Level?
    /// ↻'s new round, held while the play shows something first (Memory's gathering).
    var heldReplay: [SceneCommand] = []
}

/// A round that ended, while the store records it (`GameHost.roundRecorded` goes on).
struct EndingUnderWay {
    var ending: GameEnding
    var score: Int
    var alertAfter: Double
}
