import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import KidsJoyApp
@testable import Storage
@testable import SceneTests

/// Issue #28, item 2: "a lock held by another program never blocks a frame ... nothing waits
/// more than 100 ms on the main thread". Another process (Python's sqlite3) takes the write
/// lock and says so on its stdout (the test waits for that line, never a fixed time); the store
/// then plays frames, records rounds and retries, and its wait counter (`waits.longest`, the
/// milliseconds the main thread slept for the lock in one frame, over every statement and
/// connection) stays within the promise; every round is written once the lock goes.
@Suite(.serialized) @MainActor struct LockWaitTests {
    /// A process holding `path`'s write lock until its stdin closes.
    final class Holder {
        let process = Process()
        let input = Pipe(), output = Pipe()
        init(_ path: String, createWAL: Bool) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            let setup = createWAL ? "c.execute('PRAGMA journal_mode=WAL'); c.execute('BEGIN IMMEDIATE'); c.execute('CREATE TABLE x (y)')"
                                  : "c.execute('BEGIN IMMEDIATE'); c.execute(\"INSERT INTO meta (key, value) VALUES ('holder', 'x')\")"
            process.arguments = ["-c", "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\n" + setup
                                 + "\nprint('locked', flush=True)\nsys.stdin.read()\nc.execute('ROLLBACK')\n", path]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let line = String(decoding: output.fileHandleForReading.readData(ofLength: 7), as: UTF8.self)
            #expect(line.hasPrefix("locked"), "the holder said \(line)")
        }
        func release() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    static func store(_ dir: String, clock: @escaping () -> Double) -> HighScoreStore {
        HighScoreStore(directory: dir, warn: { _ in }, clock: clock)
    }

    static func monotonicMs() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }

    /// During play: 120 frames (24 simulated seconds), a game over every 10th frame, the
    /// retry every half second; no frame waits at all for the lock (the counter stays at 0 ms;
    /// promise: never a blocked frame, never 100 ms on the main thread).
    @Test func aLockTakenDuringPlayNeverHoldsAFrame() throws {
        let dir = temporaryDirectory()
        var now = 1_700_000_000.0
        let s = Self.store(dir, clock: { now })
        var statuses: [String] = []
        s.onEvent = { name, fields in if name == "save" { statuses.append(fields.first { $0.0 == "status" }!.1.stringValue!) } }
        let holder = try Holder(dir + "/progress.db", createWAL: false)
        var worstWall = 0.0
        for frame in 0..<120 {
            let start = Self.monotonicMs()
            s.frameBegins()
            s.pump()
            if frame % 10 == 5 {
                let ranks = s.recordRound(RoundRecord(game: .sorting, level: .easy, score: 10 + frame, result: "won", reason: "x"), player: .guest)
                #expect(ranks.rank != nil, "the popup still sees the score")
            }
            worstWall = max(worstWall, Self.monotonicMs() - start)
            now += 0.2
        }
        #expect(s.waits.busyCount > 0, "the lock was met")
        #expect(HighScoreStore.mainThreadWait == 0)
        #expect(s.waits.longest == 0, "a frame waited \(s.waits.longest) ms")
        print("lock during play: longest wait \(s.waits.longest) ms (counter), worst frame \(worstWall) ms (wall clock)")
        #expect(statuses == Array(repeating: "waiting", count: 12))
        holder.release()
        s.frameBegins()
        #expect(s.pump(force: true))
        #expect(statuses.suffix(12) == Array(repeating: "saved-late", count: 12))
        let written = try s.database?.db.scalar("SELECT count(*) FROM rounds")
        #expect(written == 12)
    }

    /// At start: the lock held before the store opens (the open waits at most 100 ms); then
    /// no frame's retry of the deferred open waits at all, and the rounds played meanwhile are
    /// written when the lock goes.
    @Test func aLockHeldAtStartNeverHoldsAFrame() throws {
        let dir = temporaryDirectory()
        var now = 1_700_000_000.0
        let holder = try Holder(dir + "/progress.db", createWAL: true)
        let s = Self.store(dir, clock: { now })
        #expect(s.lockWait.openDeferred)
        #expect(s.waits.longest <= Double(HighScoreStore.openWait), "the start waited \(s.waits.longest) ms")
        let startWait = s.waits.longest
        var worstFrame = 0.0
        var worstWall = 0.0
        for frame in 0..<60 {
            let start = Self.monotonicMs()
            s.frameBegins()
            s.pump()
            if frame % 10 == 5 { s.recordRound(DatabaseDamageTests.round, player: .guest) }
            worstFrame = max(worstFrame, s.waits.spent)
            worstWall = max(worstWall, Self.monotonicMs() - start)
            now += 0.2
        }
        #expect(worstFrame == 0, "a frame waited \(worstFrame) ms")
        print("lock at start: start waited \(startWait) ms, longest frame \(worstFrame) ms (counter), worst frame \(worstWall) ms (wall clock)")
        #expect(s.lockWait.openDeferred)
        holder.release()
        s.frameBegins()
        s.pump(force: true)
        #expect(!s.lockWait.openDeferred && s.lockWait.pending.isEmpty)
        let written = try s.database?.db.scalar("SELECT count(*) FROM rounds")
        #expect(written == 6)
    }
}
