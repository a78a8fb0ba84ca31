import Testing
@testable import GameCore

/// The rules of Memory (SPEC section 4), on a pure value with time passed in.
@Suite struct MemoryRulesTests {
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

    @Test func test_gridsAndPairs_easyFourByThree_mediumFourByFour_hardFiveByFour() {
        #expect(MemoryRules.grid(for: .easy) == (4, 3))
        #expect(MemoryRules.grid(for: .medium) == (4, 4))
        #expect(MemoryRules.grid(for: .hard) == (5, 4))
        #expect(Level.allCases.map(MemoryRules.pairCount(for:)) == [6, 8, 10])
    }

    @Test func test_deck_holdsEachChosenAnimalExactlyTwice() {
        for level in Level.allCases {
            var rng = SeededGenerator(seed: 42)
            let rules = MemoryRules(level: level, using: &rng)
            let counts = Dictionary(grouping: rules.cards, by: \.face).mapValues(\.count)
            #expect(counts.count == MemoryRules.pairCount(for: level), "\(level)")
            #expect(counts.values.allSatisfy { $0 == 2 }, "\(level)")
            #expect(counts.keys.allSatisfy(GameContent.animals.contains), "\(level)")
            #expect(rules.cards.map(\.id) == Array(0..<rules.cards.count))
            #expect(rules.cards.allSatisfy { $0.state == .hidden })
        }
    }

    @Test func test_sameSeed_givesSameDeck() {
        for level in Level.allCases {
            var a = SeededGenerator(seed: 7), b = SeededGenerator(seed: 7)
            #expect(MemoryRules(level: level, using: &a).cards == MemoryRules(level: level, using: &b).cards)
        }
    }

    @Test func test_manySeeds_everyAnimalAppears_andPositionsDiffer() {
        for level in Level.allCases {
            var seen = Set<String>()
            var layouts = Set<[String]>()
            for seed in 0..<200 {
                var rng = SeededGenerator(seed: UInt64(seed))
                let faces = MemoryRules(level: level, using: &rng).cards.map(\.face)
                seen.formUnion(faces)
                layouts.insert(faces)
            }
            #expect(seen == Set(GameContent.animals), "\(level): every one of the 10 animals is drawn sometimes")
            #expect(layouts.count > 190, "\(level): positions are shuffled anew")
            // Every card position holds more than one animal across games.
            var rng = SeededGenerator(seed: 1)
            let first = MemoryRules(level: level, using: &rng).cards.map(\.face)
            for position in first.indices {
                var faces = Set<String>()
                for seed in 0..<50 {
                    var r = SeededGenerator(seed: UInt64(seed))
                    faces.insert(MemoryRules(level: level, using: &r).cards[position].face)
                }
                #expect(faces.count > 3, "\(level) position \(position)")
            }
        }
    }

    @Test func test_easyAndMediumDecks_pickOnlySomeAnimals() {
        var rng = SeededGenerator(seed: 3)
        #expect(Set(MemoryRules(level: .easy, using: &rng).cards.map(\.face)).count == 6)
        #expect(Set(MemoryRules(level: .medium, using: &rng).cards.map(\.face)).count == 8)
        #expect(Set(MemoryRules(level: .hard, using: &rng).cards.map(\.face)) == Set(GameContent.animals))
    }

    // MARK: - Opening and matching

