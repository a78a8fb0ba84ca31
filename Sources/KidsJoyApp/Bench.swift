import GameCore
import Platform
import Render
import Scenes
import Stage
import SystemIO
import Storage

/// `--bench SCENE`: drives one scene through a fixed, seeded workload in headless mode and
/// measures update, draw and whole-frame times (the workload's own input injection is not
/// counted). Prints one JSON line. The scenes are `home` and `<game>-hard` for every game of
/// the registry; each game says what its busiest scene is and how the workload plays it.
@MainActor
extension GameApp {
    public var benchScenes: [String] { ["home"] + context.registry.ids.map { "\($0.rawValue)-hard" } + [SaveReportBench.name] }

    public func runBench(_ name: String) throws -> String {
        if name == SaveReportBench.name { return try runSaveReportBench(frames: max(options.benchFrames, 1)) }
        guard let workload = BenchWorkload(name: name, context: context) else {
            throw AppError.usage("--bench: unknown scene '\(name)' (known: \(benchScenes.joined(separator: ", ")))")
        }
        workload.start(stack)
        let frequency = PerformanceCounter.frequency
        func ms(_ a: UInt64, _ b: UInt64) -> Double { Double(b &- a) / frequency * 1000 }
        var update: [Double] = [], draw: [Double] = [], whole: [Double] = [], resampled: [Int] = [], redrawn: [Int] = []
        let frames = max(options.benchFrames, 1)
        update.reserveCapacity(frames); draw.reserveCapacity(frames); whole.reserveCapacity(frames)
        resampled.reserveCapacity(frames); redrawn.reserveCapacity(frames)
        var maxItems = 0
        let profiler = options.benchProfile ? ProfilingCanvas(inner: canvas) : nil
        // With a school server named: what waits in the outbox when the measured frames begin
        // and end (the worker thread pushes meanwhile; make bench's server-named rows).
        func outbox() -> JSON { .int((try? scoreStore?.database?.outboxCount()) ?? -1) }
        let outboxAtStart = syncWorker == nil ? nil : outbox()
        for f in 0..<frames {
            log.time = Double(f) / 60
            workload.drive(stack, frame: f)
            maxItems = max(maxItems, workload.lastItemCount)
            let (resampledBefore, redrawnBefore) = (canvas.spritesResampled, canvas.redrawnPixels)
            let t0 = PerformanceCounter.now()
            frameHousekeeping()
            stack.step()
            let t1 = PerformanceCounter.now()
            if let profiler {
                stack.draw(on: profiler)
                canvas.endFrame()
            } else {
                drawFrame()
            }
            let t2 = PerformanceCounter.now()
            update.append(ms(t0, t1)); draw.append(ms(t1, t2)); whole.append(ms(t0, t2))
            resampled.append(canvas.spritesResampled - resampledBefore); redrawn.append(canvas.redrawnPixels - redrawnBefore)
        }
        if let path = options.benchCSV {
            var csv = "frame,update_ms,draw_ms,frame_ms,sprites_resampled,redrawn_pixels\n"
            for i in 0..<frames { csv += "\(i),\(update[i]),\(draw[i]),\(whole[i]),\(resampled[i]),\(redrawn[i])\n" }
            do { try AtomicFile.write([UInt8](csv.utf8), to: path) } catch {
                throw AppError.usage("--bench-csv: cannot write \(path)")
            }
        }
        let line = JSON.object([
            ("scene", .string(name)), ("size", .string("\(canvas.frame.width)x\(canvas.frame.height)")), ("frames", .int(frames)), ("update", benchStats(update)), ("draw", benchStats(draw)),
            ("frame", benchStats(whole)), ("maxBalloons", .int(maxItems)), ("cachedTexts", .int(canvas.cachedTextCount)),
            ("pictureKB", .int(canvas.pictureBytes / 1024)), ("unchangedFrames", .int(canvas.unchangedFrames)),
            ("peakRSSkB", .int(ProcessStats.peakRSSkB())),
            ("redrawnShare", .double(Double(redrawn.reduce(0, +)) / Double(frames * canvas.frame.width * canvas.frame.height))),
        ] + (profiler.map { [("profile", $0.report(frames: frames))] } ?? [])
          + (outboxAtStart.map { [("outbox", JSON.object([("start", $0), ("end", outbox())]))] } ?? []))
        return line.serialized()
    }
}

/// The scripted workloads of the benchmark: taps and drags chosen from the scene's own dump
/// items, so they exercise the real input paths. Home taps tiles and opens the high scores;
/// a game plays the moves its registry entry chooses and answers "Play again?" with Yes.
@MainActor
final class BenchWorkload {
    let name: String
    let context: GameContext
    private let game: GameEntry?
    private var rng = SeededGenerator(seed: 4242)
    private var pending: [(frame: Int, event: InputEvent)] = []
    private(set) var lastItemCount = 0

    init?(name: String, context: GameContext) {
        self.name = name
        self.context = context
        if name == "home" {
            game = nil
        } else {
            guard name.hasSuffix("-hard"), let entry = context.registry.entry(GameKind(String(name.dropLast(5)))) else { return nil }
            game = entry
        }
    }

    func start(_ stack: SceneStack) {
        guard let game else { return }
        stack.apply([.push(game.makeBenchScene(context) ?? game.makeScene(context, .hard))])
    }

