import GameCore
import Scenes
import SystemIO
import Storage

/// `--profile NAME`: the child whose nickname or id (`child-N`) is NAME, or a new child with
/// that nickname and a free avatar (`Avatar.free`: no other child has it; the same name and
/// the same children give the same one). A 41st child is a usage error (exit 2).
@MainActor
enum ProfileChoice {
    static func resolve(_ name: String, in store: HighScoreStore) throws -> (player: Player, action: String) {
        let children = store.children
        if let n = Profiles.number(ofID: name), let child = children.first(where: { $0.number == n }) {
            return (.child(child), "chosen")
        }
        if Profiles.looksLikeID(name) {
            throw AppError.usage("--profile: there is no \(TextEscaping.escaped(name)) (the children are \(children.isEmpty ? "none yet" : children.map(\.id).joined(separator: ", "))); a new child is made from a nickname, never from an id")
        }
        // Whole names only: a name longer than a nickname can be is never cut to match another.
        guard let nickname = Profiles.cleanNickname(name), Profiles.nicknameFits(name) else {
            if Profiles.cleanNickname(name) != nil {
                throw AppError.usage("--profile: '\(TextEscaping.escaped(name))' is longer than a nickname can be (\(Profiles.nicknameLimit) letters, \(Profiles.nicknameByteLimit) bytes)")
            }
            throw AppError.usage("--profile: '\(TextEscaping.escaped(name))' is no nickname (give a few letters or a child's id such as child-1)")
        }
        if let child = children.first(where: { $0.nickname == nickname }) { return (.child(child), "chosen") }
        if Profiles.looksLikeID(nickname) {
            throw AppError.usage("--profile: '\(TextEscaping.escaped(name))' looks like a child's id; a nickname cannot")
        }
        switch store.addChild(nickname: nickname, avatar: Avatar.free(for: nickname, among: children.map(\.avatar))) {
        case .success(let child): return (.child(child), "created")
        case .failure(.full):
            throw AppError.usage("--profile: there are already \(Profiles.maximumChildren) children, the most the game keeps; delete one in the grown-ups' corner or pick one of them by nickname or id (child-1 ... )")
        case .failure(.nicknameTaken):
            if let child = store.children.first(where: { $0.nickname == nickname }) { return (.child(child), "chosen") }
            throw AppError.usage("--profile: the nickname '\(TextEscaping.escaped(nickname))' is taken")
        case .failure(.storage(let why)):
            throw AppError.fatal("--profile: cannot add a child (\(why))")
        }
    }
}
