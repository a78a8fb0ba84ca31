import GameCore

/// A translation read from a compiled gettext catalog (`.mo`, made by `msgfmt` from
/// `po/<lang>.po`; `tools/make_mo.sh`). Each entry's context is the message key and its
/// msgid the English text, so a message is looked up by `"key\u{4}English"`: a changed
/// English text finds no translation (English shows) until the translator updates it.
///
/// Why a reader of our own and not glibc's `gettext`: glibc translates only when
/// `setlocale` succeeds for a locale the system has generated, and the machines the game
/// runs on (a kiosk, a container, a live system) often have only `C.UTF-8`; the child's
/// language is the game's choice (`--language`, the config), not the process locale. This
/// needs no locale, no `setlocale`, no C shim and no global state; the format is a header
/// and two tables, and the game has about 150 strings. Pure: bytes in, table out.
public struct MOCatalog: MessageCatalog {
    public let language: String
    /// Translations by `"context\u{4}msgid"` (or `msgid` alone for entries without a context).
    public let entries: [String: String]

    public init(language: String, entries: [String: String]) {
        self.language = language
        self.entries = entries
    }

    /// Parses the bytes of a `.mo` file.
    public init(language: String, bytes: [UInt8]) throws(MOError) {
        self.init(language: language, entries: try MOCatalog.parse(bytes))
    }

    public func translation(of message: Message) -> String? {
        entries[message.key + "\u{4}" + message.english]
    }

    /// The GNU `.mo` format: a 32-bit magic 0x950412de in the file's byte order, the format
    /// revision (major 0 or 1), N, the offset of the originals' table, the offset of the
    /// translations' table (each N pairs of length and offset), then the hash table (unused
    /// here). Strings are UTF-8 (the .po's charset); plural forms are NUL-separated, and the
    /// singular (the first) is kept. The header entry (empty msgid) is skipped.
    public static func parse(_ bytes: [UInt8]) throws(MOError) -> [String: String] {
        guard bytes.count >= 20 else { throw .tooShort(bytes.count) }
        let little: Bool
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0xde, 0x12, 0x04, 0x95): little = true
        case (0x95, 0x04, 0x12, 0xde): little = false
        default: throw .badMagic
        }
        func word(_ at: Int) throws(MOError) -> Int {
            guard at >= 0, at <= bytes.count - 4 else { throw .pastEnd("a number at \(at)") }
            let b = (UInt32(bytes[at]), UInt32(bytes[at + 1]), UInt32(bytes[at + 2]), UInt32(bytes[at + 3]))
            let v = little ? b.0 | b.1 << 8 | b.2 << 16 | b.3 << 24 : b.3 | b.2 << 8 | b.1 << 16 | b.0 << 24
            return Int(v)
        }
        let revision = try word(4)
        guard revision >> 16 <= 1 else { throw .unsupportedRevision(revision) }
        let count = try word(8)
        let originals = try word(12)
        let translations = try word(16)
        // Every table entry is 8 bytes: a count that cannot fit is an error, not an allocation.
        guard count <= bytes.count / 8 else { throw .pastEnd("\(count) strings in \(bytes.count) bytes") }
        func string(_ table: Int, _ index: Int) throws(MOError) -> [UInt8] {
            let length = try word(table + index * 8)
            let offset = try word(table + index * 8 + 4)
            guard offset <= bytes.count, length < bytes.count - offset else {
                throw .pastEnd("string \(index): \(length) bytes at \(offset)")
            }
            return Array(bytes[offset..<(offset + length)])
        }
        var out: [String: String] = [:]
        out.reserveCapacity(count)
        for i in 0..<count {
            let original = try string(originals, i)
            if original.isEmpty { continue }
            let translated = try string(translations, i)
            let key = original.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)[0]
            let value = translated.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard let k = String(validating: key, as: UTF8.self), let v = String(validating: value, as: UTF8.self) else {
                throw .notUTF8(i)
            }
            out[k] = v
        }
        return out
    }
}

/// Why a `.mo` file could not be read.
public enum MOError: Error, Equatable, CustomStringConvertible {
    case tooShort(Int)
    case badMagic
    case unsupportedRevision(Int)
    case pastEnd(String)
    case notUTF8(Int)

    public var description: String {
        switch self {
        case .tooShort(let n): return "not a .mo file: \(n) bytes, shorter than its header"
        case .badMagic: return "not a .mo file: wrong magic number"
        case .unsupportedRevision(let r): return "unsupported .mo revision \(r >> 16).\(r & 0xffff)"
        case .pastEnd(let what): return "damaged .mo file: \(what) lies past the end"
        case .notUTF8(let i): return "damaged .mo file: string \(i) is not UTF-8"
        }
    }
}
