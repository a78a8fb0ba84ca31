import GameCore

// MARK: - Children

extension HighScoreStore {
    public var children: [ChildProfile] {
        let list = (try? database?.children()) ?? []
        childCount = list.count
        return list
    }

    public func addChild(nickname: String?, avatar: Avatar) -> Result<ChildProfile, ProfileFailure> {
        guard let database else { return .failure(.storage("no database")) }
        switch database.addChild(nickname: nickname.flatMap(Profiles.cleanNickname), avatar: avatar, created: clock()) {
        case .success(let child):
            childCount += 1
            return .success(child)
        case .failure(.full): return .failure(.full)
        case .failure(.nicknameTaken): return .failure(.nicknameTaken)
        case .failure(.database(let error)): return .failure(.storage("\(error)"))
        }
    }

    @discardableResult
    public func update(_ child: ChildProfile) -> Bool {
        var cleaned = child
        cleaned.nickname = child.nickname.flatMap(Profiles.cleanNickname)
        do { try database?.update(cleaned); return true } catch {
            warn("cannot change \(child.id) (\(error))")
            return false
        }
    }

    @discardableResult
    public func deleteChild(_ child: ChildProfile) -> Bool {
        do {
            try database?.deleteChild(number: child.number)
            childCount = max(0, childCount - 1)
            refresh()
            return true
        } catch {
            warn("cannot delete \(child.id) (\(error))")
            return false
        }
    }

    public func stickers(of child: ChildProfile) -> [Int] { (try? database?.stickers(child: child.number)) ?? [] }

    public func summary() -> [ProgressSummary] { (try? database?.summary()) ?? [] }

    public func lastRounds(of child: ChildProfile, game: GameKind, limit: Int) -> [PlayedRound] {
        ((try? database?.lastRounds(child: child.number, game: game, limit: limit)) ?? [])
            .map { PlayedRound(game: $0.game, level: $0.level, score: $0.score, won: $0.result == "won", seconds: $0.duration, played: $0.played,
                             relaxed: $0.relaxed) }
    }
}
