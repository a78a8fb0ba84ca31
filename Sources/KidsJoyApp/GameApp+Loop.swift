import Glibc
import GameCore
import Platform
import Render
import Scenes
import Stage
import Storage

// MARK: - Loops

extension GameApp {
    /// Runs until quit (or, headless, the end of the script). Returns the exit status.
    public func run() -> Int32 {
        options.headless ? runHeadless() : runWindowed()
        // Memory and frame timing differ from run to run: only on request, so the same seed
        // and script still give the same log line for line.
        var fields: [(String, JSON)] = []
        if let signal = StopSignals.received { fields.append(("signal", .string(StopSignals.name(signal)))) }
        if options.processStats { fields.append(("peakRSSkB", .int(ProcessStats.peakRSSkB()))) }
        if options.processStats && !options.headless {
            fields += [("frames", .int(loop.frameTimes.count)), ("framesOver16ms", .int(loop.frameTimes.filter { $0 > 1000.0 / 60 }.count)),
                       ("maxFrameMs", .double(loop.frameTimes.max() ?? 0)),
                       ("lateFrames", .int(loop.lateFrames)),
                       ("maxIntervalMs", .double(loop.maxIntervalMs)),
                       ("calmFrames", .int(loop.calmFrames)), ("calmSeconds", .double((loop.calmSeconds * 1000).rounded() / 1000)),
                       ("presented", .int(session.presented.frames)), ("unchangedFrames", .int(session.presented.skipped)),
                       ("uploadedPixels", .int(session.presented.pixels)), ("redrawnPixels", .int(canvas.redrawnPixels)),
                       ("width", .int(canvas.frame.width)), ("height", .int(canvas.frame.height))]
        }
        log.emit("quit", fields)
        return outcome.scriptFailed ? 2 : outcome.anyScreenshotFailed ? 1 : 0
    }

    func runHeadless() {
        let player = ScriptPlayer(commands: script)
        var endFrame: Int? = script.isEmpty ? 0 : nil
        while StopSignals.received == nil {
            log.time = Double(loop.frame) / 60
            player.pushScheduled(frame: loop.frame)
            var keepGoing = true
            for command in player.due(at: log.time, frame: loop.frame) {
                // Input pushed before a control line takes effect before it.
                if !pumpEvents() { keepGoing = false; break }
                if !runControl(command, player: player) { keepGoing = false; break }
            }
            if !keepGoing || !pumpEvents() { break }
            if session.pendingScreen != nil { applyPendingShape() }
            stack.step()
            if stack.quitRequested { break }
            updateScreensaver()
            if !options.noDraw { drawFrame() }
            if options.quitAfterFirstFrame { break }
            if endFrame == nil && player.isFinished { endFrame = loop.frame + 1 }
            if let end = endFrame, loop.frame >= end { break }
            loop.frame += 1
        }
    }

