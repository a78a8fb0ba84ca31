import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// The rules of Memory (SPEC section 4), on a pure value with time passed in.
final class MemoryRulesTests: XCTestCase {
    /// Easy deck with known positions: pairs at (0,1), (2,3), ... (10,11).
    static let easyFaces = ["cat", "cat", "dog", "dog", "fox", "fox", "frog", "frog", "lion", "lion", "panda", "panda"]
    static let frame = 1.0 / 60.0

    /// The game time after `frames` steps of 1/60 s, summed the way MemoryScene counts it.
    func time(afterFrames frames: Int, from start: Double = 0) -> Double {
        var now = start
        for _ in 0..<frames { now += Self.frame }
        return now
    }

    // MARK: - Deck

    func test_gridsAndPairs_easyFourByThree_mediumFourByFour_hardFiveByFour() {
        XCTAssertTrue(MemoryRules.grid(for: .easy) == (4, 3))
        XCTAssertTrue(MemoryRules.grid(for: .medium) == (4, 4))
        XCTAssertTrue(MemoryRules.grid(for: .hard) == (5, 4))
        XCTAssertEqual(Level.allCases.map(MemoryRules.pairCount(for:)), [6, 8, 10])
    }

    func test_deck_holdsEachChosenAnimalExactlyTwice() {
        for level in Level.allCases {
            var rng = SeededGenerator(seed: 42)
            let rules = MemoryRules(level: level, using: &rng)
            let counts = Dictionary(grouping: rules.cards, by: \.face).mapValues(\.count)
            XCTAssertEqual(counts.count, MemoryRules.pairCount(for: level), "\(level)")
            XCTAssertTrue(counts.values.allSatisfy { $0 == 2 }, "\(level)")
            XCTAssertTrue(counts.keys.allSatisfy(AssetManifest.animals.contains), "\(level)")
            XCTAssertEqual(rules.cards.map(\.id), Array(0..<rules.cards.count))
            XCTAssertTrue(rules.cards.allSatisfy { $0.state == .hidden })
        }
    }

    func test_sameSeed_givesSameDeck() {
        for level in Level.allCases {
            var a = SeededGenerator(seed: 7), b = SeededGenerator(seed: 7)
            XCTAssertEqual(MemoryRules(level: level, using: &a).cards, MemoryRules(level: level, using: &b).cards)
        }
    }

    func test_manySeeds_everyAnimalAppears_andPositionsDiffer() {
        for level in Level.allCases {
            var seen = Set<String>()
            var layouts = Set<[String]>()
            for seed in 0..<200 {
                var rng = SeededGenerator(seed: UInt64(seed))
                let faces = MemoryRules(level: level, using: &rng).cards.map(\.face)
                seen.formUnion(faces)
                layouts.insert(faces)
            }
            XCTAssertEqual(seen, Set(AssetManifest.animals), "\(level): every one of the 10 animals is drawn sometimes")
            XCTAssertGreaterThan(layouts.count, 190, "\(level): positions are shuffled anew")
            // Every card position holds more than one animal across games.
            var rng = SeededGenerator(seed: 1)
            let first = MemoryRules(level: level, using: &rng).cards.map(\.face)
            for position in first.indices {
                var faces = Set<String>()
                for seed in 0..<50 {
                    var r = SeededGenerator(seed: UInt64(seed))
                    faces.insert(MemoryRules(level: level, using: &r).cards[position].face)
                }
                XCTAssertGreaterThan(faces.count, 3, "\(level) position \(position)")
            }
        }
    }

    func test_easyAndMediumDecks_pickOnlySomeAnimals() {
        var rng = SeededGenerator(seed: 3)
        XCTAssertEqual(Set(MemoryRules(level: .easy, using: &rng).cards.map(\.face)).count, 6)
        XCTAssertEqual(Set(MemoryRules(level: .medium, using: &rng).cards.map(\.face)).count, 8)
        XCTAssertEqual(Set(MemoryRules(level: .hard, using: &rng).cards.map(\.face)), Set(AssetManifest.animals))
    }

    // MARK: - Opening and matching

