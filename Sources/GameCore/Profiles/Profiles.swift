/// A child who plays: a stable id `child-N`, an avatar (an animal on a colour) and an
/// optional nickname an adult typed. No real name is ever needed.
public struct ChildProfile: Equatable, Sendable {
    /// `child-N`, stable for as long as the child exists.
    public var id: String { "child-\(number)" }
    public var number: Int
    public var nickname: String?
    public var avatar: Avatar
    /// When the child was added (seconds since 1970; never logged).
    public var created: Double

    public init(number: Int, nickname: String? = nil, avatar: Avatar, created: Double = 0) {
        self.number = number; self.nickname = nickname; self.avatar = avatar; self.created = created
    }
}

/// An animal on a coloured ground: the picture a child knows herself by.
public struct Avatar: Equatable, Hashable, Sendable {
    public var animal: String
    public var colour: String

    public init(animal: String, colour: String) { self.animal = animal; self.colour = colour }

    /// The animals drawn for avatars (Assets/images/animal-*.png).
    public static let animals = ["bear", "cat", "chick", "dog", "elephant", "fox", "frog", "hedgehog", "koala", "lion",
                                 "monkey", "owl", "panda", "penguin", "pig", "rabbit", "tiger", "unicorn"]
    /// The ground colours, by name (a child is never told apart by colour alone: the animal
    /// differs too, or the nickname).
    public static let colours = ["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"]

    /// The avatar a name gets when a script or an adult makes a child without choosing one
    /// (`--profile NAME`): the same name always gives the same picture.
    public static func deterministic(for name: String) -> Avatar {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Avatar(animal: animals[Int(hash % UInt64(animals.count))], colour: colours[Int((hash / 97) % UInt64(colours.count))])
    }

    /// The avatar a new child made without choosing one gets (`--profile NAME`): a pair no
    /// child in `taken` has, an animal nobody has yet when one is left, else the least used
    /// pair. The search starts at `deterministic(for:)` and walks every pair in one fixed
    /// order, so the same name and the same children always give the same picture.
    public static func free(for name: String, among taken: [Avatar]) -> Avatar {
        let start = deterministic(for: name)
        let a0 = animals.firstIndex(of: start.animal) ?? 0, c0 = colours.firstIndex(of: start.colour) ?? 0
        var pairUses: [Avatar: Int] = [:], animalUses: [String: Int] = [:]
        for avatar in taken {
            pairUses[avatar, default: 0] += 1
            animalUses[avatar.animal, default: 0] += 1
        }
        var best = start, bestKey = (Int.max, Int.max)
        for step in 0..<(animals.count * colours.count) {
            // Animals first, so neighbours in the walk differ by animal, not by colour alone.
            let candidate = Avatar(animal: animals[(a0 + step) % animals.count],
                                   colour: colours[(c0 + step / animals.count) % colours.count])
            let key = (pairUses[candidate] ?? 0, animalUses[candidate.animal] ?? 0)
            if key < bestKey { best = candidate; bestKey = key }
            if key == (0, 0) { break }
        }
        return best
    }
}

/// Who plays now: the guest (today's anonymous player) or a child.
public enum Player: Equatable, Sendable {
    case guest
    case child(ChildProfile)

    /// The log's `player`: `guest` or `child-N`.
    public var id: String {
        switch self {
        case .guest: return "guest"
        case .child(let c): return c.id
        }
    }
    public var nickname: String? {
        if case .child(let c) = self { return c.nickname }
        return nil
    }
    public var child: ChildProfile? {
        if case .child(let c) = self { return c }
        return nil
    }
    /// `player` and `nickname` as log fields.
    public var logFields: [(String, JSON)] {
        [("player", .string(id)), ("nickname", nickname.map(JSON.string) ?? .null)]
    }
}

/// The limits of the profiles.
public enum Profiles {
    /// Up to 40 children (a class); a 41st is refused.
    public static let maximumChildren = 40
    /// The stickers a book cycles through (Assets/images/sticker-01 ... sticker-24).
    public static let stickerKinds = 24
    /// A nickname's longest length (letters: what a reader counts as one).
    public static let nicknameLimit = 16
    /// ...and in bytes (UTF-8): one letter with 10,000 combining marks is not a nickname.
    public static let nicknameByteLimit = 64
    /// Combining marks kept on one letter (é, ệ need one or two).
    static let marksPerLetter = 2

    /// `child-N` read back as N.
    public static func number(ofID id: String) -> Int? {
        guard id.hasPrefix("child-"), let n = Int(id.dropFirst(6)), n > 0 else { return nil }
        return n
    }

    /// Looks like a child's id (`child-` and digits): never a nickname (`--profile child-9`
    /// for a child who is not there makes nobody).
    public static func looksLikeID(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("child-") && lower.count > 6 && lower.dropFirst(6).allSatisfy(\.isNumber)
    }

    /// Characters a nickname never keeps: control characters, line and paragraph separators,
    /// bidi embeddings, overrides, isolates and marks (they reorder the text around them),
    /// and invisible ones (zero-width spaces and joiners, word joiner, BOM, soft hyphen,
    /// fillers, tags).
    public static func isDropped(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0..<0x20, 0x7F..<0xA0, 0xAD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F,
             0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFFB,
             0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }

