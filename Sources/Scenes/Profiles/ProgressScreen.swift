import GameCore
import Stage
import TextCatalogs

/// Reads a player's finished games for the Progress screen (the app's store does, with the
/// progress database's history query: the rows the saved report's `games.csv` holds).
@MainActor
public protocol ProgressReading: AnyObject {
    /// Every finished game of `player` (`child-N` or `guest`), oldest first.
    func rounds(of player: String) -> [PlayedRound]
    /// The wall clock (seconds since 1970), for "the last 7 days".
    var progressNow: Double { get }
    /// The local time's offset from UTC in seconds (the chart's dates are local days).
    var utcOffset: Double { get }
    /// A school's server is named: the pages show the class's figures (issue #47).
    var classFiguresShown: Bool { get }
    /// When the other kiosks' figures were last taken from the server (nil: not yet).
    var classFiguresAt: Double? { get }
}

extension ProgressReading {
    public var classFiguresShown: Bool { false }
    public var classFiguresAt: Double? { nil }
}

/// One page of the corner's Progress: a child (or the guest), whether she has played or not.
public struct ProgressPage: Equatable, Sendable {
    /// `child-N` or `guest`.
    public var player: String
    public var child: ChildProfile?
    public var progress: ChildProgress
    public var utcOffset: Double
    /// The school's server's figures (this kiosk's rounds and the other kiosks' as last
    /// taken from the server): nil without a server; inside, when they were taken (nil: not yet).
    public var classFigures: ClassFigures?
    public struct ClassFigures: Equatable, Sendable {
        public var upToDate: Double?
        /// The wall clock when the page was read (an older day than today is named).
        public var now: Double
        public init(upToDate: Double?, now: Double) { self.upToDate = upToDate; self.now = now }
    }
    public var hasPlayed: Bool { progress.played > 0 }
}

/// The Progress part of the grown-ups' corner, drawn inside the corner's panel: who, totals
/// (played, won, lost, best score, time in the last 7 days), a table per game and level,
/// and a chart of the last 30 scores with labelled axes and dates. Each frame is a small
/// named function, so layouts for other screen shapes can place them one by one.
@MainActor
public enum ProgressScreen {
    static var panel: Rect { CornerScene.panel }

    // MARK: - Frames

    /// The player's picture and name (the Save button is at the right of the same row).
    static func headerFrame() -> Rect { Rect(panel.x + 20, panel.y + 16, CornerScene.saveFrame.x - panel.x - 36, 72) }
    /// Under the header: where the saved report went (two lines).
    static func noteFrame() -> Rect { Rect(panel.x + 20, panel.y + 94, panel.width - 40, 48) }
    /// The totals: played, won, lost, best score, the last 7 days.
    /// (The last, the time, is the widest: its words are the longest.)
    static func statFrame(_ i: Int) -> Rect {
        let last = 180.0
        let width = (panel.width - 40 - 4 * 8 - last) / 4
        return Rect(panel.x + 20 + Double(i) * (width + 8), panel.y + 148, i == 4 ? last : width, 66)
    }
    /// The table: a row per game, a column per level.
    static func tableFrame() -> Rect { Rect(panel.x + 20, panel.y + 224, panel.width - 40, 204) }
    static let tableHeaderHeight = 40.0
    static let gameColumnWidth = 216.0
    static func tableCell(row: Int, column: Int, rows: Int) -> Rect {
        let t = tableFrame()
        let height = min(54, (t.height - tableHeaderHeight) / Double(max(rows, 1)))
        let width = (t.width - gameColumnWidth) / Double(Level.allCases.count)
        let y = t.y + tableHeaderHeight + Double(row) * height
        return column < 0 ? Rect(t.x, y, gameColumnWidth, height - 4)
                          : Rect(t.x + gameColumnWidth + Double(column) * width, y, width - 4, height - 4)
    }
    static func levelHeaderFrame(_ column: Int) -> Rect {
        let t = tableFrame()
        let width = (t.width - gameColumnWidth) / Double(Level.allCases.count)
        return Rect(t.x + gameColumnWidth + Double(column) * width, t.y, width - 4, tableHeaderHeight - 4)
    }
    /// The chart's plot area (the axes are its left and bottom edges); its labels go around
    /// it, clear of the page arrows at the panel's bottom corners.
    static func plotFrame() -> Rect {
        Rect(panel.x + 150, panel.y + 456, panel.maxX - 140 - (panel.x + 150), 100)
    }
    /// The legend: a marker and a picture per game, right of the plot.
    static func legendFrame() -> Rect {
        let plot = plotFrame()
        return Rect(plot.maxX + 16, plot.y - 4, panel.maxX - 20 - plot.maxX - 16, plot.height + 16)
    }
    /// Between the page arrows: "2 / 5".
    static func pageFrame() -> Rect {
        Rect(CornerScene.previousFrame.maxX + 10, CornerScene.previousFrame.y + 36, CornerScene.nextFrame.x - CornerScene.previousFrame.maxX - 20, 36)
    }
    /// The middle of the panel, for "Not played yet".
    static func emptyFrame() -> Rect { Rect(panel.x + 20, panel.y + 250, panel.width - 40, 160) }

