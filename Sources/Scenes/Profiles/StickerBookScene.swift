import GameCore
import Stage
import TextCatalogs

/// A child's sticker book: every finished round earned her a sticker, won or not, in the
/// order earned, 24 to a page. No streaks, no penalties, nothing to lose.
@MainActor
public final class StickerBookScene: BaseScene {
    public static let perPage = 24
    public static var previousFrame: Rect { pageArrowFrames.previous }
    public static var nextFrame: Rect { pageArrowFrames.next }
    public let child: ChildProfile?
    public let stickers: [Int]
    public private(set) var page = 0
    private var press = PressTracker<Int>()

    public init(context: GameContext) {
        child = context.player.child
        stickers = child.map { c in context.stickers(of: c) } ?? []
        super.init(context: context, name: "stickers")
        page = max(0, pages - 1) // the newest first
    }

    public override var title: String? { context.text(Messages.stickersTitle) }
    public override var showsBack: Bool { true }
    public var pages: Int { max(1, (stickers.count + Self.perPage - 1) / Self.perPage) }

    public override func onEnter() {
        emit(.log("stickers", [("action", "open"), ("count", .int(stickers.count))] + context.player.logFields))
    }

    /// On a portrait screen the book stands up on the whole canvas (issue 27): its page is
    /// taller than wide, the 24 places four to a row in six rows, as large as the canvas's
    /// height allows, the arrows under it. Elsewhere the 1024×768 frames are centred.
    public override var placesOwnFrames: Bool { Self.upright }

    /// The book's page: 944×548 across the design, or standing up above the arrows.
    public static var bookFrame: Rect {
        upright ? Rect(24, 84, Canvas1024.width - 48, Canvas1024.height - 84 - 140) : Rect(40, 84, 944, 548)
    }

    public static func slotFrame(_ slot: Int) -> Rect {
        guard !upright else {
            // Under the child's picture and name (112 units), six rows 24 apart.
            let book = bookFrame, columns = 4.0, rows = 6.0, rowGap = 24.0
            let s = min(150, ((book.height - 112 - 24 - (rows - 1) * rowGap) / rows).rounded(.down))
            let gap = min(40, ((book.width - 48 - columns * s) / (columns - 1)).rounded(.down))
            let x0 = (book.midX - (columns * s + (columns - 1) * gap) / 2).rounded()
            let y0 = (book.y + 112 + (book.height - 112 - 24 - (rows * s + (rows - 1) * rowGap)) / 2).rounded()
            return Rect(x0 + Double(slot % 4) * (s + gap), y0 + Double(slot / 4) * (s + rowGap), s, s)
        }
        let s = 104.0, gap = 12.0
        let x0 = (1024 - (8 * s + 7 * gap)) / 2
        return Rect(x0 + Double(slot % 8) * (s + gap), 196 + Double(slot / 8) * (s + 24), s, s)
    }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        func hit(_ p: Point) -> Int? {
            if page > 0 && Self.previousFrame.contains(p) { return -1 }
            if page < pages - 1 && Self.nextFrame.contains(p) { return 1 }
            return nil
        }
        switch event {
        case .pointerDown(let p):
            press.down(hit(p))
            let below = Self.upright ? Rect(0, TopBar.height, Canvas1024.width, Canvas1024.height - TopBar.height) : Rect(0, TopBar.height, 1024, 768 - TopBar.height)
            if hit(p) == nil, below.contains(p) {
                // Every tap gets an answer: a sticker (or an empty place) sparkles.
                emit(.sound(.boing))
            }
        case .pointerUp(let p):
            if let d = press.up(hit(p)) {
                emit(.sound(.click))
                page = max(0, min(pages - 1, page + d))
                emit(.log("stickers", [("action", "page"), ("page", .int(page + 1))]))
            }
        default: break
        }
        return []
    }

    public override func drawContent(on canvas: any Canvas) {
        SceneBackgrounds.draw("bg-home", on: canvas)
        let book = Self.bookFrame
        Decor.card(canvas, book, radius: 32, fill: Theme.panel, shadow: 8)
        if let child {
            AvatarArt.draw(canvas, child.avatar, in: Rect(book.x + 24, book.y + 16, 84, 84), radius: 18, shadow: 3)
            if let nick = child.nickname {
                canvas.text(nick, Theme.headingText, at: Point(book.x + 124, book.y + 58), align: .left, color: Theme.ink)
            }
        }
        canvas.image("sticker-book", in: Rect(book.maxX - 104, book.y + 16, 84, 84))
        let start = page * Self.perPage
        for slot in 0..<Self.perPage {
            let r = Self.slotFrame(slot)
            let index = start + slot
            if index < stickers.count {
                canvas.image(String(format2("sticker-", stickers[index])), in: r)
            } else {
                canvas.strokeRounded(r.insetBy(8, 8), radius: 20, width: 3, Color(220, 210, 190))
            }
        }
        for (d, frame) in [(-1, Self.previousFrame), (1, Self.nextFrame)] where (d < 0 ? page > 0 : page < pages - 1) {
            let r = press.pressed == d ? frame.scaled(0.92) : frame
            Decor.card(canvas, r, radius: 30, fill: Theme.focus, shadow: 5)
            let dir = Double(d), c = r.center
            canvas.line(from: Point(c.x - 14 * dir, c.y - 26), to: Point(c.x + 14 * dir, c.y), width: 10, .white)
            canvas.line(from: Point(c.x + 14 * dir, c.y), to: Point(c.x - 14 * dir, c.y + 26), width: 10, .white)
        }
    }

    /// `sticker-07` for 7.
    private func format2(_ prefix: String, _ n: Int) -> String { prefix + (n < 10 ? "0" : "") + String(n) }

    public override func dumpFields() -> [(String, JSON)] {
        [("count", .int(stickers.count)), ("page", .int(page + 1)), ("pages", .int(pages))] + context.player.logFields
    }

    public override func dumpItems() -> [JSON] {
        let start = page * Self.perPage
        var items: [JSON] = (0..<Self.perPage).compactMap { slot in
            let index = start + slot
            guard index < stickers.count else { return nil }
            return dumpItem("sticker-\(index + 1)", kind: "sticker", frame: Self.slotFrame(slot), [("icon", .string(format2("sticker-", stickers[index])))])
        }
        if page > 0 { items.append(dumpItem("page-previous", kind: "button", frame: Self.previousFrame, [("icon", "arrow"), ("enabled", true)])) }
        if page < pages - 1 { items.append(dumpItem("page-next", kind: "button", frame: Self.nextFrame, [("icon", "arrow"), ("enabled", true)])) }
        return items
    }
}
