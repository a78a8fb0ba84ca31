/// The game's one JSON module: a value with ordered object keys (log lines read the same
/// every run, and a key written twice stays visible), its writer and its reader (`parse`).
public indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// An unsigned 64-bit number, printed exactly (seeds of 2^63 and more).
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool { a.serialized() == b.serialized() }

    public func serialized() -> String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .uint(let u): out += String(u)
        case .double(let d):
            if d.isFinite { out += JSON.fixed3(d) } else { out += "null" }
        case .string(let s): JSON.writeString(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out += "," }
                JSON.writeString(key, into: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    /// `d` with exactly three decimals, rounded as C's `printf("%.3f")` rounds: from the
    /// double's exact binary value, ties to even. (The log's numbers must read the same as
    /// they always have; this keeps Foundation's `String(format:)` out of the core.)
    static func fixed3(_ d: Double) -> String {
        let negative = d.sign == .minus
        let magnitude = abs(d)
        var thousandths: UInt64
        if magnitude >= 9_000_000_000_000 {
            // Beyond 2^53 / 1000 every double is a whole number: no fraction to round.
            return (negative ? "-" : "") + String(Int64(magnitude)) + ".000"
        } else if magnitude == 0 {
            thousandths = 0
        } else {
            // magnitude = significand × 2^exponent exactly, with a 53-bit significand.
            let exponent = Int(magnitude.exponent) - 52
            let significand = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0)
            let scaled = significand * 1000 // < 2^63
            if exponent >= 0 {
                thousandths = scaled << UInt64(exponent)
            } else {
                let shift = -exponent
                if shift >= 64 {
                    thousandths = 0
                } else {
                    thousandths = scaled >> UInt64(shift)
                    let remainder = scaled & ((1 << UInt64(shift)) - 1)
                    let half: UInt64 = 1 << UInt64(shift - 1)
                    if remainder > half || (remainder == half && thousandths % 2 == 1) { thousandths += 1 }
                }
            }
        }
        let whole = thousandths / 1000, fraction = thousandths % 1000
        let digits = String(fraction)
        let sign = negative ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: 3 - digits.count) + digits
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// Field lookup on objects (tests and log readers).
    public subscript(key: String) -> JSON? {
        if case .object(let fields) = self { return fields.first(where: { $0.0 == key })?.1 }
        return nil
    }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .uint(let u): return Int(exactly: u)
        case .double(let d): return d.isFinite && abs(d) < 9.2e18 ? Int(d) : nil
        default: return nil
        }
    }
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .uint(let u): return Double(u)
        case .double(let d): return d
        default: return nil
        }
    }
    public var uint64Value: UInt64? {
        switch self {
        case .int(let i): return UInt64(exactly: i)
        case .uint(let u): return u
        default: return nil
        }
    }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var arrayValue: [JSON]? { if case .array(let a) = self { return a }; return nil }
    /// The fields of an object, in order (empty for other values).
    public var objectFields: [(String, JSON)] { if case .object(let f) = self { return f }; return [] }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSON {
    public static func optional(_ s: String?) -> JSON { s.map { .string($0) } ?? .null }
    public static func optional(_ i: Int?) -> JSON { i.map { .int($0) } ?? .null }
    public static func strings(_ items: [String]) -> JSON { .array(items.map { .string($0) }) }
}

extension JSON {
    /// The centre of a dump item's `frame` [x, y, w, h]: where a tap hits the item.
    public var frameCenter: Point? {
        guard let f = self["frame"]?.arrayValue, f.count == 4,
              let x = f[0].doubleValue, let y = f[1].doubleValue, let w = f[2].doubleValue, let h = f[3].doubleValue else { return nil }
        return Point(x + w / 2, y + h / 2)
    }
}

// MARK: - Reading

/// Why a text is not JSON, and where (a byte offset).
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public let offset: Int
    public var description: String { "not valid JSON: \(reason) at byte \(offset)" }
}

