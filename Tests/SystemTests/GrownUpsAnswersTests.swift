import Testing
@testable import GameCore
@testable import Scenes
@testable import Storage
@testable import Runtime
@testable import Render
@testable import KidsJoyApp
import Stage
import TextCatalogs
@testable import SceneTests
@testable import RenderTests

/// Issue 27, "the grown-ups' answers": Home's padlock and its caption, Progress for every
/// child (played or not) with won and lost per game and level, the last 7 days, the best
/// score and a chart with labelled axes and dates; "Report saved" names its folder.
@Suite(.serialized) @MainActor struct GrownUpsAnswersTests {
    final class Clock { var now = 1_795_000_000.0 }  // 2026-11-18 11:06:40 UTC

    /// A context with profiles on, a store on `clock`, and `names` children.
    static func context(_ names: [String], clock: Clock, language: String = "en") throws -> (GameRuntime, [ChildProfile]) {
        let dir = temporaryDirectory()
        let store = HighScoreStore(directory: dir, warn: { _ in }, clock: { clock.now })
        let context = GameRuntime(log: EventLog(writer: nil, keepInMemory: true), random: RandomSource(seed: 1), scores: store,
                                  settingsStore: SettingsStore(directory: dir, warn: { _ in }), soundPlayer: SilentSoundPlayer(),
                                  registry: .standard)
        context.catalog = try TextFitTests.catalog(language)
        context.profiles = store
        var kids: [ChildProfile] = []
        for name in names {
            if case .success(let child) = store.addChild(nickname: name, avatar: Avatar.deterministic(for: name)) { kids.append(child) }
        }
        return (context, kids)
    }

    /// The corner, on its Progress section.
    static func progress(_ context: GameRuntime) -> (SceneStack, CornerScene) {
        let corner = CornerScene(context: context)
        let stack = SceneStack(root: corner, runtime: context)
        stack.rightToLeft = context.rightToLeft
        Self.tapAt(stack, CornerScene.sectionFrame(.progress).center)
        return (stack, corner)
    }

    /// The texts drawn, where the scene placed them (a right-to-left screen's mirroring
    /// undone, so frames and anchors compare in the scene's own coordinates).
    static func drawn(_ stack: SceneStack) throws -> [TextFitTests.FitCanvas.Drawn] {
        let canvas = TextFitTests.FitCanvas(try RightToLeftTests.arabicCanvas())
        stack.draw(on: canvas)
        guard stack.rightToLeft else { return canvas.texts }
        return canvas.texts.map { t in
            TextFitTests.FitCanvas.Drawn(string: t.string, style: t.style, at: MirroredCanvas.mirror(t.at),
                                         align: t.align == .left ? .right : t.align == .right ? .left : .center)
        }
    }

    /// A tap on what the scene placed at `p` (mirrored on a right-to-left screen).
    static func tapAt(_ stack: SceneStack, _ p: Point) {
        tap(stack, stack.rightToLeft ? MirroredCanvas.mirror(p) : p)
        step(stack, seconds: 0.5)
    }

    /// The real languages (the pseudo-language `qps` is a third longer on purpose: the
    /// size checks leave it out).
    nonisolated static let languages = TextFitTests.languages.filter { $0 != "qps" }

    static func items(_ stack: SceneStack) -> [JSON] { stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? [] }
    static func field(_ stack: SceneStack, _ name: String) -> JSON? { stack.dump().first { $0.0 == name }?.1 }

    // MARK: - Progress

    /// Three children who have not played: three pages, each saying so (it said "No
    /// children yet").
    @Test func test_progressListsChildrenWhoHaveNotPlayed() throws {
        let (context, kids) = try Self.context(["Ana", "Ben", "Zoe"], clock: Clock())
        let (stack, _) = Self.progress(context)
        #expect(Self.field(stack, "pages")?.intValue == 3)
        for (i, kid) in kids.enumerated() {
            let texts = try Self.drawn(stack).map(\.string)
            #expect(texts.contains(kid.nickname!), "page \(i + 1) names \(kid.nickname!)")
            #expect(texts.contains("Not played yet"))
            #expect(!texts.contains("No children yet"))
            #expect(Self.items(stack).contains { $0["id"]?.stringValue == "progress-" + kid.id })
            if i < kids.count - 1 { Self.tapAt(stack, CornerScene.nextFrame.center) }
        }
    }