    /// The games in the table: those played, in the registry's order.
    static func games(_ page: ProgressPage) -> [GameKind] {
        var out: [GameKind] = []
        for cell in page.progress.cells where !out.contains(cell.game) { out.append(cell.game) }
        return out
    }

    // MARK: - Drawing

    static func draw(_ canvas: any Canvas, _ page: ProgressPage?, number: Int, of count: Int, note: [String], context: GameContext) {
        if !note.isEmpty { drawNote(canvas, note) }
        guard let page else {
            canvas.text(context.text(Messages.cornerNoChildren), Theme.headingText, at: emptyFrame().center, color: Theme.inkSoft)
            return
        }
        drawHeader(canvas, page, context: context)
        if count > 1 {
            canvas.text(context.text(Messages.progressPage, ["n": String(number), "count": String(count)]), Theme.labelText,
                        at: pageFrame().center, color: Theme.ink)
        }
        guard page.hasPlayed else {
            let text = context.text(Messages.progressNotPlayed)
            canvas.text(text, canvas.fitting(text, Theme.headingText, width: emptyFrame().width), at: emptyFrame().center, color: Theme.inkSoft)
            return
        }
        drawStats(canvas, page.progress, context: context)
        drawTable(canvas, page, context: context)
        drawChart(canvas, page, context: context)
    }

    static func name(_ page: ProgressPage, context: GameContext) -> String {
        if let child = page.child { return child.nickname ?? context.text(Messages.cornerUnnamed, ["n": String(child.number)]) }
        return context.text(Messages.cornerGuest)
    }

    static func drawHeader(_ canvas: any Canvas, _ page: ProgressPage, context: GameContext) {
        let f = headerFrame()
        AvatarArt.draw(canvas, page.child?.avatar, in: Rect(f.x, f.y + 4, 64, 64), radius: 14, shadow: 0)
        let who = name(page, context: context)
        guard let figures = page.classFigures else {
            canvas.text(who, canvas.fitting(who, Theme.headingText, width: f.width - 84), at: Point(f.x + 80, f.midY), align: .left, color: Theme.ink)
            return
        }
        // With a school's server: the name, and under it when the figures were brought up to date.
        canvas.text(who, canvas.fitting(who, Theme.headingText, width: f.width - 84), at: Point(f.x + 80, f.y + 22), align: .left, color: Theme.ink)
        let line = figuresLine(figures, utcOffset: page.utcOffset, context: context)
        canvas.text(line, canvas.fitting(line, Theme.smallText, width: f.width - 84), at: Point(f.x + 80, f.y + 56), align: .left, color: Theme.inkSoft)
    }

    /// "Brought up to date with the school's server at 14:05" (local time), or "not yet".
    static func figuresLine(_ figures: ProgressPage.ClassFigures, utcOffset: Double, context: GameContext) -> String {
        guard let upToDate = figures.upToDate,
              var time = ServerSign(pending: 0, failing: false, upToDate: upToDate).time(utcOffset: utcOffset) else {
            return context.text(Messages.progressServerNotYet)
        }
        // Not today (the server away for days): the day too.
        let day = ChildProgress.day(upToDate + utcOffset)
        if day != ChildProgress.day(figures.now + utcOffset) { time = day + " " + time }
        return context.text(Messages.progressServerTime, ["time": time])
    }

