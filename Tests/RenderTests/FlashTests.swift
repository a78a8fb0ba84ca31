import CSDL2
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import SceneTests

/// Nothing flashes more than three times a second (WCAG 2.3.1, general flash threshold):
/// the busiest moments of every game are drawn frame by frame with the real canvas, and the
/// brightness of each part of the screen is followed over time.
///
/// The screen is cut into a 4×4 grid (256×192 px each, smaller than the quarter of a 10°
/// field WCAG allows at a normal distance from a 1024×768 screen, so this is stricter). In
/// each cell, a flash is a pair of opposing changes of relative luminance of at least 0.1
/// where the darker side is below 0.8; in any one second, at most 3 flashes.
@Suite(.serialized) @MainActor struct FlashTests {
    /// Relative luminance (WCAG) of each cell, from a frame's premultiplied ARGB pixels.
    static let linear: [Double] = (0..<256).map { c in
        let s = Double(c) / 255
        return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }

    static func cellLuminance(_ canvas: SoftwareCanvas) -> [Double] {
        let linear = Self.linear
        var cells = [Double](repeating: 0, count: 16)
        let frame = canvas.frame
        for cy in 0..<4 {
            for cx in 0..<4 {
                var sum = 0.0, n = 0.0
                // Every 4th pixel: enough to follow the brightness of a 256×192 area.
                for y in stride(from: cy * 192, to: cy * 192 + 192, by: 6) {
                    for x in stride(from: cx * 256, to: cx * 256 + 256, by: 6) {
                        let p = frame[x, y]
                        sum += 0.2126 * linear[Int(p >> 16 & 0xFF)] + 0.7152 * linear[Int(p >> 8 & 0xFF)] + 0.0722 * linear[Int(p & 0xFF)]
                        n += 1
                    }
                }
                cells[cy * 4 + cx] = sum / n
            }
        }
        return cells
    }

    /// The most flashes in any one second of one cell's series (60 samples a second).
    static func worstFlashesPerSecond(_ series: [Double]) -> Int {
        // The turning points where brightness changed by ≥ 0.1 since the last one, with the
        // darker side below 0.8.
        var transitions: [Int] = []
        var anchor = series.first ?? 0
        var direction = 0
        for (i, v) in series.enumerated() {
            let delta = v - anchor
            let d = delta > 0 ? 1 : -1
            if abs(delta) >= 0.1 && min(v, anchor) < 0.8 {
                if d != direction { transitions.append(i) }
                direction = d
                anchor = v
            } else if (d == direction && abs(v - anchor) > 0) {
                // Keep following the same swing to its extreme.
                if (direction == 1 && v > anchor) || (direction == -1 && v < anchor) { anchor = v }
            }
        }
        var worst = 0
        for (k, start) in transitions.enumerated() {
            let inWindow = transitions[k...].prefix { $0 < start + 60 }.count
            worst = max(worst, inWindow / 2)
        }
        return worst
    }

    static func canvas() throws -> SoftwareCanvas { try SoftwareCanvasTests.makeCanvas() }

    /// The centre of a balloon of `type` tall enough on screen to aim at.
    static func balloon(_ type: String, in scene: BalloonScene) -> Point? {
        for item in scene.dumpItems() where item["type"]?.stringValue == type {
            let height = item["frame"]?.arrayValue?[3].doubleValue ?? 0
            if height >= 40, let c = item.frameCenter { return c }
        }
        return nil
    }

    /// Draws `seconds` of frames of the stack (stepping it between them), measuring cells.
    static func record(_ stack: SceneStack, canvas: SoftwareCanvas, seconds: Double, each: (Int) -> Void = { _ in }) -> [[Double]] {
        var samples: [[Double]] = []
        for frame in 0..<Int(seconds * 60) {
            each(frame)
            canvas.beginFrame()
            stack.draw(on: canvas)
            canvas.endFrame()
            samples.append(cellLuminance(canvas))
            stack.step()
        }
        return samples
    }

    static func worst(_ samples: [[Double]]) -> (flashes: Int, cell: Int) {
        (0..<16).map { cell in (worstFlashesPerSecond(samples.map { $0[cell] }), cell) }.max { $0.0 < $1.0 } ?? (0, 0)
    }

