import Testing
@testable import GameCore

/// The Balloons rules (SPEC section 6), stepped through time like the app does (1/60 s).
// On the main actor: the layouts read the process-wide canvas size, which the shape tests
// (also on the main actor) change for a moment.
@Suite @MainActor struct BalloonRulesTests {
    static let dt = 1.0 / 60
    static let seeds: [UInt64] = Array(1...20)

    /// A config that never ends by itself, for counting what appears over a long time.
    static func endless(_ level: Level, seconds: Double = 600) -> BalloonRules.Config {
        var config = BalloonRules.Config.level(level)
        config.timeLimit = seconds
        config.idleLimit = .infinity
        return config
    }

    /// Steps the rules from their current time to `until`, collecting events. Steps are
    /// frames (1/60 s) unless `stepsPerSecond` says otherwise: balloons appear at their own
    /// times whatever the step, so long runs that only look at what appears can step faster.
    @discardableResult
    static func run(_ rules: inout BalloonRules, until end: Double, rng: inout SeededGenerator,
                    stepsPerSecond: Double = 60) -> [(time: Double, event: BalloonEvent)] {
        var out: [(Double, BalloonEvent)] = []
        var frame = Int((rules.now * stepsPerSecond).rounded())
        while Double(frame) / stepsPerSecond < end - 1e-9 {
            frame += 1
            let now = Double(frame) / stepsPerSecond
            for event in rules.advance(to: now, using: &rng) { out.append((now, event)) }
            if rules.isOver { break }
        }
        return out
    }

    static func spawned(_ events: [(time: Double, event: BalloonEvent)]) -> [Balloon] {
        events.compactMap { if case .spawned(let b) = $0.event { return b } else { return nil } }
    }