    /// "Report saved in this folder:" and the folder (its end kept when it is too long).
    static func drawNote(_ canvas: any Canvas, _ lines: [String]) {
        let f = noteFrame()
        for (i, line) in lines.prefix(2).enumerated() {
            let shown = i == 0 ? line : shortened(canvas, line, Theme.smallText, width: f.width)
            canvas.text(shown, canvas.fitting(shown, Theme.smallText, width: f.width), at: Point(f.midX, f.y + 12 + Double(i) * 24), color: Theme.ink)
        }
    }

    /// A path too wide for `width`: "…" and as much of its end as fits.
    static func shortened(_ canvas: any Canvas, _ text: String, _ style: TextStyle, width: Double) -> String {
        guard canvas.measure(text, style).width > width else { return text }
        var tail = Substring(text)
        while !tail.isEmpty && canvas.measure("…" + tail, style).width > width { tail = tail.dropFirst() }
        return "…" + tail
    }

    /// The pictures that say which figure is which: the totals' captions carry them, and
    /// the table's cells use them alone (numbers and pictures: no words to squeeze).
    static let playedIcon = "play", wonIcon = "check", lostIcon = "close", bestIcon = "trophy", weekIcon = "clock"

    static func drawStats(_ canvas: any Canvas, _ p: ChildProgress, context: GameContext) {
        let stats: [(Message, String, String)] = [
            (Messages.progressPlayed, playedIcon, String(p.played)), (Messages.progressWon, wonIcon, String(p.won)),
            (Messages.progressLost, lostIcon, String(p.lost)), (Messages.progressBest, bestIcon, String(p.best)),
            (Messages.progressWeek, weekIcon, ChildProgress.clock(p.weekSeconds)),
        ]
        for (i, stat) in stats.enumerated() {
            let f = statFrame(i)
            canvas.fillRounded(f, radius: 14, .white)
            let caption = context.text(stat.0)
            let style = canvas.fitting(caption, Theme.smallText, width: f.width - 34)
            let w = canvas.measure(caption, style).width
            let left = f.midX - (w + 24) / 2
            canvas.image(stat.1, in: Rect(left, f.y + 8, 20, 20))
            canvas.text(caption, style, at: Point(left + 24, f.y + 18), align: .left, color: Theme.inkSoft)
            canvas.text(stat.2, canvas.fitting(stat.2, Theme.headingText, width: f.width - 12), at: Point(f.midX, f.y + 46), color: Theme.ink)
        }
    }

    static func drawTable(_ canvas: any Canvas, _ page: ProgressPage, context: GameContext) {
        let games = self.games(page)
        for (column, level) in Level.allCases.enumerated() {
            let f = levelHeaderFrame(column)
            let text = context.text(Messages.level(level))
            let style = canvas.fitting(text, Theme.labelText, width: f.width - 52)
            let w = canvas.measure(text, style).width
            let left = f.midX - (w + 48) / 2
            canvas.image(level.imageName, in: Rect(left, f.midY - 15, 40, 30))
            canvas.text(text, style, at: Point(left + 48, f.midY), align: .left, color: Theme.ink)
        }
        for (row, game) in games.enumerated() {
            let head = tableCell(row: row, column: -1, rows: games.count)
            canvas.fillRounded(head, radius: 12, .white)
            canvas.image(game.imageName, in: Rect(head.x + 4, head.midY - 20, 40, 40))
            let title = context.title(of: game)
            canvas.text(title, canvas.fitting(title, Theme.labelText, width: head.width - 58), at: Point(head.x + 50, head.midY), align: .left, color: Theme.ink)
            for (column, level) in Level.allCases.enumerated() {
                let f = tableCell(row: row, column: column, rows: games.count)
                canvas.fillRounded(f, radius: 12, .white)
                guard let cell = page.progress.cells.first(where: { $0.game == game && $0.level == level }) else {
                    canvas.text(context.text(Messages.emptyCell), Theme.labelText, at: f.center, color: Theme.inkSoft)
                    continue
                }
                drawCell(canvas, cell, in: f)
            }
        }
    }

