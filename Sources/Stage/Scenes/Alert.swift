import GameCore

/// A button of an alert: what it means (`kind`, the answer), the picture that says it
/// (`icon`) and the small caption for grown-ups (`label`). The picture and the caption
/// depend on the alert: on end screens Yes is ↻ "play again" and No a house; on the quit
/// panel Yes is a door ("leave") and No the ▶ ("stay").
public struct AlertButton: Equatable, Sendable {
    public enum Kind: String, Sendable { case yes, no, ok }
    public var kind: Kind
    public var label: Message
    public var icon: String
    public init(_ kind: Kind, _ label: Message, icon: String) { self.kind = kind; self.label = label; self.icon = icon }
}

/// What an alert says, as data: the route to an alert carries it, and the answer goes back
/// to the scene beneath as `SceneResult.answered(kind, button)`.
public struct AlertContent: Equatable, Sendable {
    /// What the alert is about: the log's `alert.kind`, and who acts on the answer.
    /// `leave`: Back in a running game (the quit panel's door and ▶, for one game).
    public enum Kind: String, Sendable { case won, lost, quit, leave, reset, delete, reportSaved, reportFailed, rest }
    /// One line of the message: a catalog entry and its values.
    public struct Line: Equatable, Sendable {
        public let message: Message
        public let values: [String: String]
        public init(_ message: Message, _ values: [String: String] = [:]) { self.message = message; self.values = values }
    }
    public var kind: Kind
    public var title: Message
    public var lines: [Line]
    public var buttons: [AlertButton.Kind]
    /// Confetti over the panel (a win).
    public var celebrate: Bool
    /// The end of a game: its score, the stars it earned (0 to 3, from the game's
    /// thresholds for the level) and its rank if it made the high-score table.
    public var result: GameResult?

    /// What an end screen shows besides words. A win (or a finished Balloons round) shows
    /// its stars and score; a loss shows only why, as a picture (`reason`: the clock, the
    /// skull, a sleeping balloon). A child's round also shows the sticker it earned.
    public struct GameResult: Equatable, Sendable {
        public var score: Int
        public var stars: Int
        public var rank: Int?
        /// The picture of why a game was lost (nil for a win or a finish).
        public var reason: String?
        /// The sticker the round earned (1...24), nil for the guest.
        public var sticker: Int?
        /// The level ↻ plays: the one the voice suggested, else the same (its stars are drawn
        /// on the button).
        public var next: Level?
        /// A loss that keeps its points on the panel, under the picture of why.
        public var keepsScore: Bool
        public init(score: Int, stars: Int, rank: Int? = nil, reason: String? = nil, sticker: Int? = nil, next: Level? = nil,
                    keepsScore: Bool = false) {
            self.score = score; self.stars = stars; self.rank = rank; self.reason = reason; self.sticker = sticker; self.next = next
            self.keepsScore = keepsScore
        }
    }

    public init(kind: Kind, title: Message, lines: [Line], buttons: [AlertButton.Kind], celebrate: Bool = false,
                result: GameResult? = nil) {
        self.kind = kind
        self.title = title
        self.lines = lines
        self.buttons = buttons
        self.celebrate = celebrate
        self.result = result
    }

    /// The mascot of the panel: happy on a win (or a finish) and on the quit panel ("see you
    /// soon"), sad but kind on a loss; none on the grown-ups' questions.
    public var mascot: String? {
        switch kind {
        case .won, .quit, .leave: return "mascot-happy"
        case .lost: return "mascot-sad"
        case .reset, .delete, .reportSaved, .reportFailed, .rest: return nil
        }
    }

    /// A picture of what a grown-ups' question is about: the trophy of the table a reset erases.
    public var picture: String? { kind == .reset ? "trophy" : nil }
}
