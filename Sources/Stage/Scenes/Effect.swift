import GameCore

/// Something a scene wants done outside itself: a sound, a spoken line, a log line, what the
/// child or a grown-up did (an intent: the runtime's session decides what it changes), a
/// store's record. Scenes make these values and return them from their callbacks
/// (`Reaction`, issue #44); the stack hands them to the runtime (the `Runtime` target, which
/// Scenes cannot import), which carries each out in order as soon as the callback has
/// returned, before its navigation (`SceneCommand`s). An effect the runtime answers (a
/// store's record, the gate's verdict) comes back to its scene through `Scene.answer`.
@MainActor
public enum Effect: Equatable {
    // MARK: Sound and speech

    /// A sound effect: logged (`sound`, with `muted`), heard unless muted or effects are off.
    case sound(Sound)
    /// A spoken line (the `voice` event when it starts). Queued: now if the voice is free,
    /// else after the current line, replacing any line already waiting. `now`: cuts the
    /// current line (the answer to what the child just did). `then`: lines said one after
    /// another once it has finished, each when the one before has (dropped with it if it is
    /// cut or replaced).
    case speak(Message, [String: String] = [:], now: Bool = false, then: [Message] = [])
    /// The next praise line (queued), and the next gentle encouragement (at once); each takes
    /// turns through its lines.
    case praise, encourage
    /// Silences the voice and forgets the waiting line (leaving a screen).
    case stopSpeaking

    // MARK: The log and the terminal

    /// A line of the event log (TESTING.md), fields as given.
    case log(String, LogFields)
    /// The `hint` event: a tap that changed nothing, or help after mistakes.
    case hintEvent(String, target: String?, LogFields = [])
    /// A problem said once on the terminal (the app's `warn`).
    case warn(String)

    // MARK: What the child or a grown-up did (the runtime's `Session` decides what changes)

    /// The top bar's speaker (and M) was tapped: mutes or unmutes this run; a locked one only
    /// says no.
    case speakerTapped
    /// A grown-up turned one of the corner's switches: for this run and the next start.
    case chooseSwitch(SettingKey, Bool)
    /// A grown-up changed a classroom choice in the corner (remembered for the next start);
    /// answers `.chosen` (the corner logs what the session holds now).
    case chooseClassroom(ClassroomChoice)
    /// The adult gate opened: it keeps its tries and wait from its last opening (new ones
    /// when there were none, or the PIN changed); the last answer's outcome is forgotten.
    /// Answers `.gate` (the gate reads its rules in `answer`).
    case gateOpened
    /// An answer typed at the gate; answers `.gate` (`GameContext.gateOutcome` tells what it
    /// brought).
    case gateAnswered(String)
    /// The gate asks a fresh question (the reset's second confirmation); answers `.gate`.
    case gateAsksAgain
    /// The gate's right answer over the rest screen: the rest ends and a new session starts.
    case restEnded
    /// A child (or the guest) was picked to play.
    case pickPlayer(Player)
    /// A game's show-me demo started (not shown again where the run remembers it).
    case demoStarted(GameKind)
    /// A language was picked: the catalog, voices and direction change, and the choice is
    /// remembered.
    case pickLanguage(String)
    /// A game's round started with the set `GameContext.nextSet` named (issue 44: the
    /// classroom's choice or the next of the game's sets in turn): the turn moves on.
    case takeSet(GameKind)

    // MARK: The stores (answers come back as `EffectReply`)

    /// Records a finished round for the current player; answers `.ranks`.
    case recordRound(RoundRecord)
    /// Empties the high-score table (the gate's "Reset high scores").
    case resetScores
    /// Reads the table again (what another running copy recorded or reset); answers
    /// `.changed(true)` (the context's tables are the fresh ones).
    case refreshScores
    /// Adds a child; answers `.child`.
    case addChild(nickname: String?, avatar: Avatar)
    /// Changes a child's nickname or avatar (who plays, if it is she, takes the change);
    /// answers `.changed`.
    case updateChild(ChildProfile)
    /// Deletes a child and every record of hers (if she plays, the guest plays); answers
    /// `.changed`.
    case deleteChild(ChildProfile)
    /// Starts saving the progress report there, off the frame loop; answers `.report`.
    case saveReport(ReportDestination)

    // MARK: Small sentences

    /// A tap that changes nothing: a soft sound and a `nothing-here` hint (the scene wiggles
    /// the thing, or ripples where nothing is).
    public static func nothingHere(_ target: String?) -> [Effect] {
        [.sound(.nope), .hintEvent("nothing-here", target: target)]
    }

    /// A tap on a locked control: it changes nothing and answers with a soft "no" (the `sound`
    /// and a `hint` of kind `locked` naming it).
    public static func refuseLocked(_ target: String) -> [Effect] {
        [.sound(.nope), .hintEvent("locked", target: target)]
    }
}

/// A classroom choice a grown-up made in the corner.
public enum ClassroomChoice: Equatable, Sendable {
    /// The session limit in minutes (nil: none); its clock starts again.
    case sessionMinutes(Int?)
    /// The games Home shows, in this order (among every game the app knows).
    case games([GameKind])
    /// The levels Home offers.
    case levels([Level])
    /// The adult gate's PIN (nil: the sums); the gate asks anew.
    case pin(String?)
    /// The content sets the games play (nil: every set of a game in turn).
    case sets([String]?)
}

/// What the runtime answers an effect: `.done` for most, the result for a store's record.
/// Any other answer comes back to the scene that returned the effect (`Scene.answer`).
@MainActor
public enum EffectReply {
    case done
    /// `gateOpened`, `gateAnswered`, `gateAsksAgain`: the session's gate changed (its rules
    /// and last outcome are the context's `gateRules` and `gateOutcome`).
    case gate
    /// `chooseClassroom`: the session took the choice (the context's `classroom` holds it).
    case chosen
    /// `recordRound`: the round's ranks and sticker.
    case ranks(RoundRanks)
    /// `addChild`: the child, or why she could not be added.
    case child(Result<ChildProfile, ProfileFailure>)
    /// `updateChild`, `deleteChild`: whether the store changed; `refreshScores`: read again.
    case changed(Bool)
    /// `saveReport`: the save under way (nil: no saver in this run).
    case report((any ReportJob)?)

    public var ranks: RoundRanks? { if case .ranks(let r) = self { r } else { nil } }
    public var child: Result<ChildProfile, ProfileFailure>? { if case .child(let c) = self { c } else { nil } }
    public var changed: Bool { if case .changed(let c) = self { c } else { false } }
    public var reportJob: (any ReportJob)? { if case .report(let j) = self { j } else { nil } }
    /// True for `.done`: nothing comes back to the scene.
    public var isDone: Bool { if case .done = self { true } else { false } }
}

/// Where effects go: the runtime carries each out when it is sent, in order. The stack sends
/// what scenes return; no scene holds a performer (`GameContext` is not one).
@MainActor
public protocol EffectPerformer: AnyObject {
    @discardableResult func send(_ effect: Effect) -> EffectReply
}

extension EffectPerformer {
    /// Sends effects one by one, in order.
    public func send(_ effects: [Effect]) {
        for effect in effects { send(effect) }
    }
}