    /// A nickname as kept (at every entry: the picker, `--profile`, the import, a database
    /// read): dropped characters removed, trimmed, at most 2 combining marks on a letter,
    /// at most `nicknameLimit` letters and `nicknameByteLimit` bytes; nil when nothing is left.
    public static func cleanNickname(_ text: String) -> String? {
        let cleaned = clean(text)
        var out = ""
        var bytes = 0, letters = 0
        for ch in cleaned {
            guard letters < nicknameLimit else { break }
            let kept = String(String.UnicodeScalarView(ch.unicodeScalars.prefix(1 + marksPerLetter)))
            let size = kept.utf8.count
            guard bytes + size <= nicknameByteLimit else { break }
            out += kept
            bytes += size
            letters += 1
        }
        while out.last == " " { out.removeLast() }
        return out.isEmpty ? nil : out
    }

    /// True when `cleanNickname` keeps the whole name (nothing cut for length).
    public static func nicknameFits(_ text: String) -> Bool {
        guard let kept = cleanNickname(text) else { return false }
        return kept == trimmed(clean(text))
    }

    static func clean(_ text: String) -> String {
        // The input is at most a few kilobytes: a longer one is cut before the work.
        let scalars = text.unicodeScalars.prefix(4 * nicknameByteLimit).filter { !isDropped($0) }
        return trimmed(String(String.UnicodeScalarView(scalars)))
    }

    static func trimmed(_ text: String) -> String {
        var t = Substring(text)
        while t.first == " " { t = t.dropFirst() }
        while t.last == " " { t = t.dropLast() }
        return String(t)
    }
}

/// One finished game, as the history keeps it.
public struct RoundRecord: Equatable, Sendable {
    public var game: GameKind
    public var level: Level
    public var score: Int
    /// `won` or `lost`.
    public var result: String
    /// `all-found`, `all-placed`, `time`, `idle`, `killer`.
    public var reason: String
    /// Seconds of play (rule time).
    public var duration: Double
    /// Pairs found (Memory), vehicles placed (Sorting) or balloons popped (Balloons).
    public var progress: Int
    /// Mismatched pairs (Memory), wrong drops (Sorting), balloons that got away (Balloons).
    public var mistakes: Int
    /// Played in relaxed mode: counts for the child's own progress, never the everyone-table.
    public var relaxed: Bool
    /// The score may enter the tables (today: won games, and Balloons' time-up finish).
    public var counts: Bool

    public init(game: GameKind, level: Level, score: Int, result: String, reason: String, duration: Double = 0,
                progress: Int = 0, mistakes: Int = 0, relaxed: Bool = false, counts: Bool = true) {
        self.game = game; self.level = level; self.score = score; self.result = result; self.reason = reason
        self.duration = duration; self.progress = progress; self.mistakes = mistakes; self.relaxed = relaxed; self.counts = counts
    }
}

/// Where a finished game landed: `rank` in the everyone / all-games top five (the log's
/// `gameover.rank`), `childRank` in the player's own, `gameRank` in the game's own.
public struct RoundRanks: Equatable, Sendable {
    public var rank: Int?
    public var childRank: Int?
    public var gameRank: Int?
    /// The sticker the round earned (1...24), nil for the guest.
    public var sticker: Int?
    public init(rank: Int? = nil, childRank: Int? = nil, gameRank: Int? = nil, sticker: Int? = nil) {
        self.rank = rank; self.childRank = childRank; self.gameRank = gameRank; self.sticker = sticker
    }
}

/// Which table: everyone's or one player's, over all games or one.
public struct TableQuery: Equatable, Sendable {
    /// nil: everyone; `guest` or `child-N`: that player's own.
    public var player: String?
    public var game: GameKind?
    public init(player: String? = nil, game: GameKind? = nil) { self.player = player; self.game = game }
}

/// A child's totals per game, for the report.
public struct ProgressSummary: Equatable, Sendable {
    public var player: String
    public var nickname: String?
    public var avatar: Avatar?
    public var game: GameKind
    public var rounds: Int
    public var won: Int
    public var best: Int
    public var average: Double
    public var totalSeconds: Double
    /// The stickers earned in this game (each sticker is earned by one round).
    public var stickers: Int
    /// The child's stickers in all (a sticker whose round is gone counts here only).
    public var childStickers: Int
    /// Scores in the order played (the chart).
    public var scores: [Int]

    public init(player: String, nickname: String?, avatar: Avatar?, game: GameKind, rounds: Int, won: Int, best: Int,
                average: Double, totalSeconds: Double, stickers: Int, childStickers: Int? = nil, scores: [Int]) {
        self.player = player; self.nickname = nickname; self.avatar = avatar; self.game = game; self.rounds = rounds
        self.won = won; self.best = best; self.average = average; self.totalSeconds = totalSeconds; self.stickers = stickers
        self.childStickers = childStickers ?? stickers; self.scores = scores
    }
}