    /// A game at a level: played and best (top), won and lost (bottom), each a picture and
    /// a number.
    static func drawCell(_ canvas: any Canvas, _ cell: ChildProgress.Cell, in f: Rect) {
        let figures: [(String, Int)] = [(playedIcon, cell.played), (bestIcon, cell.best), (wonIcon, cell.won), (lostIcon, cell.lost)]
        for (i, figure) in figures.enumerated() {
            let x = f.x + 10 + Double(i % 2) * (f.width / 2)
            let y = f.midY + (i < 2 ? -12 : 12)
            canvas.image(figure.0, in: Rect(x, y - 10, 20, 20))
            let text = String(figure.1)
            canvas.text(text, canvas.fitting(text, Theme.smallText, width: f.width / 2 - 36), at: Point(x + 26, y), align: .left,
                        color: i == 0 || i == 1 ? Theme.ink : Theme.inkSoft)
        }
    }

    /// Each game's scores share the plot, told apart by a marker shape and its picture in
    /// the legend (never colour alone).
    enum Marker: Int, CaseIterable { case circle, square, diamond }
    static let markerColours = [Theme.focus, Color(214, 96, 0), Color(30, 130, 60)]

    static func drawMarker(_ canvas: any Canvas, _ marker: Marker, at p: Point, colour: Color) {
        switch marker {
        case .circle: canvas.fillCircle(center: p, radius: 6, colour)
        case .square: canvas.fill(Rect(p.x - 5.5, p.y - 5.5, 11, 11), colour)
        case .diamond:
            for dy in stride(from: -6.0, through: 6.0, by: 1) {
                let half = 6 - abs(dy)
                canvas.fill(Rect(p.x - half, p.y + dy - 0.5, half * 2 + 1, 1), colour)
            }
        }
    }

    static func drawChart(_ canvas: any Canvas, _ page: ProgressPage, context: GameContext) {
        let plot = plotFrame()
        let rounds = page.progress.chart
        let games = self.games(page)
        let top = max(rounds.map(\.score).max() ?? 1, 1)
        // The axes, the score scale (0, half, top) and its title.
        canvas.fill(Rect(plot.x - 2, plot.maxY, plot.width + 2, 2), Theme.inkSoft)
        canvas.fill(Rect(plot.x - 2, plot.y, 2, plot.height + 2), Theme.inkSoft)
        let ticks = top >= 2 ? [0, top / 2, top] : [0, top]
        for v in ticks {
            let y = plot.maxY - Double(v) / Double(top) * (plot.height - 8)
            canvas.fill(Rect(plot.x - 8, y, 6, 2), Theme.inkSoft)
            if v > 0 { canvas.fill(Rect(plot.x, y, plot.width, 1), Color(220, 216, 230)) }
            canvas.text(String(v), Theme.smallText, at: Point(plot.x - 12, y), align: .right, color: Theme.ink)
        }
        let scoreTitle = context.text(Messages.progressAxisScore)
        canvas.text(scoreTitle, canvas.fitting(scoreTitle, Theme.smallText, width: 200), at: Point(plot.x - 4, plot.y - 18), align: .left, color: Theme.inkSoft)
        // The points, in the order played; a line joins each game's own.
        let step = rounds.count > 1 ? (plot.width - 16) / Double(rounds.count - 1) : 0
        func point(_ i: Int) -> Point {
            Point(plot.x + 8 + (rounds.count > 1 ? Double(i) * step : (plot.width - 16) / 2),
                  plot.maxY - Double(rounds[i].score) / Double(top) * (plot.height - 8))
        }
        for (g, game) in games.enumerated() {
            let colour = markerColours[g % markerColours.count]
            var previous: Point?
            for i in rounds.indices where rounds[i].game == game {
                let p = point(i)
                if let previous { canvas.line(from: previous, to: p, width: 3, colour.withAlpha(0.55)) }
                previous = p
            }
            for i in rounds.indices where rounds[i].game == game {
                drawMarker(canvas, Marker(rawValue: g % Marker.allCases.count)!, at: point(i), colour: colour)
            }
        }
        drawDates(canvas, rounds, offset: page.utcOffset, x: { point($0).x }, plot: plot, context: context)
        drawLegend(canvas, games)
    }