extension JSON {
    /// Reads JSON text (RFC 8259, with one leniency the stores always had: a comma before a
    /// closing bracket). Object keys keep their order and every copy of a key written twice
    /// (see `repeatedKeys`); a whole number is `.int` (`.uint` beyond Int), any other number
    /// `.double`; a UTF-8 byte-order mark is skipped; nesting deeper than 512 is refused.
    /// The game's one JSON reader: the stores, the log readers and the tests use it.
    public static func parse(bytes: [UInt8]) throws(JSONError) -> JSON {
        var reader = JSONLexer(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.i == bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    /// `parse(bytes:)` of a text, or nil when it is not JSON (log lines in tests).
    public static func parse(_ text: String) -> JSON? {
        try? parse(bytes: Array(text.utf8))
    }

    /// The keys an object holds more than once, in the order first seen, with their counts.
    public var repeatedKeys: [(key: String, count: Int)] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for (key, _) in objectFields {
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1
        }
        return order.compactMap { key in counts[key].flatMap { $0 > 1 ? (key, $0) : nil } }
    }

    /// A number that is a whole number exactly (3 and 3.0, not 3.5), as Int.
    public var exactIntValue: Int? {
        switch self {
        case .int(let i): return i
        case .uint(let u): return Int(exactly: u)
        case .double(let d): return Int(exactly: d)
        default: return nil
        }
    }

    /// An array of strings only (nil if anything else is in it).
    public var stringArrayValue: [String]? {
        guard let items = arrayValue else { return nil }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
    }
}

/// The lexer and parser behind `JSON.parse`.
struct JSONLexer {
    let bytes: [UInt8]
    var i = 0

    func error(_ why: String) -> JSONError { JSONError(reason: why, offset: i) }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func literal(_ word: String, _ value: JSON) throws(JSONError) -> JSON {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw error("unexpected character") }
        i += w.count
        return value
    }

    mutating func value(depth: Int) throws(JSONError) -> JSON {
        guard depth < 512 else { throw error("too deeply nested") }
        guard i < bytes.count else { throw error("unexpected end of data") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var fields: [(String, JSON)] = []
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
            while true {
                skipSpace()
                // A comma before the closing brace is let pass (as the stores always read).
                if !fields.isEmpty && i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key") }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
                i += 1
                skipSpace()
                fields.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of data") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
                throw error("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSON] = []
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                skipSpace()
                if !items.isEmpty && i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of data") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw error("expected ',' or ']'")
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    mutating func digits() -> Int {
        let start = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        return i - start
    }

    mutating func number() throws(JSONError) -> JSON {
        let start = i
        var whole = true
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw error("a number ends early") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { throw error("a number starts with 0") }
        } else if digits() == 0 { throw error("a number has no digits") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            whole = false
            guard digits() > 0 else { throw error("a number has no digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            whole = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error("a number has no exponent digits") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if whole, let n = Int(text) { return .int(n) }
        if whole, let n = UInt64(text) { return .uint(n) }
        guard let d = Double(text), d.isFinite else { throw error("the number \(text) does not fit") }
        return .double(d)
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("a \\u escape ends early") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw error("a bad \\u escape")
            }
            v = v * 16 + UInt32(d)
            i += 1
        }
        return v
    }

    mutating func string() throws(JSONError) -> String {
        i += 1  // the opening quote
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("a string is not closed") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c < 0x20 { throw error("a control character in a string") }
            if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw error("a string is not closed") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("an unpaired surrogate")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("an unpaired surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("an unpaired surrogate")
                }
                guard let u = Unicode.Scalar(scalar) else { throw error("a bad \\u escape") }
                out.append(contentsOf: String(Character(u)).utf8)
            default: throw error("a bad escape")
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else { throw error("a string is not UTF-8") }
        return text
    }
}

/// A log line's fields in order (TESTING.md's event log), written as an array literal of
/// (name, value) pairs; comparable, so an effect that carries them is (`Effect: Equatable`).
public struct LogFields: Equatable, Sendable, ExpressibleByArrayLiteral {
    public var pairs: [(String, JSON)]

    public init(_ pairs: [(String, JSON)]) { self.pairs = pairs }
    public init(arrayLiteral elements: (String, JSON)...) { pairs = elements }

    public static func == (a: LogFields, b: LogFields) -> Bool {
        a.pairs.count == b.pairs.count && zip(a.pairs, b.pairs).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// More fields after these.
    public static func + (a: LogFields, b: [(String, JSON)]) -> LogFields { LogFields(a.pairs + b) }
    public static func + (a: LogFields, b: LogFields) -> LogFields { LogFields(a.pairs + b.pairs) }
}