    /// Games played, won and lost in all and per game and level, the time of the last 7
    /// days (an older game does not count), the best score, and the chart's dates and axes.
    @Test func test_progressFiguresPerGameAndLevel() throws {
        let clock = Clock()
        let (context, kids) = try Self.context(["Ana", "Ben"], clock: clock)
        let ana = Player.child(kids[0])
        let day = 86_400.0, start = clock.now
        clock.now = start - 10 * day  // an old game: counted, but not in the last 7 days
        context.scores.recordRound(RoundRecord(game: .sorting, level: .hard, score: 40, result: "won", reason: "all-placed", duration: 100), player: ana)
        clock.now = start - 2 * day
        context.scores.recordRound(RoundRecord(game: .memory, level: .easy, score: 12, result: "won", reason: "all-found", duration: 30), player: ana)
        clock.now = start - 1 * day
        context.scores.recordRound(RoundRecord(game: .memory, level: .easy, score: 5, result: "lost", reason: "time", duration: 45), player: ana)
        context.scores.recordRound(RoundRecord(game: .balloons, level: .medium, score: 33, result: "won", reason: "time", duration: 60), player: ana)
        clock.now = start
        let (stack, _) = Self.progress(context)
        #expect(Self.field(stack, "pages")?.intValue == 2)
        let item = try #require(Self.items(stack).first { $0["id"]?.stringValue == "progress-" + kids[0].id })
        #expect(item["played"]?.intValue == 4)
        #expect(item["won"]?.intValue == 3)
        #expect(item["lost"]?.intValue == 1)
        #expect(item["best"]?.intValue == 40)
        #expect(item["weekSeconds"]?.intValue == 135)
        let cells = item["cells"]?.arrayValue ?? []
        let summary = cells.map { c in
            "\(c["game"]?.stringValue ?? "")/\(c["level"]?.stringValue ?? "") \(c["played"]?.intValue ?? -1) \(c["won"]?.intValue ?? -1) \(c["lost"]?.intValue ?? -1) \(c["best"]?.intValue ?? -1)"
        }
        #expect(summary == ["memory/easy 2 1 1 12", "sorting/hard 1 1 0 40", "balloons/medium 1 1 0 33"])
        let store = try #require(context.scores as? HighScoreStore)
        #expect(item["chart"]?["scores"]?.arrayValue?.compactMap(\.intValue) == [40, 12, 5, 33])
        let days = [start - 10 * day, start - 2 * day, start - day, start - day].map { ChildProgress.day($0 + store.utcOffset) }
        // What a grown-up reads: the captions, the figures, the axes' titles and the dates.
        let texts = try Self.drawn(stack).map(\.string)
        for expected in ["Played", "Won", "Lost", "Best score", "Last 7 days", "4", "3", "1", "40", "2:15", "Score", "Date", "Easy", "Medium", "Hard",
                         "Memory", "Sorting", "Balloons", days[0], days[3]] {
            #expect(texts.contains(expected), "the Progress page shows \(expected)")
        }
        // Ben has not played: his page says so.
        Self.tapAt(stack, CornerScene.nextFrame.center)
        let benTexts = try Self.drawn(stack).map(\.string)
        #expect(benTexts.contains("Not played yet"))
    }

    /// The figures as pure values: the last 7 days up to now, per game and level, the clock
    /// and day words.
    @Test func test_childProgressValues() {
        let now = 1_795_000_000.0
        func round(_ g: GameKind, _ l: Level, _ score: Int, _ won: Bool, _ s: Double, ago: Double) -> PlayedRound {
            PlayedRound(game: g, level: l, score: score, won: won, seconds: s, played: now - ago)
        }
        let p = ChildProgress(rounds: [round(.balloons, .hard, 9, false, 20, ago: 8 * 86_400), round(.memory, .hard, 3, true, 10, ago: 7 * 86_400 - 1),
                                       round(.memory, .easy, 7, true, 5, ago: 0)], now: now, games: GameRegistry.standard.ids)
        #expect(p.played == 3 && p.won == 2 && p.lost == 1 && p.best == 9)
        #expect(p.weekSeconds == 15)
        #expect(p.cells.map { "\($0.game)/\($0.level.rawValue)" } == ["memory/easy", "memory/hard", "balloons/hard"])
        #expect(ChildProgress.day(now) == "2026-11-18")
        #expect(ChildProgress.day(0) == "1970-01-01")
        #expect(ChildProgress.day(951_782_400) == "2000-02-29")
        #expect(ChildProgress.clock(135) == "2:15")
        #expect(ChildProgress.clock(3_725) == "1:02:05")
        let many = ChildProgress(rounds: (0..<40).map { round(.memory, .easy, $0, true, 1, ago: Double(40 - $0)) }, now: now, games: [])
        #expect(many.chart.count == ChildProgress.chartLimit)
        #expect(many.chart.first?.score == 10)
    }

