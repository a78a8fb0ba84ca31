import GameCore
import Stage

/// How a child's avatar is drawn: her animal on her colour, in a rounded tile; the guest's
/// picture on grey. Never colour alone: the animal tells children apart.
@MainActor
public enum AvatarArt {
    public static func colour(_ name: String) -> Color {
        switch name {
        case "red": return Color(232, 84, 84)
        case "orange": return Color(246, 150, 52)
        case "yellow": return Color(242, 202, 44)
        case "green": return Color(84, 182, 92)
        case "teal": return Color(40, 170, 170)
        case "blue": return Color(72, 132, 232)
        case "purple": return Color(152, 104, 212)
        case "pink": return Color(236, 122, 182)
        default: return Theme.neutral
        }
    }

    public static func draw(_ canvas: any Canvas, _ avatar: Avatar?, in rect: Rect, radius: Double = 22, shadow: Double = 5) {
        Decor.card(canvas, rect, radius: radius, fill: avatar.map { colour($0.colour) } ?? Theme.neutral, shadow: shadow)
        let inset = rect.width * 0.1
        canvas.image(avatar.map { "animal-" + $0.animal } ?? "guest", in: rect.insetBy(inset, inset))
    }

    public static func icon(_ player: Player) -> String {
        player.child.map { "animal-" + $0.avatar.animal } ?? "guest"
    }
}

/// The player's button at the left of Home's top bar (her avatar: tap to change who plays)
/// and, for a child, her sticker book beside it. Shown when profiles are on.
@MainActor
public enum ProfileBar {
    public static var playerFrame: Rect { Rect(4, 0, 84, TopBar.height) }
    public static var stickersFrame: Rect { Rect(92, 0, 84, TopBar.height) }

    public enum Target: Equatable, Sendable { case player, stickers }

    /// Shown once there are children (a fresh data folder's Home is exactly as before).
    public static func targets(_ context: GameContext) -> [Target] {
        guard context.profilesOn, context.childCount > 0 || context.player.child != nil else { return [] }
        return context.player.child == nil ? [.player] : [.player, .stickers]
    }

    public static func frame(_ t: Target) -> Rect { t == .player ? playerFrame : stickersFrame }

    public static func hit(_ p: Point, _ context: GameContext) -> Target? {
        targets(context).first { frame($0).contains(p) }
    }

    public static func draw(_ canvas: any Canvas, _ context: GameContext, pressed: Target?) {
        for t in targets(context) {
            var r = frame(t).insetBy(12, 6)
            r = Rect(r.midX - 26, r.midY - 26, 52, 52)
            if pressed == t { r = r.scaled(0.9) }
            switch t {
            case .player:
                AvatarArt.draw(canvas, context.player.child?.avatar, in: r, radius: 14, shadow: 2)
            case .stickers:
                canvas.image("sticker-book", in: r)
            }
        }
    }

    /// What tapping does: the picker, or the child's sticker book.
    public static func activate(_ t: Target) -> Reaction {
        switch t {
        case .player: return Reaction([.sound(.whoosh)], [.show(.picker)])
        case .stickers: return Reaction([.sound(.whoosh)], [.show(.stickers)])
        }
    }

    public static func items(_ context: GameContext) -> [JSON] {
        targets(context).map { t in
            switch t {
            case .player:
                return dumpItem("player", kind: "button", frame: playerFrame,
                                [("icon", .string(AvatarArt.icon(context.player)))] + context.player.logFields + [("enabled", true)])
            case .stickers:
                return dumpItem("stickers", kind: "button", frame: stickersFrame, [("icon", "sticker-book"), ("enabled", true)])
            }
        }
    }
}
