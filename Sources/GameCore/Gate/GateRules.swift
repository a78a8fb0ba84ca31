/// The adult gate's rules: a question a young child cannot answer by counting (a sum of two
/// two-digit numbers, or a short multiplication), or the PIN a grown-up set; three tries,
/// then a wait of 30 seconds of rule time before the next. A pure value: the scene steps
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
    public static let wait = 30.0
    /// The longest answer a key pad takes (a PIN of 8 digits; sums and products have 2).
    public static let maximumDigits = 8

    public let pin: String?
    public private(set) var question: Question
    public private(set) var triesLeft = GateRules.tries
    /// Seconds of the wait still to run (0: no wait).
    public private(set) var waitLeft = 0.0

    public init(pin: String?, using random: inout some RandomNumberGenerator) {
        self.pin = pin.flatMap { $0.isEmpty ? nil : $0 }
        question = .pin
        question = self.pin == nil ? Self.makeQuestion(using: &random) : .pin
    }

    /// Half the questions are sums of two two-digit numbers with a carry (27 + 35), half a
    /// product of two numbers from 3 to 9 (6 × 7): neither is found by counting fingers.
    public static func makeQuestion(using random: inout some RandomNumberGenerator) -> Question {
        if Bool.random(using: &random) {
            let a = Int.random(in: 3...9, using: &random), b = Int.random(in: 3...9, using: &random)
            return .product(a, b)
        }
        let ones = Int.random(in: 1...9, using: &random)
        let otherOnes = Int.random(in: (10 - ones)...9, using: &random) // the ones carry
        let a = Int.random(in: 1...4, using: &random) * 10 + ones
        let b = Int.random(in: 1...4, using: &random) * 10 + otherOnes
        return .sum(a, b)
    }

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
    /// question; the third starts the wait, after which there are three tries again.
    public mutating func check(_ typed: String, using random: inout some RandomNumberGenerator) -> Outcome {
        guard !isWaiting else { return .ignored }
        if typed == answer {
            triesLeft = Self.tries
            return .right
        }
        triesLeft -= 1
        if pin == nil { question = Self.makeQuestion(using: &random) }
        if triesLeft > 0 { return .wrong(triesLeft: triesLeft) }
        waitLeft = Self.wait
        return .waiting(seconds: Self.wait)
    }

    /// Rule time passes (only while the gate shows): the wait runs down; at its end there
    /// are three tries again. Answers true when the wait ended in this step.
    @discardableResult
    public mutating func advance(_ dt: Double) -> Bool {
        guard isWaiting else { return false }
        waitLeft = max(0, waitLeft - dt)
        if waitLeft < 1e-9 {
            waitLeft = 0
            triesLeft = Self.tries
            return true
        }
        return false
    }
}
