import GameCore
import Scenes
import Stage

/// The session's state and rules, owned by the runtime: who plays, the classroom's choices
/// (the session limit, the PIN, the levels and sets, the games Home shows), the session
/// limit's clock, its warning and the rest, and the adult gate's tries, wait and last outcome.
/// Scenes read it through their `GameContext` and change it only by sending intents
/// (`Effect.chooseClassroom`, `.gateAnswered`, `.restEnded`, `.pickPlayer`); time moves it
/// only through `step`, which the runtime's frame calls (`GameRuntime.frameEnds`), never a
/// scene. A pure value: its tests step it.
@MainActor
public struct Session {
    /// What a school or a parent set in the config files, and the corner's changes since.
    public var classroom: ClassroomSettings
    /// The games Home offers, in tile order (the config's and the corner's choice among
    /// every game the app knows).
    public var games: GameRegistry
    /// Who plays now (the guest unless a child was picked or `--profile` named one).
    public var player: Player = .guest
    /// Seconds played since the start, the last rest or the last change of the limit.
    public private(set) var elapsed = 0.0
    /// The spoken warning was given.
    public private(set) var warned = false
    /// The rest screen shows (the limit's clock stands still).
    public private(set) var resting = false
    /// The adult gate's tries and wait, kept while the gate is closed (reopening it gives no
    /// new tries). Made at the gate's first opening; made anew when the PIN changes.
    public private(set) var gate: GateRules?
    /// What the gate's last answer brought, until the gate closes or its wait ends.
    public private(set) var gateOutcome: GateRules.Outcome?

    /// The warning comes this long before the limit.
    public static let warningSeconds = 120.0

    public init(classroom: ClassroomSettings = ClassroomSettings(), games: GameRegistry) {
        self.classroom = classroom
        self.games = games
    }

    /// What a step brought, for the runtime to say, log and show.
    public enum Event: Equatable, Sendable {
        /// Two minutes are left: the spoken warning.
        case warning(secondsLeft: Int)
        /// The limit is reached: the rest screen.
        case rest(minutes: Int)
        /// The gate's wait ended: one try again (its question).
        case gateReady(question: String)
    }

    // MARK: Time

    /// Rule time passes: the session limit's clock runs while there is a limit and no rest;
    /// the gate's wait runs down while the gate shows.
    public mutating func step(_ dt: Double, gateShowing: Bool) -> [Event] {
        var events: [Event] = []
        if gateShowing, var rules = gate, rules.isWaiting {
            if rules.advance(dt) {
                gateOutcome = nil
                events.append(.gateReady(question: rules.question.text))
            }
            gate = rules
        }
        guard let minutes = classroom.sessionMinutes, minutes > 0, !resting else { return events }
        elapsed += dt
        let limit = Double(minutes) * 60
        if !warned && elapsed >= limit - Self.warningSeconds {
            warned = true
            events.append(.warning(secondsLeft: Int(Self.warningSeconds)))
        }
        if elapsed >= limit {
            resting = true
            events.append(.rest(minutes: minutes))
        }
        return events
    }

    /// The gate's right answer over the rest screen: a new session starts.
    public mutating func restEnded() {
        elapsed = 0
        warned = false
        resting = false
    }

    // MARK: The classroom's choices

    /// A grown-up's choice in the corner. `all`: every game the app knows (Home shows the
    /// chosen ones in the app's order).
    public mutating func choose(_ choice: ClassroomChoice, among all: GameRegistry) {
        switch choice {
        case .sessionMinutes(let minutes):
            classroom.sessionMinutes = minutes.flatMap { $0 > 0 ? $0 : nil }
            elapsed = 0
            warned = false
        case .games(let ids):
            games = GameRegistry(all.games.filter { ids.contains($0.id) })
        case .levels(let levels):
            classroom.levels = Level.allCases.filter { levels.contains($0) }
        case .pin(let pin):
            classroom.gatePIN = pin.flatMap { $0.isEmpty ? nil : $0 }
            gate = nil
        case .sets(let ids):
            classroom.sets = ids
        }
    }

    // MARK: The adult gate

    /// The gate opens: its rules are kept from the last opening, or made (the first
    /// opening, or the PIN changed); the last outcome shown is forgotten.
    public mutating func openGate(using random: inout some RandomNumberGenerator) {
        let pin = classroom.gatePIN
        if gate == nil || gate?.pin != pin.flatMap({ $0.isEmpty ? nil : $0 }) {
            gate = GateRules(pin: pin, using: &random)
        }
        gateOutcome = nil
    }

    /// An answer typed at the gate: right opens it, wrong costs a try (GateRules).
    public mutating func answerGate(_ typed: String, using random: inout some RandomNumberGenerator) {
        guard var rules = gate else { return }
        gateOutcome = rules.check(typed, using: &random)
        gate = rules
    }

    /// A fresh question (the reset's second confirmation).
    public mutating func askGateAgain(using random: inout some RandomNumberGenerator) {
        gate?.newQuestion(using: &random)
    }

    // MARK: Who plays

    /// A child's profile changed: if she plays, who plays takes the change.
    public mutating func childChanged(_ child: ChildProfile) {
        if player.child?.number == child.number { player = .child(child) }
    }

    /// A child was deleted: if she played, the guest plays.
    public mutating func childDeleted(_ child: ChildProfile) {
        if player.child?.number == child.number { player = .guest }
    }
}