    func test_firstTap_opensCard() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        XCTAssertEqual(rules.tap(card: 4, now: 0.5), [.flipped(card: 4)])
        XCTAssertEqual(rules.cards[4].state, .open)
        XCTAssertEqual(rules.waitingCard, 4)
    }

    func test_matchingPair_staysOpenAsFound_andScores() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 2, now: 1)
        XCTAssertEqual(rules.tap(card: 3, now: 2), [.flipped(card: 3), .matched(first: 2, second: 3, points: 5)])
        XCTAssertEqual(rules.cards[2].state, .matched)
        XCTAssertEqual(rules.cards[3].state, .matched)
        XCTAssertEqual(rules.score, 5)
        XCTAssertFalse(rules.isLocked)
    }

    func test_tapOpenCard_doesNothing() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 0, now: 1)
        XCTAssertEqual(rules.tap(card: 0, now: 1.5), [])
        XCTAssertEqual(rules.cards[0].state, .open)
        XCTAssertEqual(rules.waitingCard, 0, "the open card still waits for its partner")
    }

    func test_tapMatchedCard_doesNothing() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 0, now: 1)
        _ = rules.tap(card: 1, now: 1.2)
        XCTAssertEqual(rules.tap(card: 0, now: 2), [])
        XCTAssertEqual(rules.tap(card: 1, now: 2), [])
        XCTAssertNil(rules.waitingCard)
        XCTAssertEqual(rules.cards[0].state, .matched)
        XCTAssertEqual(rules.score, 5)
    }

    // MARK: - Mismatch

    func test_mismatch_closesExactlyOneSecondAfterSecondCardOpened() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        let second = time(afterFrames: 90)
        _ = rules.tap(card: 0, now: time(afterFrames: 60))
        XCTAssertEqual(rules.tap(card: 2, now: second), [.flipped(card: 2), .mismatched(first: 0, second: 2)])
        XCTAssertTrue(rules.isLocked)
        for frames in 1..<60 {
            XCTAssertEqual(rules.update(now: time(afterFrames: frames, from: second)), [], "still open after \(frames) frames")
        }
        XCTAssertEqual(rules.cards[0].state, .open)
        XCTAssertEqual(rules.cards[2].state, .open)
        XCTAssertEqual(rules.update(now: time(afterFrames: 60, from: second)), [.closed(first: 0, second: 2)])
        XCTAssertEqual(rules.cards[0].state, .hidden)
        XCTAssertEqual(rules.cards[2].state, .hidden)
        XCTAssertFalse(rules.isLocked)
        XCTAssertEqual(rules.update(now: time(afterFrames: 61, from: second)), [], "closes once")
    }

    func test_tapsDuringMismatchWait_doNothing() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 0, now: 1)
        _ = rules.tap(card: 2, now: 1.5)
        for card in [1, 3, 4, 11, 0, 2] {
            XCTAssertEqual(rules.tap(card: card, now: 2.4), [], "card \(card) during the wait")
        }
        XCTAssertEqual(rules.cards.filter { $0.state == .open }.map(\.id), [0, 2])
        _ = rules.update(now: 2.5)
        XCTAssertEqual(rules.tap(card: 1, now: 2.6), [.flipped(card: 1)], "after the close, cards open again")
    }

    func test_mismatch_scoresNothing_andKeepsPairClock() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 0, now: 0.5)
        _ = rules.tap(card: 2, now: 1.0)
        _ = rules.update(now: 2.0)
        XCTAssertEqual(rules.score, 0)
        _ = rules.tap(card: 0, now: 2.5)
        // 3.0 s since the start (the mismatch does not restart the clock): still 5.
        XCTAssertEqual(rules.tap(card: 1, now: 3.0).last, .matched(first: 0, second: 1, points: 5))
    }

    // MARK: - Scoring thresholds

    /// Finds the pair (0,1) with its second card opened at `now`, and answers the points.
    func pointsForFirstPair(at now: Double) -> Int {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 0, now: 0)
        guard case .matched(_, _, let points)? = rules.tap(card: 1, now: now).last else {
            XCTFail("no match"); return 0
        }
        return points
    }

    func test_pairAtExactlyThreeSeconds_scoresFive() {
        XCTAssertEqual(pointsForFirstPair(at: time(afterFrames: 180)), 5)
        XCTAssertEqual(pointsForFirstPair(at: 3.0), 5)
    }

    func test_pairOneFrameAfterThreeSeconds_scoresFour() {
        XCTAssertEqual(pointsForFirstPair(at: time(afterFrames: 181)), 4)
    }

    func test_pairAtExactlySevenSeconds_scoresFour() {
        XCTAssertEqual(pointsForFirstPair(at: time(afterFrames: 420)), 4)
        XCTAssertEqual(pointsForFirstPair(at: 7.0), 4)
    }

    func test_pairOneFrameAfterSevenSeconds_scoresThree() {
        XCTAssertEqual(pointsForFirstPair(at: time(afterFrames: 421)), 3)
        XCTAssertEqual(pointsForFirstPair(at: 60), 3)
    }

    func test_pairClock_restartsAtEachPair() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        func pair(_ a: Int, _ b: Int, at frames: Int) -> MemoryEvent? {
            _ = rules.tap(card: a, now: time(afterFrames: max(frames - 30, 0)))
            return rules.tap(card: b, now: time(afterFrames: frames)).last
        }
        // First pair 2 s after the start: 5.
        XCTAssertEqual(pair(0, 1, at: 120), .matched(first: 0, second: 1, points: 5))
        // 7 s after the first pair (9 s after the start): 4.
        XCTAssertEqual(pair(2, 3, at: 540), .matched(first: 2, second: 3, points: 4))
        // 3 s after the second pair: 5 again, though 12 s passed since the start.
        XCTAssertEqual(pair(4, 5, at: 720), .matched(first: 4, second: 5, points: 5))
        // 3 s + one frame after the third pair: 4.
        XCTAssertEqual(pair(6, 7, at: 901), .matched(first: 6, second: 7, points: 4))
        // 7 s + one frame after the fourth pair: 3.
        XCTAssertEqual(pair(8, 9, at: 1322), .matched(first: 8, second: 9, points: 3))
        XCTAssertEqual(rules.score, 5 + 4 + 5 + 4 + 3)
        XCTAssertEqual(rules.lastPairTime, time(afterFrames: 1322))
    }

    // MARK: - Time, winning and losing

    func test_countdown_twoMinutes_oneFortyFive_oneThirty() {
        var rng = SeededGenerator(seed: 1)
        XCTAssertEqual(MemoryRules(level: .easy, using: &rng).countdown.limit, 120)
        XCTAssertEqual(MemoryRules(level: .medium, using: &rng).countdown.limit, 105)
        XCTAssertEqual(MemoryRules(level: .hard, using: &rng).countdown.limit, 90)
        XCTAssertEqual(Countdown.format(120), "2:00")
        XCTAssertEqual(Countdown.format(105), "1:45")
        XCTAssertEqual(Countdown.format(90), "1:30")
    }

    func test_timeRunsOut_losesAtTheLimit_notBefore() {
        for level in Level.allCases {
            var rng = SeededGenerator(seed: 99)
            var rules = MemoryRules(level: level, using: &rng)
            let limitFrames = Int(MemoryRules.timeLimit(for: level) * 60)
            XCTAssertEqual(rules.update(now: time(afterFrames: limitFrames - 1)), [], "\(level)")
            XCTAssertFalse(rules.isFinished)
            XCTAssertEqual(rules.update(now: time(afterFrames: limitFrames)), [.lost], "\(level)")
            XCTAssertEqual(rules.outcome, .lost)
            XCTAssertEqual(rules.update(now: time(afterFrames: limitFrames + 1)), [], "lost once")
            XCTAssertEqual(rules.tap(card: 0, now: time(afterFrames: limitFrames + 1)), [], "no taps after the end")
        }
    }

    func test_allPairsFound_wins_andLaterTimeChangesNothing() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        var events: [MemoryEvent] = []
        for pair in 0..<6 {
            events += rules.tap(card: 2 * pair, now: Double(pair) * 2 + 1)
            events += rules.tap(card: 2 * pair + 1, now: Double(pair) * 2 + 2)
        }
        XCTAssertEqual(events.last, .won)
        XCTAssertEqual(events.filter { $0 == .won }.count, 1)
        XCTAssertEqual(rules.outcome, .won)
        XCTAssertEqual(rules.matchedPairs, 6)
        XCTAssertEqual(rules.update(now: 500), [], "time running out after a win is not a loss")
        XCTAssertEqual(rules.outcome, .won)
    }

    func test_mismatchPendingWhenTimeRunsOut_isLost() {
        var rng = SeededGenerator(seed: 99)
        var rules = MemoryRules(level: .hard, using: &rng)
        let a = rules.cards[0]
        let b = rules.cards.first { $0.face != a.face }!
        _ = rules.tap(card: a.id, now: 89.5)
        _ = rules.tap(card: b.id, now: 89.6)
        XCTAssertEqual(rules.update(now: 90), [.lost])
    }
}