    // MARK: - Report saved

    final class FakeReports: ReportSaving {
        func destinations() -> [ReportDestination] { [ReportDestination(label: nil, path: "/home/ana", isUSB: false)] }
        func begin(to destination: ReportDestination) -> any ReportJob {
            FinishedReportJob(.success(destination.path + "/kids-joy-center-report-20261118-1"))
        }
    }

    /// "Report saved" says where: the folder's path under the button (nothing is opened).
    @Test func test_reportSavedNamesTheFolder() throws {
        let clock = Clock()
        let (context, kids) = try Self.context(["Ana"], clock: clock)
        context.scores.recordRound(RoundRecord(game: .memory, level: .easy, score: 12, result: "won", reason: "all-found"), player: .child(kids[0]))
        let reports = FakeReports()
        context.reports = reports
        let (stack, _) = Self.progress(context)
        Self.tapAt(stack, CornerScene.saveFrame.center)
        #expect(stack.top is SaveReportScene)
        Self.tapAt(stack, SaveReportScene.tileFrame(0).center)
        #expect(stack.top is CornerScene)
        let texts = try Self.drawn(stack).map(\.string)
        #expect(texts.contains("Report saved in this folder:"))
        #expect(texts.contains("/home/ana/kids-joy-center-report-20261118-1"))
    }

    /// A folder too long for the panel keeps its end (the report's own name) after "…".
    @Test func test_longFolderKeepsItsEnd() throws {
        let canvas = try RightToLeftTests.arabicCanvas()
        let path = "/media/ana/" + String(repeating: "very-long-stick-name-", count: 8) + "/kids-joy-center-report-20261118-1"
        let shown = ProgressScreen.shortened(canvas, path, Theme.smallText, width: 400)
        #expect(shown.hasPrefix("…"))
        #expect(shown.hasSuffix("kids-joy-center-report-20261118-1"))
        #expect(canvas.measure(shown, Theme.smallText).width <= 400)
    }

    // MARK: - Home's padlock

    /// A padlock and "Grown-ups: hold 3 s" beside the logo, outside the logo's hold area;
    /// a tap on it gets the soft answer and nothing opens; held 3 s it opens the gate.
    @Test(arguments: ["en", "ar"])
    func test_homePadlockCaption(language: String) throws {
        let (context, _) = try Self.context([], clock: Clock(), language: language)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.rightToLeft = context.rightToLeft
        step(stack, frames: 2)
        let frame = HomeScene.grownUpsFrame()
        #expect(!frame.intersects(TopBar.logoFrame))
        #expect(!frame.intersects(TopBar.muteFrame))
        let caption = context.text(Messages.homeGrownUps) + " " + context.text(Messages.homeHold)
        let drawn = try Self.drawn(stack)
        let lines = drawn.filter { frame.contains($0.at) }
        #expect(lines.map(\.string).joined(separator: " ") == caption)
        #expect(lines.allSatisfy { Double($0.style.size) >= 18 * 0.85 })
        let item = try #require(Self.items(stack).first { $0["id"]?.stringValue == "grownups" })
        #expect(item["icon"]?.stringValue == "lock")
        #expect(item["key"]?.stringValue == Messages.homeGrownUps.key)
        // A child's tap: the soft answer, no gate.
        let hints = context.log.events("hint").count
        Self.tapAt(stack, frame.center)
        #expect(stack.top is HomeScene)
        #expect(context.log.events("hint").count == hints + 1)
        // Held for 3 s: the gate, as by the logo (issue #45, item 8).
        let held = stack.rightToLeft ? MirroredCanvas.mirror(frame.center) : frame.center
        stack.handle(.pointerDown(held))
        step(stack, seconds: HomeScene.gateHoldSeconds)
        stack.handle(.pointerUp(held))
        step(stack, frames: 2)
        #expect(stack.top is AdultGateScene)
    }

    // MARK: - Words that fit

