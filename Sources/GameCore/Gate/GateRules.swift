/// The adult gate's rules: a question a young child cannot answer by counting (two
/// three-digit numbers whose sum has four digits), or the PIN a grown-up set; three tries, then waits that grow
/// (30 s, 2 min, 10 min of rule time) with one try after each; no question's answer is one
/// typed wrong before, so repeating the same taps never opens it. A pure value: the scene steps
/// it and the context keeps it, so closing and reopening the gate neither gives new tries
/// nor ends a wait.
public struct GateRules: Equatable, Sendable {
    public enum Question: Equatable, Sendable {
        case sum(Int, Int)
        case product(Int, Int)
        case pin

        /// How the log and dumps show it (never the PIN itself).
        public var text: String {
            switch self {
            case .sum(let a, let b): return "\(a) + \(b)"
            case .product(let a, let b): return "\(a) × \(b)"
            case .pin: return "pin"
            }
        }
    }

    public enum Outcome: Equatable, Sendable {
        case right
        case wrong(triesLeft: Int)
        /// The third wrong try: the gate waits `seconds`.
        case waiting(seconds: Double)
        /// Typed during a wait: nothing is checked.
        case ignored
    }

    public static let tries = 3
    /// The first wait (kept for the gate's words); the later ones grow (`waits`).
    public static let wait = 30.0
    /// The waits after the first, second and every later run of wrong answers: 30 s, 2 min,
    /// 10 min. After a wait comes one try; only a right answer brings the three back.
    public static let waits: [Double] = [30, 120, 600]
    /// The longest answer a key pad takes (a PIN of 8 digits; questions have 3).
    public static let maximumDigits = 8
    /// How many wrong answers are remembered: no later question has one of them as its
    /// answer, so repeating the same taps never opens the gate.
    public static let rememberedWrong = 64

    public let pin: String?
    public private(set) var question: Question
    public private(set) var triesLeft = GateRules.tries
    /// Seconds of the wait still to run (0: no wait).
    public private(set) var waitLeft = 0.0
    /// Waits since the last right answer (the next one is `waits[min(strikes, 2)]`).
    public private(set) var strikes = 0
    /// The wrong answers typed (newest last), never asked for again.
    public private(set) var wrongAnswers: [String] = []

    public init(pin: String?, using random: inout some RandomNumberGenerator) {
        self.pin = pin.flatMap { $0.isEmpty ? nil : $0 }
        question = .pin
        question = self.pin == nil ? Self.makeQuestion(using: &random) : .pin
    }

    /// Two three-digit numbers from 501 to 999 (647 + 586): an adult answers in a few
    /// seconds, a child cannot count it, the answer always has four digits (1002...1998), so
    /// a child's one to three random digits never open it, and the answers spread over about
    /// 1,000 values (none comes up more than 1 time in 500), so no one guess opens it often.
    public static func makeQuestion(avoiding: [String] = [], using random: inout some RandomNumberGenerator) -> Question {
        var q = Question.pin
        for _ in 0..<100 {
            let a = Int.random(in: 501...999, using: &random)
            let b = Int.random(in: 501...999, using: &random)
            q = .sum(a, b)
            if !avoiding.contains(String(a + b)) { break }
        }
        return q
    }

    /// The questions' answers have four digits (1002...1998).
    public static let questionDigits = 4

    public var answer: String {
        switch question {
        case .sum(let a, let b): return String(a + b)
        case .product(let a, let b): return String(a * b)
        case .pin: return pin ?? ""
        }
    }

    public var isWaiting: Bool { waitLeft > 0 }
    /// Whole seconds of the wait still to run, rounded up (what the gate shows).
    public var waitSeconds: Int { Int(waitLeft.rounded(.up)) }

    /// The typed answer: right opens the gate; a wrong one costs a try and brings a new
    /// question (never one whose answer was typed wrong before); the last try starts a
    /// wait (30 s, then 2 min, then 10 min), after which there is one try.
    public mutating func check(_ typed: String, using random: inout some RandomNumberGenerator) -> Outcome {
        guard !isWaiting else { return .ignored }
        if typed == answer {
            triesLeft = Self.tries
            strikes = 0
            return .right
        }
        triesLeft -= 1
        if !typed.isEmpty {
            wrongAnswers.removeAll { $0 == typed }
            wrongAnswers.append(typed)
            if wrongAnswers.count > Self.rememberedWrong { wrongAnswers.removeFirst() }
        }
        if pin == nil { question = Self.makeQuestion(avoiding: wrongAnswers, using: &random) }
        if triesLeft > 0 { return .wrong(triesLeft: triesLeft) }
        waitLeft = Self.waits[min(strikes, Self.waits.count - 1)]
        strikes += 1
        return .waiting(seconds: waitLeft)
    }

    /// Asks a fresh question (the reset's second confirmation): its answer is none typed
    /// before and not the one just given.
    public mutating func newQuestion(using random: inout some RandomNumberGenerator) {
        guard pin == nil else { return }
        question = Self.makeQuestion(avoiding: wrongAnswers + [answer], using: &random)
    }

    /// Rule time passes (only while the gate shows): the wait runs down; at its end there
    /// are three tries again. Answers true when the wait ended in this step.
    @discardableResult
    public mutating func advance(_ dt: Double) -> Bool {
        guard isWaiting else { return false }
        waitLeft = max(0, waitLeft - dt)
        if waitLeft < 1e-9 {
            waitLeft = 0
            triesLeft = 1
            return true
        }
        return false
    }
}
