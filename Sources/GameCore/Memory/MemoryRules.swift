/// One card of the Memory grid. `id` is its grid position (row-major), which is also the
/// number in its log and dump id `card-N`.
public struct MemoryCard: Equatable, Sendable {
    public enum State: String, Sendable { case hidden, open, matched }
    public let id: Int
    /// The animal on the card's face (`cat`, `dog`, ...); the image is `animal-<face>`.
    public let face: String
    public internal(set) var state: State = .hidden
}

/// What a rule call made happen, in the order it happened. The scene turns these into
/// sounds, log events and animations.
public enum MemoryEvent: Equatable, Sendable {
    /// A hidden card turned face up.
    case flipped(card: Int)
    /// The two open cards show the same animal and stay open for good.
    case matched(first: Int, second: Int, points: Int)
    /// The two open cards differ; they close `mismatchCloseDelay` seconds later.
    case mismatched(first: Int, second: Int)
    /// The mismatched pair turned face down again.
    case closed(first: Int, second: Int)
    /// Every pair was found before the time ran out.
    case won
    /// The time ran out first.
    case lost
}

/// The rules of Memory (SPEC section 4) as a plain value: a shuffled deck of animal pairs,
/// tapping cards open, matching, the 1-second close of a mismatch (the grid is locked
/// meanwhile), speed scoring and the countdown. It never reads a clock or a global random
/// source: every call takes the game time `now` (seconds since the start), and the deck is
/// drawn from the generator the caller passes in.
public struct MemoryRules: Sendable {
    /// How long a mismatched pair stays open, counted from the second card opening.
    public static let mismatchCloseDelay = 1.0
    /// ≤3 s since the previous pair (or the start): 5 points; ≤7 s: 4; slower: 3.
    public static let scoring = TieredScore(tiers: [(maxSeconds: 3, points: 5), (maxSeconds: 7, points: 4)], slowPoints: 3)
    /// Tolerance for "exactly one second later" with a clock that moves in 1/60 s steps
    /// rounded to microseconds: far below one frame, far above the rounding.
    public static let timeTolerance = 1e-5

    /// One level's numbers: the grid (columns × rows; landscape, so Hard is 5 wide and 4
    /// high) and the time on the clock.
    public struct LevelData: Sendable {
        public let columns: Int
        public let rows: Int
        public let timeLimit: Double
        public var pairs: Int { columns * rows / 2 }
    }

    /// Easy 4×3 in 2:00, Medium 4×4 in 1:45, Hard 5×4 in 1:30.
    public static let levels: [Level: LevelData] = [
        .easy: LevelData(columns: 4, rows: 3, timeLimit: 120),
        .medium: LevelData(columns: 4, rows: 4, timeLimit: 105),
        .hard: LevelData(columns: 5, rows: 4, timeLimit: 90),
    ]

    /// After the last pair the child sees it bounce before the end screen covers it.
    public static let winCelebration = 1.2

    /// Memory as the registry knows it.
    public static let definition = GameDefinition(
        id: .memory, title: Message("game.memory", "Memory"),
        levels: levels.mapValues { level in
            [("columns", .int(level.columns)), ("rows", .int(level.rows)), ("pairs", .int(level.pairs)),
             ("timeLimit", .double(level.timeLimit)), ("mismatchClose", .double(mismatchCloseDelay)),
             ("winDelay", .double(winCelebration)), ("animals", .strings(GameContent.animals))]
        },
        stars: [.easy: [1, 18, 26], .medium: [1, 24, 34], .hard: [1, 30, 43]])

    public static func grid(for level: Level) -> (columns: Int, rows: Int) {
        let data = levels[level]!
        return (data.columns, data.rows)
    }

    public static func pairCount(for level: Level) -> Int { levels[level]!.pairs }

    public static func timeLimit(for level: Level) -> Double { levels[level]!.timeLimit }