    func runWindowed() {
        let player = ScriptPlayer(commands: script)
        player.windowID = session.window?.id ?? 0
        // Script coordinates are logical: to real pixels by the canvas's viewport, then to the
        // window's points (fewer than pixels on a high-DPI screen).
        player.toWindow = { [unowned self] p in
            let real = session.translator.viewport.toReal(p)
            return Point(real.x / session.translator.pixelsPerPoint.x, real.y / session.translator.pixelsPerPoint.y)
        }
        player.toWindowNormalized = { [unowned self] p in
            let real = session.translator.viewport.toReal(p)
            return Point(real.x / Double(session.translator.viewport.width), real.y / Double(session.translator.viewport.height))
        }
        let frequency = PerformanceCounter.frequency
        func seconds() -> Double { Double(PerformanceCounter.now()) / frequency }
        let started = seconds()
        var previous = started
        var accumulator = 0.0
        var running = true
        while running && StopSignals.received == nil {
            // Sleep until input when nothing moves: an idle Home costs no CPU. The wait gets
            // no event pointer, so the event that wakes it stays queued, in order. (Taking it
            // and pushing it back put it behind the events that came with it and behind SDL's
            // poll sentinel, so it could wake the wait again and again, unhandled, and each
            // push ran SDL's renderer watch on it again: window coordinates were mapped to the
            // canvas twice, and in a resized window the click landed elsewhere.)
            if !stack.needsFrames && player.isFinished {
                EventQueue.wait(milliseconds: 1000)
                previous = seconds()
                accumulator = 0
            } else if !stack.needsFrames, let next = player.nextTime {
                let wait = next - (seconds() - started)
                if wait > 0.02 {
                    EventQueue.wait(milliseconds: Int32(min(wait, 1) * 1000))
                    previous = seconds()
                    accumulator = 0
                }
            }
            if StopSignals.received != nil { break }
            let now = seconds()
            accumulator += min(now - previous, 0.25)
            previous = now
            let scriptTime = now - started
            // Windowed, the log's clock is real seconds since start (idle frames are skipped).
            log.time = (scriptTime * 1000).rounded() / 1000
            player.pushScheduled(frame: loop.frame)
            for command in player.due(at: scriptTime, frame: loop.frame) {
                if !pumpEvents() || !runControl(command, player: player) { running = false; break }
            }
            if !running || !pumpEvents() { break }
            if session.pendingScreen != nil { applyPendingShape() }
            // A calm game (Balloons) is drawn every second step: until two steps are due, sleep,
            // unless a press, a key or a window change is waiting, which is answered now. One
            // that comes during the sleep waits for its end, at most 1/30 s (issue 31).
            let pace = stack.framePace
            if stack.needsFrames, let wait = FramePacer.hold(pace: pace, due: accumulator, answer: loop.answerNow) {
                log.flush()
                usleep(UInt32(wait * 1_000_000))
                continue
            }
            loop.answerNow = false
            var steps = 0
            let workStart = seconds()
            while accumulator >= GameClock.step && steps < 15 {
                stack.step()
                accumulator -= GameClock.step
                steps += 1
                if stack.quitRequested { running = false; break }
            }
            if steps == 0 && !loop.dirty {
                // A script's dump or screenshot on a still screen often runs in a turn that
                // draws nothing (the next wait resets the accumulator): flush here too, or
                // its line waits in the buffer until the next input.
                log.flush()
                // Pace to the next step when vsync does not block (e.g. under Xvfb). A still
                // screen (see below) wakes for four steps at a time, or at once for input: the
                // rules step the same, the loop and its event polling run a quarter as often.
                let nextLine = player.nextTime.map { $0 - (seconds() - started) } ?? .infinity
                if loop.stillFrames >= Self.stillFramesBeforeSlowing && nextLine > 4 * GameClock.step {
                    let wait = 4 * GameClock.step - accumulator
                    if wait > 0.002 { EventQueue.wait(milliseconds: Int32(wait * 1000)) } else if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                } else {
                    // To the microsecond: SDL_Delay's whole milliseconds woke the loop up to 1 ms
                    // early, and it then spun to the step, reading X's socket on every turn
                    // (20 reads a frame, a sixth of a Balloons game's CPU).
                    let wait = GameClock.step - accumulator
                    if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                }
                continue
            }
            // A screen that has drawn nothing new for 0.1 s (a board waiting for a tap,
            // its clock turning once a second) is looked at every fourth step only, until input
            // or a change: the rules still step 60 times a second; a change shows at most
            // 50 ms late, and from then on every frame is drawn again.
            let slowedDown = !loop.dirty && loop.stillFrames >= Self.stillFramesBeforeSlowing
            if slowedDown && steps < 4 {
                loop.skippedSteps += steps
                if loop.skippedSteps < 4 {
                    log.flush()
                    continue
                }
            }
            loop.skippedSteps = 0
            let wasDirty = loop.dirty
            loop.dirty = false
            updateScreensaver()
            drawFrame()
            loop.stillFrames = canvas.damage.isEmpty && !wasDirty ? loop.stillFrames + 1 : 0
            let workEnd = seconds()
            present()
            // The first frame belongs to the start (its fonts, pictures and text are made
            // then; "start to first frame" measures it), not to the frames a child watches.
            if stack.needsFrames && loop.frame > 0 {
                loop.frameTimes.append((workEnd - workStart) * 1000)
                let presented = seconds()
                if let last = loop.lastPresent {
                    let interval = (presented - last) * 1000
                    loop.maxIntervalMs = max(loop.maxIntervalMs, interval)
                    // Late for the pace the interval was drawn at: the slower of this frame's
                    // and the last one's (a tap that opens a panel over a calm game ends a
                    // calm interval), or four steps on a still screen (see above).
                    let allowed = slowedDown ? 4 * GameClock.step : max(pace.interval, loop.lastPace.interval)
                    if interval > 1500 * allowed { loop.lateFrames += 1 }
                    if pace == .calm {
                        loop.calmFrames += 1
                        loop.calmSeconds += interval / 1000
                    }
                }
                loop.lastPresent = presented
                loop.lastPace = pace
            } else {
                loop.lastPresent = nil
            }
            // A windowed log is read live (demos, end-to-end tests): flush each frame.
            log.flush()
            loop.frame += 1
            if options.quitAfterFirstFrame { break }
            // The sound effects are decoded once the first frame shows, not before it.
            if loop.frame == 1 { session.soundPlayer?.loadEffects() }
        }
    }

    /// Every frame's work outside the scenes: games that wait for another program's lock get a
    /// try every half second (never a wait), and the school server's worker's news is taken
    /// (a lock read). `--bench` runs it inside each measured frame too.
    func frameHousekeeping() {
        scoreStore?.frameBegins()
        scoreStore?.pump()
        takeSyncEvents()
    }

    /// The screen saver is kept off while a game runs (a child watching balloons is not
    /// idle) and allowed again on Home.
    func updateScreensaver() {
        frameHousekeeping()
        let playing = stack.scenes.contains { $0.playsAGame }
        guard playing != session.screensaverInhibited else { return }
        session.screensaverInhibited = playing
        session.window?.inhibitScreensaver(playing)
        log.emit("screensaver", [("inhibited", .bool(playing))])
    }

    func drawFrame() {
        canvas.beginFrame()
        stack.draw(on: canvas)
        canvas.endFrame()
    }
}