    /// Under the plot: the day of the first game, of the last, and of each new day between
    /// where there is room; the axis's title in the middle of the free space.
    static func drawDates(_ canvas: any Canvas, _ rounds: [PlayedRound], offset: Double, x: (Int) -> Double, plot: Rect, context: GameContext) {
        guard !rounds.isEmpty else { return }
        let y = plot.maxY + 18
        var labels: [(Int, String)] = [(0, ChildProgress.day(rounds[0].played + offset))]
        for i in rounds.indices.dropFirst() {
            let day = ChildProgress.day(rounds[i].played + offset)
            if day != labels.last!.1 || i == rounds.count - 1 { labels.append((i, day)) }
        }
        if labels.count > 1, labels.last!.1 == labels[labels.count - 2].1 { labels.removeLast() }
        var taken: [Rect] = []
        let title = context.text(Messages.progressAxisDate)
        for (n, (i, day)) in labels.enumerated() {
            let w = canvas.measure(day, Theme.smallText).width
            let isLast = n == labels.count - 1 && n > 0
            var left = x(i) - w / 2
            left = max(plot.x - 20, min(left, plot.maxX + 10 - w))
            let r = Rect(left, y - 11, w, 22)
            // The first and last always; one between only if it keeps 12 px from the others
            // and from the last one's place.
            let lastRect: Rect? = labels.count > 1 ? {
                let (li, lday) = labels[labels.count - 1]
                let lw = canvas.measure(lday, Theme.smallText).width
                return Rect(max(plot.x - 20, min(x(li) - lw / 2, plot.maxX + 10 - lw)), y - 11, lw, 22)
            }() : nil
            if n > 0 && !isLast {
                if taken.contains(where: { $0.insetBy(-12, 0).intersects(r) }) { continue }
                if let lastRect, lastRect.insetBy(-12, 0).intersects(r) { continue }
            }
            taken.append(r)
            canvas.fill(Rect(x(i) - 1, plot.maxY + 2, 2, 6), Theme.inkSoft)
            canvas.text(day, Theme.smallText, at: Point(r.x, y), align: .left, color: Theme.ink)
        }
        canvas.text(title, canvas.fitting(title, Theme.smallText, width: 160), at: Point(plot.midX, y + 24), color: Theme.inkSoft)
    }

    static func drawLegend(_ canvas: any Canvas, _ games: [GameKind]) {
        let f = legendFrame()
        for (g, game) in games.enumerated() {
            let y = f.y + 4 + Double(g) * 40
            drawMarker(canvas, Marker(rawValue: g % Marker.allCases.count)!, at: Point(f.x + 10, y + 18), colour: markerColours[g % markerColours.count])
            canvas.image(game.imageName, in: Rect(f.x + 24, y, 36, 36))
        }
    }

    // MARK: - Dump

    /// The page as the dump gives it: who, the totals, the table's cells and the chart's
    /// scores (its dates are drawn, never logged: dates and times stay out of the log).
    static func dumpItem(_ page: ProgressPage) -> JSON {
        let p = page.progress
        let cells: [JSON] = p.cells.map { c in
            .object([("game", .string(c.game.rawValue)), ("level", .string(c.level.rawValue)), ("played", .int(c.played)),
                     ("won", .int(c.won)), ("lost", .int(c.lost)), ("best", .int(c.best))])
        }
        var fields: [(String, JSON)] = [
            ("player", .string(page.player)), ("nickname", page.child?.nickname.map(JSON.string) ?? .null),
            ("played", .int(p.played)), ("won", .int(p.won)), ("lost", .int(p.lost)), ("best", .int(p.best)),
            ("weekSeconds", .int(Int(p.weekSeconds.rounded()))), ("cells", .array(cells)),
            ("chart", .object([("scores", .array(p.chart.map { .int($0.score) })),
                               ("axes", .strings([Messages.progressAxisDate.key, Messages.progressAxisScore.key]))])),
        ]
        if let figures = page.classFigures {
            // The school's server's figures: the line's key and whether there is a time (no
            // time in the log).
            let key = figures.upToDate == nil ? Messages.progressServerNotYet.key : Messages.progressServerTime.key
            fields.append(("server", .object([("key", .string(key)), ("upToDate", .bool(figures.upToDate != nil))])))
        }
        return Scenes.dumpItem("progress-" + page.player, kind: "report", frame: Rect(panel.x + 20, panel.y + 148, panel.width - 40, 440), fields)
    }
}