    public let level: Level
    public private(set) var cards: [MemoryCard]
    public let countdown: Countdown
    public private(set) var score = 0
    /// When the last pair was found (0 = the start): the speed of the next pair counts from here.
    public private(set) var lastPairTime = 0.0
    /// The first card of a turn, open and waiting for its partner.
    public private(set) var waitingCard: Int?
    /// A mismatched pair and the time it closes; the grid ignores taps until then.
    public private(set) var pendingClose: (first: Int, second: Int, at: Double)?
    /// How the game ended, once it has.
    public enum Outcome: String, Sendable { case won, lost }
    public private(set) var outcome: Outcome?

    /// Draws the animals for this level at random from the ten and shuffles the positions.
    /// `relaxed`: no time limit (the game ends when every pair is found).
    /// `faces`: the pictures to draw from (the round's set; the ten animals by default).
    public init(level: Level, relaxed: Bool = false, faces pool: [String] = GameContent.animals,
                using generator: inout some RandomNumberGenerator) {
        precondition(pool.count >= Self.pairCount(for: level), "a \(level) deck needs \(Self.pairCount(for: level)) faces")
        self.level = level
        countdown = Countdown(limit: relaxed ? Countdown.unlimited : Self.timeLimit(for: level))
        let animals = Array(pool.shuffled(using: &generator).prefix(Self.pairCount(for: level)))
        let faces = (animals + animals).shuffled(using: &generator)
        cards = faces.enumerated().map { MemoryCard(id: $0.offset, face: $0.element) }
    }

    /// A fixed deck, for tests that need to know where each animal lies.
    public init(level: Level, faces: [String]) {
        precondition(faces.count == Self.pairCount(for: level) * 2, "a \(level) deck has \(Self.pairCount(for: level)) pairs")
        self.level = level
        countdown = Countdown(limit: Self.timeLimit(for: level))
        cards = faces.enumerated().map { MemoryCard(id: $0.offset, face: $0.element) }
    }

    public var isFinished: Bool { outcome != nil }
    /// While a mismatched pair waits to close, no other card opens.
    public var isLocked: Bool { pendingClose != nil }
    public var matchedPairs: Int { cards.filter { $0.state == .matched }.count / 2 }
    /// Pairs opened that did not match (the history's mistakes).
    public private(set) var mismatches = 0

    /// Whether tapping `card` now would open it (used for the press-down look, too).
    public func canOpen(_ card: Int) -> Bool {
        !isFinished && !isLocked && cards.indices.contains(card) && cards[card].state == .hidden
    }

    /// A child tapped `card` at time `now`. Taps on open or matched cards, during the
    /// mismatch wait, or after the game ended change nothing and return no events.
    public mutating func tap(card: Int, now: Double) -> [MemoryEvent] {
        guard canOpen(card) else { return [] }
        cards[card].state = .open
        var events: [MemoryEvent] = [.flipped(card: card)]
        guard let first = waitingCard else {
            waitingCard = card
            return events
        }
        waitingCard = nil
        if cards[first].face == cards[card].face {
            cards[first].state = .matched
            cards[card].state = .matched
            let points = Self.scoring.points(forInterval: now - lastPairTime)
            score += points
            lastPairTime = now
            events.append(.matched(first: first, second: card, points: points))
            if cards.allSatisfy({ $0.state == .matched }) {
                outcome = .won
                events.append(.won)
            }
        } else {
            pendingClose = (first, card, now + Self.mismatchCloseDelay)
            mismatches += 1
            events.append(.mismatched(first: first, second: card))
        }
        return events
    }

    /// Advances to time `now`: closes a mismatched pair when its second is up, and ends the
    /// game when the countdown reaches 0:00.
    public mutating func update(now: Double) -> [MemoryEvent] {
        guard !isFinished else { return [] }
        var events: [MemoryEvent] = []
        if let pending = pendingClose, now + Self.timeTolerance >= pending.at {
            cards[pending.first].state = .hidden
            cards[pending.second].state = .hidden
            pendingClose = nil
            events.append(.closed(first: pending.first, second: pending.second))
        }
        if countdown.isOver(at: now) {
            outcome = .lost
            events.append(.lost)
        }
        return events
    }
}
