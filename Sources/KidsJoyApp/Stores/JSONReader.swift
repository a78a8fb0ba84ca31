import GameCore

/// Reads the game's small JSON files (scores, settings, demos seen) into `Decodable` values,
/// as FoundationEssentials' JSONDecoder did, without linking Foundation (issue #17: 7.5 MB of
/// the binary). The same rules: JSON (RFC 8259, with JSONDecoder's one leniency: a comma
/// before a closing bracket) or `DecodingError.dataCorrupted`; of a
/// key written twice the first counts; a whole number decodes as any integer type it fits
/// exactly (3.0 is 3, 3.5 is no integer), any number as Double; `decodeIfPresent` answers nil
/// for a missing key or null.
struct JSONReader {
    indirect enum Value: Equatable {
        case null, bool(Bool), number(String), string(String), array([Value]), object([(String, Value)])

        static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.null, .null): return true
            case let (.bool(x), .bool(y)): return x == y
            case let (.number(x), .number(y)): return x == y
            case let (.string(x), .string(y)): return x == y
            case let (.array(x), .array(y)): return x == y
            case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            default: return false
            }
        }

        var kind: String {
            switch self {
            case .null: return "null"
            case .bool: return "a Boolean"
            case .number: return "a number"
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let value = try Self.parse(bytes)
        return try T(from: ValueDecoder(value: value, codingPath: []))
    }

    // MARK: Parsing

    static func parse(_ bytes: [UInt8]) throws -> Value {
        var parser = Parser(bytes: bytes)
        // A UTF-8 byte order mark is skipped, as JSONDecoder does.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.i = 3 }
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.i == bytes.count else { throw parser.corrupt("unexpected text after the JSON value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        func corrupt(_ why: String) -> DecodingError {
            .dataCorrupted(.init(codingPath: [], debugDescription: "The given data was not valid JSON: \(why) at byte \(i)."))
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        mutating func literal(_ word: String, _ value: Value) throws -> Value {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw corrupt("unexpected character") }
            i += w.count
            return value
        }

        mutating func value(depth: Int) throws -> Value {
            guard depth < 512 else { throw corrupt("too deeply nested") }
            guard i < bytes.count else { throw corrupt("unexpected end of data") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var fields: [(String, Value)] = []
                skipSpace()
                if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
                while true {
                    skipSpace()
                    // A comma before the closing brace is let pass, as JSONDecoder does.
                    if !fields.isEmpty && i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw corrupt("expected a key") }
                    let key = try string()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw corrupt("expected ':'") }
                    i += 1
                    skipSpace()
                    fields.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard i < bytes.count else { throw corrupt("unexpected end of data") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
                    throw corrupt("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [Value] = []
                skipSpace()
                if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    skipSpace()
                    if !items.isEmpty && i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < bytes.count else { throw corrupt("unexpected end of data") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    throw corrupt("expected ',' or ']'")
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw corrupt("unexpected character")
            }
        }

        mutating func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }

        mutating func number() throws -> String {
            let start = i
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count else { throw corrupt("a number ends early") }
            if bytes[i] == UInt8(ascii: "0") {
                i += 1
                if i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { throw corrupt("a number starts with 0") }
            } else if digits() == 0 { throw corrupt("a number has no digits") }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { throw corrupt("a number has no digits after '.'") }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw corrupt("a number has no exponent digits") }
            }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        mutating func hex4() throws -> UInt32 {
            guard i + 4 <= bytes.count else { throw corrupt("a \\u escape ends early") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[i]
                let d: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
                default: throw corrupt("a bad \\u escape")
                }
                v = v * 16 + UInt32(d)
                i += 1
            }
            return v
        }

        mutating func string() throws -> String {
            i += 1  // the opening quote
            var out: [UInt8] = []
            while true {
                guard i < bytes.count else { throw corrupt("a string is not closed") }
                let c = bytes[i]
                if c == UInt8(ascii: "\"") { i += 1; break }
                if c < 0x20 { throw corrupt("a control character in a string") }
                if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
                i += 1
                guard i < bytes.count else { throw corrupt("a string is not closed") }
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
                            throw corrupt("an unpaired surrogate")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw corrupt("an unpaired surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw corrupt("an unpaired surrogate")
                    }
                    out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                default: throw corrupt("a bad escape")
                }
            }
            guard let text = String(validating: out, as: UTF8.self) else { throw corrupt("a string is not UTF-8") }
            return text
        }
    }
}