    /// German "Luftballons" and pt-BR "Organizar" stay left of the player's picture in
    /// everyone's high scores.
    @Test(arguments: TextFitTests.languages)
    func test_highScoreNamesStayLeftOfTheAvatar(language: String) throws {
        let (context, kids) = try Self.context(["Ana"], clock: Clock(), language: language)
        for (game, score) in [(GameKind.balloons, 90), (.sorting, 80), (.memory, 70)] {
            context.scores.recordRound(RoundRecord(game: game, level: .hard, score: score, result: "won", reason: "x"), player: .child(kids[0]))
        }
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.rightToLeft = context.rightToLeft
        stack.apply([.show(.highScores)])
        step(stack, seconds: 0.5)
        let real = try RightToLeftTests.arabicCanvas()
        let names = GameRegistry.standard.ids.map { context.title(of: $0) }
        let drawn = try Self.drawn(stack).filter { names.contains($0.string) && $0.at.x == HighScoresPopup.gameNameX }
        #expect(drawn.count == 3)
        for t in drawn {
            let right = t.at.x + real.measure(t.string, t.style).width
            #expect(right <= HighScoresPopup.avatarX - 4, "\(language): \(t.string) ends at \(Int(right))")
            if language != "qps" {
                #expect(Double(t.style.size) >= Double(Theme.labelText.size) * 0.85, "\(language): \(t.string) at \(t.style.size) px")
            }
        }
    }

    /// Back (top bar) and the corner's section names keep at least 85% of their size in
    /// every language ("Zurück" and "Einstellungen" were drawn at about 2/3).
    @Test(arguments: languages)
    func test_backAndSectionNamesKeepTheirSize(language: String) throws {
        let (context, _) = try Self.context(["Ana"], clock: Clock(), language: language)
        let (stack, _) = Self.progress(context)
        let labels = [Messages.back, Messages.cornerChildren, Messages.cornerSettings, Messages.cornerClassroom, Messages.cornerProgress]
            .map { context.text($0) }
        let drawn = try Self.drawn(stack).filter { labels.contains($0.string) }
        #expect(Set(drawn.map(\.string)) == Set(labels))
        for t in drawn {
            #expect(Double(t.style.size) >= Double(Theme.labelText.size) * 0.85, "\(language): \(t.string) at \(t.style.size) px")
        }
    }

    /// The gate's Cancel shows its word beside the ✕ in every language (German lost it).
    @Test(arguments: languages)
    func test_gateCancelShowsItsWord(language: String) throws {
        let (context, _) = try Self.context([], clock: Clock(), language: language)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.rightToLeft = context.rightToLeft
        stack.apply([.show(.gate)])
        step(stack, seconds: 0.5)
        let texts = try Self.drawn(stack).map(\.string)
        #expect(texts.contains(context.text(Messages.cancel)))
    }

    /// Spanish: deleting a child and the keypad's erase key are different words.
    @Test func test_spanishDeleteIsNotErase() throws {
        let catalog = try TextFitTests.catalog("es")
        let delete = (catalog.translation(of: Messages.cornerDelete) ?? ""), erase = (catalog.translation(of: Messages.gateErase) ?? "")
        #expect(delete != erase)
        #expect((catalog.translation(of: Messages.cornerDeleteTitle) ?? "").contains(delete))
    }

    /// Every text of the Progress page keeps at least 85% of the smallest style it uses, in
    /// every language, and stays inside the panel.
    @Test(arguments: TextFitTests.languages)
    func test_progressWordsFit(language: String) throws {
        let clock = Clock()
        let (context, kids) = try Self.context(["Ana"], clock: clock, language: language)
        for (i, game) in GameRegistry.standard.ids.enumerated() {
            for (j, level) in Level.allCases.enumerated() {
                clock.now -= 40_000
                context.scores.recordRound(RoundRecord(game: game, level: level, score: 100 + i * 10 + j, result: j == 1 ? "lost" : "won",
                                                       reason: "x", duration: 3_000), player: .child(kids[0]))
            }
        }
        context.reports = FakeReports()
        let (stack, corner) = Self.progress(context)
        corner.noteSaved(true, folder: "/home/ana/kids-joy-center-report-20261118-1")
        let real = try RightToLeftTests.arabicCanvas()
        let panel = CornerScene.panel
        let texts = try Self.drawn(stack).filter { panel.contains($0.at) }
        #expect(texts.count > 30)
        for t in texts {
            let w = real.measure(t.string, t.style).width
            let left = t.align == .left ? t.at.x : t.align == .center ? t.at.x - w / 2 : t.at.x - w
            if language != "qps" {
                #expect(Double(t.style.size) >= Double(Theme.smallText.size) * 0.85, "\(language): \"\(t.string)\" at \(t.style.size) px")
            }
            #expect(left >= panel.x && left + w <= panel.maxX, "\(language): \"\(t.string)\" leaves the panel")
        }
    }
}