    // MARK: - The meter itself

    @Test func test_theMeterCountsFlashes() {
        // 5 full dark-light cycles a second: 5 flashes.
        let fast = (0..<120).map { ($0 / 6) % 2 == 0 ? 0.05 : 0.6 }
        #expect(Self.worstFlashesPerSecond(fast) == 5)
        // 2 a second: allowed.
        let slow = (0..<120).map { ($0 / 15) % 2 == 0 ? 0.05 : 0.6 }
        #expect(Self.worstFlashesPerSecond(slow) == 2)
        // Small changes (a gentle pulse of 0.05) are no flash at all.
        let gentle = (0..<120).map { ($0 / 6) % 2 == 0 ? 0.30 : 0.35 }
        #expect(Self.worstFlashesPerSecond(gentle) == 0)
        // Very bright swings (both sides above 0.8) are not flashes either.
        let bright = (0..<120).map { ($0 / 6) % 2 == 0 ? 0.85 : 0.99 }
        #expect(Self.worstFlashesPerSecond(bright) == 0)
    }

    // MARK: - The busiest moments

    /// The skull: the screen shakes and flashes red, then the end screen comes.
    @Test func test_theSkullNeverFlashesFasterThan3AHertz() throws {
        let canvas = try Self.canvas()
        let game = SceneDriver<BalloonScene>(level: .hard, seed: 5)
        var tapped = false
        // Pops a balloon every 0.3 s (so the game goes on) until the skull is there to tap.
        let samples = Self.record(game.stack, canvas: canvas, seconds: 30) { frame in
            guard !tapped else { return }
            if let k = Self.balloon("killer", in: game.scene) {
                tapped = true
                game.stack.handle(.pointerDown(k))
                game.stack.handle(.pointerUp(k))
            } else if frame % 18 == 0, let b = Self.balloon("regular", in: game.scene) {
                game.stack.handle(.pointerDown(b))
                game.stack.handle(.pointerUp(b))
            }
        }
        #expect(tapped, "a skull came within 30 s")
        #expect(game.log.events("gameover").first?["reason"]?.stringValue == "killer")
        let worst = Self.worst(samples)
        #expect(worst.flashes <= 3, "cell \(worst.cell): \(worst.flashes) flashes in a second")
    }

    /// A Memory win: every pair found quickly, then the celebration (confetti, stars).
    @Test func test_aMemoryWinNeverFlashesFasterThan3AHertz() throws {
        let canvas = try Self.canvas()
        let game = MemoryHarness(level: .easy, seed: 2)
        let pairs = game.pairs
        let samples = Self.record(game.stack, canvas: canvas, seconds: 12) { frame in
            // A pair every 0.6 s: both cards in one frame, as fast as a child can.
            guard frame % 36 == 0, frame / 36 < pairs.count else { return }
            let (a, b) = pairs[frame / 36]
            for card in [a, b] {
                let p = game.scene.cardFrames[card].center
                game.stack.handle(.pointerDown(p))
                game.stack.handle(.pointerUp(p))
            }
        }
        #expect(game.log.events("gameover").first?["result"]?.stringValue == "won")
        let worst = Self.worst(samples)
        #expect(worst.flashes <= 3, "cell \(worst.cell): \(worst.flashes) flashes in a second")
    }

    /// Balloons popped as fast as possible: bursts, sparkles and score pops everywhere.
    @Test func test_manyPopsNeverFlashFasterThan3AHertz() throws {
        let canvas = try Self.canvas()
        let game = SceneDriver<BalloonScene>(level: .hard, seed: 9)
        let samples = Self.record(game.stack, canvas: canvas, seconds: 15) { frame in
            guard frame % 8 == 0, let b = Self.balloon("regular", in: game.scene) else { return }
            game.stack.handle(.pointerDown(b))
            game.stack.handle(.pointerUp(b))
        }
        #expect(game.log.events("pop").count > 20)
        let worst = Self.worst(samples)
        #expect(worst.flashes <= 3, "cell \(worst.cell): \(worst.flashes) flashes in a second")
    }
}