    private func items(_ stack: SceneStack) -> [JSON] {
        stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
    }

    private func schedule(_ frame: Int, _ events: [(Int, InputEvent)]) {
        for (offset, event) in events { pending.append((frame + offset, event)) }
    }

    func drive(_ stack: SceneStack, frame: Int) {
        let due = pending.filter { $0.frame <= frame }
        pending.removeAll { $0.frame <= frame }
        for item in due { stack.handle(item.event) }
        guard pending.isEmpty else { return }
        let all = items(stack)
        lastItemCount = all.filter { $0["kind"]?.stringValue == "balloon" }.count
        // A finished game: answer "Play again?" with Yes, so the workload keeps playing.
        if stack.top.name == "alert", let yes = all.first(where: { $0["id"]?.stringValue == "alert-yes" })?.frameCenter {
            if frame % 30 == 0 { schedule(frame, benchTap(yes)) }
            return
        }
        if let game {
            schedule(frame, game.benchMove(frame, all, &rng))
            return
        }
        if stack.top.name == "highscores" {
            if frame % 90 == 0, let close = all.first(where: { $0["id"]?.stringValue == "close" })?.frameCenter { schedule(frame, benchTap(close)) }
            return
        }
        guard frame % 20 == 0 else { return }
        let tiles = all.filter { ($0["id"]?.stringValue ?? "").hasPrefix("game-") || ($0["id"]?.stringValue ?? "").hasPrefix("level-")
            || $0["id"]?.stringValue == "highscores" }
        if let target = tiles.randomElement(using: &rng)?.frameCenter { schedule(frame, benchTap(target)) }
    }
}

/// p50, p99 and the longest of some frame times (ms).
func benchStats(_ xs: [Double]) -> JSON {
    let s = xs.sorted()
    guard !s.isEmpty else { return .object([("p50", .double(0)), ("p99", .double(0)), ("max", .double(0))]) }
    func p(_ q: Double) -> Double { s[min(s.count - 1, Int((Double(s.count - 1) * q).rounded()))] }
    return .object([("p50", .double(p(0.5))), ("p99", .double(p(0.99))), ("max", .double(s.last ?? 0))])
}

/// Numbers about this process, from /proc.
public enum ProcessStats {
    /// Peak resident set size (VmHWM) in kB, 0 if unknown.
    public static func peakRSSkB() -> Int { field("VmHWM:") }
    public static func currentRSSkB() -> Int { field("VmRSS:") }
    private static func field(_ name: String) -> Int {
        guard let text = SystemFiles.readText("/proc/self/status") else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "0") ?? 0
        }
        return 0
    }
}

/// Wraps the real canvas and adds up the time spent in each kind of call (`--bench-profile`),
/// to see where a frame's time goes.
@MainActor
final class ProfilingCanvas: Canvas {
    let inner: SoftwareCanvas
    private(set) var totals: [String: (ms: Double, calls: Int)] = [:]
    private let frequency = PerformanceCounter.frequency
    init(inner: SoftwareCanvas) { self.inner = inner }

    private func measure(_ label: String, _ body: () -> Void) {
        let t0 = PerformanceCounter.now()
        body()
        let ms = Double(PerformanceCounter.now() &- t0) / frequency * 1000
        let old = totals[label] ?? (0, 0)
        totals[label] = (old.ms + ms, old.calls + 1)
    }

    func clear(_ color: Color) { measure("clear") { inner.clear(color) } }
    func fill(_ rect: Rect, _ color: Color) { measure(color.a == 255 ? "fill opaque" : "fill blended") { inner.fill(rect, color) } }
    func fillRounded(_ rect: Rect, radius: Double, _ color: Color) {
        measure(color.a == 255 ? "rounded opaque" : "rounded blended") { inner.fillRounded(rect, radius: radius, color) }
    }
    func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {
        measure("stroke") { inner.strokeRounded(rect, radius: radius, width: width, color) }
    }
    func fillCircle(center: Point, radius: Double, _ color: Color) { measure("circle") { inner.fillCircle(center: center, radius: radius, color) } }
    func line(from a: Point, to b: Point, width: Double, _ color: Color) { measure("line") { inner.line(from: a, to: b, width: width, color) } }
    func image(_ name: String, in frame: Rect, _ options: ImageOptions) { measure("image \(name)") { inner.image(name, in: frame, options) } }
    func imageSize(_ name: String) -> Size? { inner.imageSize(name) }
    func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {
        measure(outline == nil ? "text" : "text outlined") { inner.text(string, style, at: at, align: align, color: color, outline: outline, alpha: alpha) }
    }
    func measure(_ string: String, _ style: TextStyle) -> Size { inner.measure(string, style) }
    func layer(_ id: String, _ draw: () -> Void) { measure("layer \(id)") { inner.layer(id, draw) } }
    var visibleRect: Rect { inner.visibleRect }
    func background(_ name: String, in frame: Rect, _ options: ImageOptions) { measure("background \(name)") { inner.background(name, in: frame, options) } }

    func report(frames: Int) -> JSON {
        .object(totals.sorted { $0.value.ms > $1.value.ms }.prefix(15).map { label, value in
            (label, .object([("msPerFrame", .double(value.ms / Double(frames))), ("callsPerFrame", .double(Double(value.calls) / Double(frames)))]))
        })
    }
}