// MARK: Decoding

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.stringValue = "Index \(intValue)"; self.intValue = intValue }
}

private struct ValueDecoder: Decoder {
    let value: JSONReader.Value
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ type: Any.Type, _ value: JSONReader.Value) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Expected \(type) but found \(value.kind) instead."))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw mismatch([String: Any].self, value) }
        var first: [String: JSONReader.Value] = [:]
        for (k, v) in fields where first[k] == nil { first[k] = v }
        return KeyedDecodingContainer(KeyedContainer<Key>(fields: first, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([Any].self, value) }
        return UnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleContainer(decoder: self) }

    func unbox<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is Bool.Type:
            guard case .bool(let b) = value else { throw nonNull(type) }
            return b as! T
        case is String.Type:
            guard case .string(let s) = value else { throw nonNull(type) }
            return s as! T
        case is Double.Type: return try double() as! T
        case is Float.Type: return Float(try double()) as! T
        case is Int.Type: return try integer(Int.self) as! T
        case is Int8.Type: return try integer(Int8.self) as! T
        case is Int16.Type: return try integer(Int16.self) as! T
        case is Int32.Type: return try integer(Int32.self) as! T
        case is Int64.Type: return try integer(Int64.self) as! T
        case is UInt.Type: return try integer(UInt.self) as! T
        case is UInt8.Type: return try integer(UInt8.self) as! T
        case is UInt16.Type: return try integer(UInt16.self) as! T
        case is UInt32.Type: return try integer(UInt32.self) as! T
        case is UInt64.Type: return try integer(UInt64.self) as! T
        default: return try T(from: self)
        }
    }

    /// null where a value is needed is `valueNotFound`, another kind `typeMismatch`.
    func nonNull(_ type: Any.Type) -> DecodingError {
        if case .null = value {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead."))
        }
        return mismatch(type, value)
    }

    func double() throws -> Double {
        guard case .number(let text) = value else { throw nonNull(Double.self) }
        guard let d = Double(text), d.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Parsed JSON number <\(text)> does not fit in Double."))
        }
        return d
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let text) = value else { throw nonNull(type) }
        if let exact = I(text) { return exact }
        if let d = Double(text), let exact = I(exactly: d) { return exact }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Parsed JSON number <\(text)> does not fit in \(type)."))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: JSONReader.Value]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    func decoder(for key: Key) throws -> ValueDecoder {
        guard let v = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return ValueDecoder(value: v, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try decoder(for: key).value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).unbox(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder(for: key).unkeyedContainer() }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: fields["super"] ?? .null, codingPath: codingPath + [AnyKey(stringValue: "super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONReader.Value]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONReader.Value], codingPath: [any CodingKey]) { self.items = items; self.codingPath = codingPath }

    /// The next element's decoder; the index moves on only when it decodes (as JSONDecoder).
    func next(_ type: Any.Type) throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [AnyKey(intValue: currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        return ValueDecoder(value: items[currentIndex], codingPath: codingPath + [AnyKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try next(Never.self).value else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try next(type).unbox(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let c = try next(type).container(keyedBy: type)
        currentIndex += 1
        return c
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let c = try next([Any].self).unkeyedContainer()
        currentIndex += 1
        return c
    }

    mutating func superDecoder() throws -> any Decoder {
        let d = try next(Any.self)
        currentIndex += 1
        return d
    }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool {
        if case .null = decoder.value { return true }
        return false
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(type) }
}
