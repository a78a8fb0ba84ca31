import GameCore
import Glibc
import Platform
import Scenes
import Stage
import Storage
import SystemIO

/// `--bench save-report`: the grown-ups' "Save report" of the data folder's whole database
/// into the home folder (`$HOME`), over the corner, as a grown-up watches it: frames paced at 60 a second, each
/// frame's input (the tap that starts the save), update and draw counted, from the tap until
/// the corner's "Report saved". The benchmark fills the data folder first (`report --make-sample 40x5000`:
/// 200,000 rounds). Prints one JSON line: the frames while saving (p50, p99, longest, how
/// many over 16.7 ms), the save's length and the rounds in the file.
enum SaveReportBench {
    static let name = "save-report"
    /// The tap comes after this many frames (the screen drawn and settled).
    static let tapFrame = 30
    /// Frames drawn after "Report saved" (the corner's answer shows).
    static let framesAfter = 30
}

@MainActor
extension GameApp {
    func runSaveReportBench(frames cap: Int) throws -> String {
        let rounds = ((context.scores as? HighScoreStore)?.database).flatMap { try? $0.db.scalar("SELECT count(*) FROM rounds") } ?? 0
        // Over the grown-ups' corner, as the corner's "Save report" opens it (the corner reads
        // the progress when it opens, before the measured frames).
        let scene = SaveReportScene(context: context)
        stack.apply([.push(CornerScene(context: context)), .push(scene)])
        let items = stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
        guard let tile = items.first(where: { $0["id"]?.stringValue == "folder-home" })?.frameCenter else {
            throw AppError.usage("--bench \(SaveReportBench.name): no home folder tile")
        }
        let frequency = PerformanceCounter.frequency
        func seconds() -> Double { Double(PerformanceCounter.now()) / frequency }
        var frameMs: [Double] = [], savingMs: [Double] = []
        var tapped: Double?, answered: Double?, answeredFrame = 0
        let start = seconds()
        var f = 0
        while f < cap {
            log.time = Double(f) / 60
            let t0 = seconds()
            if f == SaveReportBench.tapFrame { stack.handle(.pointerDown(tile)) }
            if f == SaveReportBench.tapFrame + 1 {
                tapped = t0
                stack.handle(.pointerUp(tile))
            }
            stack.step()
            drawFrame()
            let t1 = seconds()
            let ms = (t1 - t0) * 1000
            frameMs.append(ms)
            if tapped != nil && answered == nil {
                savingMs.append(ms)
                if !scene.isSaving {
                    answered = t1
                    answeredFrame = f
                }
            }
            if answered != nil && f >= answeredFrame + SaveReportBench.framesAfter { break }
            // Paced like the window's loop: the next frame at its 1/60 s (a late one is not waited for).
            let wait = start + Double(f + 1) / 60 - seconds()
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            f += 1
        }
        if let path = options.benchCSV {
            var csv = "frame,frame_ms,saving\n"
            let first = SaveReportBench.tapFrame + 1
            for (i, ms) in frameMs.enumerated() { csv += "\(i),\(ms),\(i >= first && i < first + savingMs.count ? 1 : 0)\n" }
            do { try AtomicFile.write([UInt8](csv.utf8), to: path) } catch {
                throw AppError.usage("--bench-csv: cannot write \(path)")
            }
        }
        let line = JSON.object([
            ("scene", .string(SaveReportBench.name)), ("size", .string("\(canvas.frame.width)x\(canvas.frame.height)")),
            ("rounds", .int(Int(rounds))), ("frames", .int(frameMs.count)), ("frame", benchStats(frameMs)),
            ("savingFrames", .int(savingMs.count)), ("saving", benchStats(savingMs)),
            ("savingFramesOver16ms", .int(savingMs.filter { $0 > 1000.0 / 60 }.count)),
            ("saveSeconds", .double(tapped.flatMap { t in answered.map { $0 - t } } ?? -1)),
            ("saved", .bool(scene.savedFolder != nil)), ("peakRSSkB", .int(ProcessStats.peakRSSkB())),
        ])
        return line.serialized()
    }
}