    /// Regular balloons per whole second, over `seconds` seconds, for each seed.
    static func countsPerSecond(_ level: Level, seconds: Int) -> [Int] {
        var counts: [Int] = []
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            var rules = BalloonRules(config: endless(level), using: &rng)
            let balloons = spawned(run(&rules, until: Double(seconds), rng: &rng)).filter { $0.type == .regular }
            var perSecond = [Int](repeating: 0, count: seconds)
            for b in balloons { perSecond[Int(b.spawnTime)] += 1 }
            counts += perSecond
        }
        return counts
    }

    // MARK: - Spawning

    @Test func test_easy_alwaysOneBalloonPerSecond() {
        let counts = Self.countsPerSecond(.easy, seconds: 60)
        #expect(Set(counts) == [1])
    }

    @Test func test_medium_oneOrTwoPerSecond_aboutHalfEach() {
        let counts = Self.countsPerSecond(.medium, seconds: 60)
        #expect(Set(counts) == [1, 2])
        let ones = Double(counts.filter { $0 == 1 }.count) / Double(counts.count)
        #expect(abs(ones - 0.5) <= 0.1, "1200 fixed draws: about half must be 1")
    }

    @Test func test_hard_oneTwoOrThreePerSecond_aboutAThirdEach() {
        let counts = Self.countsPerSecond(.hard, seconds: 60)
        #expect(Set(counts) == [1, 2, 3])
        for n in 1...3 {
            let share = Double(counts.filter { $0 == n }.count) / Double(counts.count)
            #expect(abs(share - (1.0 / 3)) <= 0.1, "share of \(n)")
        }
    }

    @Test func test_firstBalloonAppearsInTheFirstSecond_atTheBottom() throws {
        var rng = SeededGenerator(seed: 3)
        var rules = BalloonRules(level: .easy, using: &rng)
        let first = Self.spawned(Self.run(&rules, until: 1, rng: &rng))
        #expect(first.count == 1)
        let b = try #require(first.first)
        #expect(b.spawnTime < 0.8)
        #expect(b.frame(at: b.spawnTime).minY == BalloonLayout.entranceY)
    }

    @Test func test_spotsAreDistinctWithinASecond_andInRange() {
        for level in Level.allCases {
            for seed in Self.seeds.prefix(10) {
                var rng = SeededGenerator(seed: seed)
                var rules = BalloonRules(config: Self.endless(level), using: &rng)
                let balloons = Self.spawned(Self.run(&rules, until: 120, rng: &rng, stepsPerSecond: 4))
                let bySecond = Dictionary(grouping: balloons) { Int($0.spawnTime) }
                for (second, group) in bySecond {
                    #expect(Set(group.map(\.spot)).count == group.count, "\(level) seed \(seed) second \(second)")
                    #expect(group.allSatisfy { (0..<10).contains($0.spot) })
                }
            }
        }
    }

    @Test func test_entranceSpots_doNotOverlap_andFitTheScreen() {
        for spot in 0..<BalloonLayout.spotCount - 1 {
            #expect(BalloonLayout.spotX(spot) + BalloonLayout.size.width <= BalloonLayout.spotX(spot + 1))
        }
        #expect(BalloonLayout.spotX(0) > 0)
        #expect(BalloonLayout.spotX(9) + BalloonLayout.size.width < 1024)
        #expect(abs(BalloonLayout.spotX(0) - (1024 - BalloonLayout.spotX(9) - BalloonLayout.size.width)) <= 1e-9)
    }

    @Test func test_aNewBalloonNeverAppearsOnTopOfAnotherInItsSpot() {
        for level in Level.allCases {
            for seed in Self.seeds.prefix(8) {
                var rng = SeededGenerator(seed: seed)
                var rules = BalloonRules(config: Self.endless(level), using: &rng)
                let balloons = Self.spawned(Self.run(&rules, until: 120, rng: &rng, stepsPerSecond: 4))
                for b in balloons {
                    let start = b.frame(at: b.spawnTime)
                    for other in balloons where other.id < b.id && other.spot == b.spot && !other.hasEscaped(at: b.spawnTime) {
                        #expect(!other.frame(at: b.spawnTime).intersects(start), "\(level) seed \(seed): \(b.name) on \(other.name)")
                    }
                }
            }
        }
    }

    @Test func test_numbersWithinTheLevelRange() throws {
        let ranges: [Level: ClosedRange<Int>] = [.easy: 1...9, .medium: 1...7, .hard: 1...5]
        for level in Level.allCases {
            var seen = Set<Int>()
            for seed in Self.seeds.prefix(5) {
                var rng = SeededGenerator(seed: seed)
                var rules = BalloonRules(config: Self.endless(level), using: &rng)
                for b in Self.spawned(Self.run(&rules, until: 120, rng: &rng, stepsPerSecond: 4)) {
                    if b.type == .regular {
                        let n = try #require(b.number)
                        #expect(ranges[level]!.contains(n), "\(level): \(n)")
                        seen.insert(n)
                    } else {
                        #expect(b.number == nil)
                    }
                }
            }
            #expect(seen == Set(ranges[level]!), "every number of \(level) appears")
        }
    }

    @Test func test_everyColourAppears() {
        var rng = SeededGenerator(seed: 11)
        var rules = BalloonRules(config: Self.endless(.hard), using: &rng)
        let balloons = Self.spawned(Self.run(&rules, until: 120, rng: &rng))
        let regular = Set(balloons.filter { $0.type == .regular }.map(\.color))
        #expect(regular == Set(GameContent.balloonColors))
        #expect(Set(balloons.filter { $0.type == .bonus }.map(\.imageName)) == ["balloon-star"])
        #expect(Set(balloons.filter { $0.type == .killer }.map(\.imageName)) == ["balloon-skull"])
    }

    // MARK: - Bonus and killer

    @Test func test_bonusAndKillerGaps_alwaysWithin20To25Seconds() {
        for level in Level.allCases {
            for seed in Self.seeds.prefix(8) {
                var rng = SeededGenerator(seed: seed)
                var rules = BalloonRules(config: Self.endless(level, seconds: 300), using: &rng)
                let balloons = Self.spawned(Self.run(&rules, until: 300, rng: &rng, stepsPerSecond: 4))
                for type in [BalloonType.bonus, .killer] {
                    let times = [0] + balloons.filter { $0.type == type }.map(\.spawnTime)
                    #expect(times.count >= 12, "\(type) every 20-25 s over 300 s")
                    for (a, b) in zip(times, times.dropFirst()) {
                        #expect((20 - 1e-9...25 + 1e-9).contains(b - a), "\(level) seed \(seed) \(type) gap \(b - a)")
                    }
                }
                // Two schedules, not one: they do not always come together.
                let bonus = balloons.filter { $0.type == .bonus }.map(\.spawnTime)
                let killer = balloons.filter { $0.type == .killer }.map(\.spawnTime)
                #expect(bonus != killer)
            }
        }
    }

    @Test func test_speeds_bonusFasterThanRegular_fasterThanKiller_risingWithLevel() throws {
        var regular: [Level: Double] = [:]
        for level in Level.allCases {
            var rng = SeededGenerator(seed: 5)
            var rules = BalloonRules(config: Self.endless(level, seconds: 60), using: &rng)
            let balloons = Self.spawned(Self.run(&rules, until: 60, rng: &rng))
            let speeds = Dictionary(grouping: balloons, by: \.type).mapValues { Set($0.map(\.speed)) }
            #expect(speeds[.regular]?.count == 1)
            let r = try #require(speeds[.regular]?.first), b = try #require(speeds[.bonus]?.first), k = try #require(speeds[.killer]?.first)
            #expect(b > r)
            #expect(r > k)
            regular[level] = r
        }
        #expect(regular[.easy] == 110)
        #expect(regular[.medium] == 150)
        #expect(regular[.hard] == 200)
    }

    @Test func test_balloonsRiseAtTheirSpeed_andEscapeWhenFullyAboveThePlayArea() throws {
        var rng = SeededGenerator(seed: 2)
        var rules = BalloonRules(config: Self.endless(.easy, seconds: 30), using: &rng)
        let events = Self.run(&rules, until: 30, rng: &rng)
        let first = Self.spawned(events)[0]
        #expect(abs((first.y(at: first.spawnTime + 2) - first.y(at: first.spawnTime + 3)) - 110) <= 1e-9)
        let escape = try #require(events.first { if case .escaped(let b) = $0.event { return b.id == first.id } else { return false } })
        // (768 - 64 + 144) px at 110 px/s, to the frame.
        let expected = first.spawnTime + (BalloonLayout.entranceY - BalloonLayout.playArea.minY + BalloonLayout.size.height) / 110
        #expect(abs(escape.time - expected) <= 1.0 / 60 + 1e-9)
        #expect(first.frame(at: escape.time).maxY <= 64 + 1e-9)
        #expect(first.frame(at: escape.time - 1.0 / 60).maxY > 64)
    }

    // MARK: - Taps

    /// Runs until a balloon of `type` is fully in view, and answers it with the time.
    static func waitFor(_ type: BalloonType, _ rules: inout BalloonRules, rng: inout SeededGenerator) -> (Balloon, Double)? {
        var frame = Int((rules.now * 60).rounded())
        while !rules.isOver {
            frame += 1
            let now = Double(frame) / 60
            _ = rules.advance(to: now, using: &rng)
            if let b = rules.balloons.first(where: { $0.type == type && $0.frame(at: now).maxY < 700 }) { return (b, now) }
        }
        return nil
    }

    @Test func test_tapOnBody_popsAndAddsTheNumber_tapBesideDoesNothing() throws {
        var rng = SeededGenerator(seed: 4)
        var rules = BalloonRules(level: .medium, using: &rng)
        let (b, now) = try #require(Self.waitFor(.regular, &rules, rng: &rng))
        let body = BalloonLayout.body(in: b.frame(at: now))
        #expect(rules.tap(Point(body.midX, body.maxY + 40), now: now) == [], "the string's end is not the balloon")
        let events = rules.tap(Point(body.maxX + 8, body.midY), now: now)
        #expect(events == [.popped(b, points: b.number!)], "the margin beside the body counts")
        #expect(rules.score == b.number)
        #expect(!rules.balloons.contains { $0.id == b.id })
        #expect(rules.tap(body.center, now: now) == [], "a popped balloon is gone")
    }

    @Test func test_hitFrame_isBodyPlusMargin_cutToThePlayArea() throws {
        let b = Balloon(id: 0, type: .regular, color: "red", number: 3, spot: 0, speed: 100, spawnTime: 0)
        let frame = b.frame(at: 4)
        let hit = try #require(b.hitFrame(at: 4))
        #expect(hit == BalloonLayout.body(in: frame).insetBy(-12, -12))
        #expect(hit.width >= 64)
        #expect(hit.height >= 64)
        // Half behind the top bar: only the part below it can be touched.
        let high = try #require(b.hitFrame(at: 7.2))
        #expect(high.minY == 64)
        #expect(b.hitFrame(at: 8.3) == nil, "body and margin behind the bar")
    }

    /// The dump contract: tapping the centre of a balloon's touchable frame pops that balloon,
    /// even where hit areas of neighbours overlap.
    @Test func test_centreOfEveryHitFrame_hitsThatBalloon() {
        for level in Level.allCases {
            var rng = SeededGenerator(seed: 9)
            var rules = BalloonRules(config: Self.endless(level), using: &rng)
            for second in stride(from: 1.0, through: 60, by: 0.25) {
                Self.run(&rules, until: second, rng: &rng)
                for b in rules.balloons {
                    guard let hit = b.hitFrame(at: rules.now) else { continue }
                    #expect(rules.balloon(at: hit.center, now: rules.now)?.id == b.id, "\(level) at \(second)")
                }
            }
        }
    }

    @Test func test_bonusPop_slowsRegularBalloonsOfTheNextFiveSeconds_thenNormal() throws {
        var rng = SeededGenerator(seed: 6)
        var rules = BalloonRules(config: Self.endless(.medium, seconds: 60), using: &rng)
        let (bonus, now) = try #require(Self.waitFor(.bonus, &rules, rng: &rng))
        let events = rules.tap(BalloonLayout.body(in: bonus.frame(at: now)).center, now: now)
        #expect(events == [.popped(bonus, points: 0), .slowedDown(until: now + 5)])
        #expect(rules.score == 0)
        let later = Self.spawned(Self.run(&rules, until: now + 9, rng: &rng)).filter { $0.type == .regular }
        let during = later.filter { $0.spawnTime <= now + 5 }
        let after = later.filter { $0.spawnTime > now + 5 + 1e-6 }
        #expect(during.count >= 4)
        #expect(after.count >= 3)
        #expect(during.allSatisfy { $0.speed == 75 }, "half speed: \(during.map(\.speed))")
        #expect(after.allSatisfy { $0.speed == 150 }, "back to normal: \(after.map(\.speed))")
        #expect(abs(rules.slowLeft(at: now + 2) - 3) <= 1e-9)
        #expect(rules.slowLeft(at: now + 6) == 0)
    }

    @Test func test_bonusPop_doesNotSlowBalloonsAlreadyRising() throws {
        var rng = SeededGenerator(seed: 6)
        var rules = BalloonRules(config: Self.endless(.medium, seconds: 60), using: &rng)
        let (bonus, now) = try #require(Self.waitFor(.bonus, &rules, rng: &rng))
        let before = rules.balloons.filter { $0.type == .regular }
        _ = rules.tap(BalloonLayout.body(in: bonus.frame(at: now)).center, now: now)
        #expect(!before.isEmpty)
        for b in before { #expect(rules.balloons.first { $0.id == b.id }?.speed == 150) }
    }

    @Test func test_killerPop_endsTheGame() throws {
        var rng = SeededGenerator(seed: 8)
        var rules = BalloonRules(level: .easy, using: &rng)
        // Keep the game going by popping a regular balloon every few seconds.
        var frame = 0
        var killer: (Balloon, Double)?
        while killer == nil && !rules.isOver {
            frame += 1
            let now = Double(frame) / 60
            _ = rules.advance(to: now, using: &rng)
            if frame % 240 == 0, let b = rules.balloons.first(where: { $0.type == .regular && $0.hitFrame(at: now) != nil }) {
                _ = rules.tap(b.hitFrame(at: now)!.center, now: now)
            }
            if let k = rules.balloons.first(where: { $0.type == .killer && $0.frame(at: now).maxY < 700 }) { killer = (k, now) }
        }
        let (k, now) = try #require(killer)
        let score = rules.score
        #expect(score > 0)
        #expect(rules.tap(BalloonLayout.body(in: k.frame(at: now)).center, now: now) == [.popped(k, points: 0), .ended(.killer)])
        #expect(rules.ended == .killer)
        #expect(rules.score == score)
        #expect(rules.advance(to: now + 1, using: &rng) == [], "nothing happens after the end")
    }

    @Test func test_tenSecondsWithoutAPop_endsTheGame_countedFromTheStart() {
        var rng = SeededGenerator(seed: 1)
        var rules = BalloonRules(level: .easy, using: &rng)
        let events = Self.run(&rules, until: 30, rng: &rng)
        let end = events.first { if case .ended = $0.event { return true } else { return false } }
        #expect(end?.event == .ended(.idle))
        #expect(abs((end?.time ?? 0) - 10) <= 1e-9)
    }

    @Test func test_tenSecondsWithoutAPop_countedFromTheLastPop() throws {
        var rng = SeededGenerator(seed: 1)
        var rules = BalloonRules(level: .easy, using: &rng)
        Self.run(&rules, until: 6, rng: &rng)
        let b = try #require(rules.balloons.first { $0.hitFrame(at: 6) != nil })
        _ = rules.tap(b.hitFrame(at: 6)!.center, now: 6)
        let events = Self.run(&rules, until: 30, rng: &rng)
        let end = try #require(events.first { if case .ended = $0.event { return true } else { return false } })
        #expect(end.event == .ended(.idle))
        #expect(abs(end.time - 16) <= 1e-9)
    }

    @Test func test_timeOut_endsTheGame_atTheLevelsLimit() {
        for (level, limit) in [(Level.easy, 60.0), (.medium, 45), (.hard, 30)] {
            var rng = SeededGenerator(seed: 3)
            var config = BalloonRules.Config.level(level)
            config.idleLimit = .infinity
            var rules = BalloonRules(config: config, using: &rng)
            let events = Self.run(&rules, until: 100, rng: &rng)
            let last = events.last!
            #expect(last.event == .ended(.time))
            #expect(abs(last.time - limit) <= 1e-9)
            #expect(Self.spawned(events).allSatisfy { $0.spawnTime < limit })
        }
    }

    @Test func test_timeOutAndIdleAtTheSameMoment_timeWins() {
        var rng = SeededGenerator(seed: 3)
        var config = BalloonRules.Config.level(.hard)
        config.idleLimit = 30
        var rules = BalloonRules(config: config, using: &rng)
        #expect(Self.run(&rules, until: 40, rng: &rng).last?.event == .ended(.time))
    }

    /// Popping regular balloons changes nothing that appears later: a script can plan its
    /// taps from one run of the game.
    @Test func test_poppingRegularBalloons_doesNotChangeWhatAppearsLater() {
        func spawns(popping: Bool) -> [Balloon] {
            var rng = SeededGenerator(seed: 12)
            var rules = BalloonRules(config: Self.endless(.hard, seconds: 60), using: &rng)
            var out: [Balloon] = []
            for frame in 1...3600 {
                let now = Double(frame) / 60
                for case .spawned(let b) in rules.advance(to: now, using: &rng) { out.append(b) }
                if popping, frame % 20 == 0, let b = rules.balloons.first(where: { $0.type == .regular && $0.hitFrame(at: now) != nil }) {
                    _ = rules.tap(b.hitFrame(at: now)!.center, now: now)
                }
            }
            return out
        }
        #expect(spawns(popping: true) == spawns(popping: false))
    }

    /// Balloons appear at their own times, whatever the step: a slow frame rate (or a long
    /// stall) changes nothing that appears.
    @Test func test_whatAppears_doesNotDependOnTheStepSize() {
        func spawns(_ stepsPerSecond: Double) -> [Balloon] {
            var rng = SeededGenerator(seed: 13)
            var rules = BalloonRules(config: Self.endless(.hard, seconds: 60), using: &rng)
            return Self.spawned(Self.run(&rules, until: 60, rng: &rng, stepsPerSecond: stepsPerSecond))
        }
        #expect(spawns(60) == spawns(4))
    }

    // MARK: - Flying number

    @Test func test_flyingNumber_takesTimeProportionalToItsDistance_atOneSpeed() {
        let near = FlyingNumber(number: 3, from: Point(BalloonLayout.scoreTarget.x, BalloonLayout.scoreTarget.y + 300))
        let far = FlyingNumber(number: 3, from: Point(BalloonLayout.scoreTarget.x - 800, BalloonLayout.scoreTarget.y + 600))
        #expect(abs(near.duration - (300 / 900)) <= 1e-9)
        #expect(abs(far.duration - (1000 / 900)) <= 1e-9)
        #expect(abs((far.duration / near.duration) - (1000 / 300)) <= 1e-9)
        var f = far
        f.age = far.duration / 2
        #expect(abs(f.position.distance(to: BalloonLayout.scoreTarget) - 500) <= 1e-6)
        #expect(!f.hasLanded)
        f.age = far.duration
        #expect(f.hasLanded)
        #expect(f.position == BalloonLayout.scoreTarget)
    }
}
