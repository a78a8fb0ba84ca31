import GameCore
import Settings
import Stage
import TextCatalogs

/// The corner's classroom page: the session limit, the games and levels Home shows, the
/// gate's PIN and the content sets. Each choice is an intent (`Effect.chooseClassroom`):
/// the runtime's session changes and remembers it; the page logs it.
extension CornerScene {
    // MARK: - Content sets (issue 44)

    /// Whether a game's round may take this set: chosen, or (none of its game's chosen) any.
    func setIsOn(_ set: ContentSet) -> Bool {
        let chosen = (context.classroom.sets ?? []).filter { context.sets.set($0)?.game == set.game }
        return chosen.isEmpty || chosen.contains(set.id)
    }

    /// Turns a set on or off for its game; a game keeps one set at least. All of a game's
    /// sets on is no choice for it (its sets in turn).
    func toggleSet(_ i: Int) {
        guard context.sets.entries.indices.contains(i), let set = context.sets.entries[i].set else {
            emit(.sound(.oops)) // a set with problems cannot be chosen
            return
        }
        let all = context.sets.sets(for: set.game).map(\.id)
        var on = all.filter { id in context.sets.set(id).map(setIsOn) ?? false }
        if on.contains(set.id) { on.removeAll { $0 == set.id } } else { on.append(set.id) }
        guard !on.isEmpty else { emit(.sound(.oops)); return }
        var chosen = (context.classroom.sets ?? []).filter { context.sets.set($0)?.game != set.game }
        if on.count < all.count { chosen += all.filter(on.contains) }
        // Logged as the session took it (`classroomChosen`).
        emit(.chooseClassroom(.sets(chosen.isEmpty ? nil : chosen)))
    }

    /// The session took a classroom choice: the `setting` line says what it holds now.
    func classroomChosen(_ choice: ClassroomChoice) {
        if case .sets = choice {
            emit(.log("setting", [("key", "sets"), ("value", context.classroom.sets.map { JSON.strings($0) } ?? .null)]))
        } else {
            logClassroom()
        }
    }

    static func isClassroom(_ t: Target) -> Bool {
        switch t {
        case .sessionDown, .sessionUp, .game, .level, .pinSet, .pinClear, .set: return true
        default: return false
        }
    }

    /// The config key each classroom control changes (a locked key does not change).
    static func key(_ t: Target) -> SettingKey {
        switch t {
        case .sessionDown, .sessionUp: return .sessionMinutes
        case .game: return .games
        case .level: return .levels
        case .set: return .sets
        default: return .gatePIN
        }
    }

    func classroom(_ t: Target) -> [SceneCommand] {
        switch t {
        case .sessionDown, .sessionUp:
            let now = context.classroom.sessionMinutes ?? 0
            let i = Self.sessionSteps.lastIndex { $0 <= now } ?? 0
            let next = Self.sessionSteps[max(0, min(Self.sessionSteps.count - 1, i + (t == .sessionUp ? 1 : -1)))]
            emit(.chooseClassroom(.sessionMinutes(next == 0 ? nil : next)))
        case .game(let g):
            var games = shownGames
            if games.contains(g) { games.removeAll { $0 == g } } else { games.append(g) }
            guard !games.isEmpty else { emit(.sound(.oops)); return [] } // one game at least
            emit(.chooseClassroom(.games(games)))
        case .level(let l):
            var levels = shownLevels
            if levels.contains(l) { levels.removeAll { $0 == l } } else { levels.append(l) }
            guard !levels.isEmpty else { emit(.sound(.oops)); return [] }
            emit(.chooseClassroom(.levels(levels)))
        case .pinSet:
            return [.push(PinScene(context: context))]
        case .pinClear:
            emit(.chooseClassroom(.pin(nil)))
        default:
            logClassroom()
        }
        return []
    }

    /// The `setting` line of the classroom's choices (the runtime remembered them).
    func logClassroom() {
        emit(.log("setting", [("key", "classroom"), ("sessionMinutes", .optional(context.classroom.sessionMinutes)),
                                      ("games", .strings(shownGames.map(\.rawValue))), ("levels", .strings(shownLevels.map(\.rawValue))),
                                      ("pin", .bool(context.classroom.gatePIN != nil))]))
    }
}