    @Test func test_firstTap_opensCard() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        #expect(rules.tap(card: 4, now: 0.5) == [.flipped(card: 4)])
        #expect(rules.cards[4].state == .open)
        #expect(rules.waitingCard == 4)
    }

    @Test func test_matchingPair_staysOpenAsFound_andScores() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 2, now: 1)
        #expect(rules.tap(card: 3, now: 2) == [.flipped(card: 3), .matched(first: 2, second: 3, points: 5)])
        #expect(rules.cards[2].state == .matched)
        #expect(rules.cards[3].state == .matched)
        #expect(rules.score == 5)
        #expect(!rules.isLocked)
    }

    @Test func test_tapOpenCard_doesNothing() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 0, now: 1)
        #expect(rules.tap(card: 0, now: 1.5) == [])
        #expect(rules.cards[0].state == .open)
        #expect(rules.waitingCard == 0, "the open card still waits for its partner")
    }

    @Test func test_tapMatchedCard_doesNothing() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 0, now: 1)
        _ = rules.tap(card: 1, now: 1.2)
        #expect(rules.tap(card: 0, now: 2) == [])
        #expect(rules.tap(card: 1, now: 2) == [])
        #expect(rules.waitingCard == nil)
        #expect(rules.cards[0].state == .matched)
        #expect(rules.score == 5)
    }

    // MARK: - Mismatch

    @Test func test_mismatch_closesExactlyOneSecondAfterSecondCardOpened() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        let second = time(afterFrames: 90)
        _ = rules.tap(card: 0, now: time(afterFrames: 60))
        #expect(rules.tap(card: 2, now: second) == [.flipped(card: 2), .mismatched(first: 0, second: 2)])
        #expect(rules.isLocked)
        for frames in 1..<60 {
            #expect(rules.update(now: time(afterFrames: frames, from: second)) == [], "still open after \(frames) frames")
        }
        #expect(rules.cards[0].state == .open)
        #expect(rules.cards[2].state == .open)
        #expect(rules.update(now: time(afterFrames: 60, from: second)) == [.closed(first: 0, second: 2)])
        #expect(rules.cards[0].state == .hidden)
        #expect(rules.cards[2].state == .hidden)
        #expect(!rules.isLocked)
        #expect(rules.update(now: time(afterFrames: 61, from: second)) == [], "closes once")
    }

    @Test func test_tapsDuringMismatchWait_doNothing() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 0, now: 1)
        _ = rules.tap(card: 2, now: 1.5)
        for card in [1, 3, 4, 11, 0, 2] {
            #expect(rules.tap(card: card, now: 2.4) == [], "card \(card) during the wait")
        }
        #expect(rules.cards.filter { $0.state == .open }.map(\.id) == [0, 2])
        _ = rules.update(now: 2.5)
        #expect(rules.tap(card: 1, now: 2.6) == [.flipped(card: 1)], "after the close, cards open again")
    }

    @Test func test_mismatch_scoresNothing_andKeepsPairClock() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 0, now: 0.5)
        _ = rules.tap(card: 2, now: 1.0)
        _ = rules.update(now: 2.0)
        #expect(rules.score == 0)
        _ = rules.tap(card: 0, now: 2.5)
        // 3.0 s since the start (the mismatch does not restart the clock): still 5.
        #expect(rules.tap(card: 1, now: 3.0).last == .matched(first: 0, second: 1, points: 5))
    }

    // MARK: - Scoring thresholds

    /// Finds the pair (0,1) with its second card opened at `now`, and answers the points.
    func pointsForFirstPair(at now: Double) -> Int {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        _ = rules.tap(card: 0, now: 0)
        guard case .matched(_, _, let points)? = rules.tap(card: 1, now: now).last else {
            Issue.record("no match"); return 0
        }
        return points
    }

    @Test func test_pairAtExactlyThreeSeconds_scoresFive() {
        #expect(pointsForFirstPair(at: time(afterFrames: 180)) == 5)
        #expect(pointsForFirstPair(at: 3.0) == 5)
    }

    @Test func test_pairOneFrameAfterThreeSeconds_scoresFour() {
        #expect(pointsForFirstPair(at: time(afterFrames: 181)) == 4)
    }

    @Test func test_pairAtExactlySevenSeconds_scoresFour() {
        #expect(pointsForFirstPair(at: time(afterFrames: 420)) == 4)
        #expect(pointsForFirstPair(at: 7.0) == 4)
    }

    @Test func test_pairOneFrameAfterSevenSeconds_scoresThree() {
        #expect(pointsForFirstPair(at: time(afterFrames: 421)) == 3)
        #expect(pointsForFirstPair(at: 60) == 3)
    }

    @Test func test_pairClock_restartsAtEachPair() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        func pair(_ a: Int, _ b: Int, at frames: Int) -> MemoryEvent? {
            _ = rules.tap(card: a, now: time(afterFrames: max(frames - 30, 0)))
            return rules.tap(card: b, now: time(afterFrames: frames)).last
        }
        // First pair 2 s after the start: 5.
        #expect(pair(0, 1, at: 120) == .matched(first: 0, second: 1, points: 5))
        // 7 s after the first pair (9 s after the start): 4.
        #expect(pair(2, 3, at: 540) == .matched(first: 2, second: 3, points: 4))
        // 3 s after the second pair: 5 again, though 12 s passed since the start.
        #expect(pair(4, 5, at: 720) == .matched(first: 4, second: 5, points: 5))
        // 3 s + one frame after the third pair: 4.
        #expect(pair(6, 7, at: 901) == .matched(first: 6, second: 7, points: 4))
        // 7 s + one frame after the fourth pair: 3.
        #expect(pair(8, 9, at: 1322) == .matched(first: 8, second: 9, points: 3))
        #expect(rules.score == 5 + 4 + 5 + 4 + 3)
        #expect(rules.lastPairTime == time(afterFrames: 1322))
    }

    // MARK: - Time, winning and losing

    @Test func test_countdown_twoMinutes_oneFortyFive_oneThirty() {
        var rng = SeededGenerator(seed: 1)
        #expect(MemoryRules(level: .easy, using: &rng).countdown.limit == 120)
        #expect(MemoryRules(level: .medium, using: &rng).countdown.limit == 105)
        #expect(MemoryRules(level: .hard, using: &rng).countdown.limit == 90)
        #expect(Countdown.format(120) == "2:00")
        #expect(Countdown.format(105) == "1:45")
        #expect(Countdown.format(90) == "1:30")
    }

    @Test func test_timeRunsOut_losesAtTheLimit_notBefore() {
        for level in Level.allCases {
            var rng = SeededGenerator(seed: 99)
            var rules = MemoryRules(level: level, using: &rng)
            let limitFrames = Int(MemoryRules.timeLimit(for: level) * 60)
            #expect(rules.update(now: time(afterFrames: limitFrames - 1)) == [], "\(level)")
            #expect(!rules.isFinished)
            #expect(rules.update(now: time(afterFrames: limitFrames)) == [.lost], "\(level)")
            #expect(rules.outcome == .lost)
            #expect(rules.update(now: time(afterFrames: limitFrames + 1)) == [], "lost once")
            #expect(rules.tap(card: 0, now: time(afterFrames: limitFrames + 1)) == [], "no taps after the end")
        }
    }

    @Test func test_allPairsFound_wins_andLaterTimeChangesNothing() {
        var rules = MemoryRules(level: .easy, faces: Self.easyFaces)
        var events: [MemoryEvent] = []
        for pair in 0..<6 {
            events += rules.tap(card: 2 * pair, now: Double(pair) * 2 + 1)
            events += rules.tap(card: 2 * pair + 1, now: Double(pair) * 2 + 2)
        }
        #expect(events.last == .won)
        #expect(events.filter { $0 == .won }.count == 1)
        #expect(rules.outcome == .won)
        #expect(rules.matchedPairs == 6)
        #expect(rules.update(now: 500) == [], "time running out after a win is not a loss")
        #expect(rules.outcome == .won)
    }

    @Test func test_mismatchPendingWhenTimeRunsOut_isLost() {
        var rng = SeededGenerator(seed: 99)
        var rules = MemoryRules(level: .hard, using: &rng)
        let a = rules.cards[0]
        let b = rules.cards.first { $0.face != a.face }!
        _ = rules.tap(card: a.id, now: 89.5)
        _ = rules.tap(card: b.id, now: 89.6)
        #expect(rules.update(now: 90) == [.lost])
    }
}
