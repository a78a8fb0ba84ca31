/// A set's `manifest.toml`: a small TOML subset, read line by line so every problem names its
/// line. Top-level keys, then one `[[item]]` table per item:
///
///     game = "memory"                 # or "sorting"
///     name.en = "Farm animals"        # the set's name; name.fr, name.es, name.de, name.pt-BR, name.ar
///
///     [[item]]
///     id = "cow"                      # a-z, 0-9 and '-' (the card's face in logs)
///     picture = "cow.qoi"             # a file in the set's folder: .qoi, .png or .webp
///     name.en = "cow"
///     name.fr = "vache"
///     category = "land"               # Sorting only: air, water or land
///
/// Optional spoken names: `voices/<language>/<item id>.ogg` in the set's folder (Ogg Vorbis,
/// `SetVoices`). Values are quoted strings; `#` starts a comment. Nothing in a manifest runs or
/// reaches outside its folder: pictures are plain file names (no folders, no `..`).
public enum SetManifest {
    public static let fileName = "manifest.toml"
    /// A manifest is a short text: at most 64 kB.
    public static let maxBytes = 64 * 1024
    /// At most this many items in a set.
    public static let maxItems = 60
    /// A name is at most this many characters.
    public static let maxNameLength = 60
    /// The languages a set names things in (the game's).
    public static let languages = ["en", "fr", "es", "de", "pt-BR", "ar"]
    /// The picture files a set may hold.
    public static let pictureExtensions = ["qoi", "png", "webp"]
    public static let categories = VehicleCategory.allCases.map(\.rawValue)

    /// A set's or an item's id: 1 to 40 of a-z, 0-9 and '-', starting with a letter or digit.
    public static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, id.unicodeScalars.count <= 40 else { return false }
        func ok(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("0"..."9").contains(c) }
        return ok(first) && id.unicodeScalars.allSatisfy { ok($0) || $0 == "-" || $0 == "_" }
    }

    /// A picture's or a recording's file name: one plain name in the set's folder (letters,
    /// digits, '-', '_', one '.' before the extension), never a path.
    public static func isPlainFileName(_ name: String, extensions: [String]) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= 80, scalars.first != ".",
              scalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }),
              name.split(separator: ".", omittingEmptySubsequences: false).count == 2,
              let ext = name.split(separator: ".").last else { return false }
        return extensions.contains(ext.lowercased())
    }

    /// Reads a manifest's text (`file` names it in problems). The set is returned only when
    /// there is no problem: a set with a bad line is not played, and every problem is named.
    public static func parse(_ text: String, id: String, file: String, source: SetSource = .builtIn, path: String = "")
        -> (set: ContentSet?, game: GameKind?, items: Int, problems: [SetProblem]) {
        var problems: [SetProblem] = []
        func problem(_ line: Int?, _ message: String) { problems.append(SetProblem(file, line: line, message)) }

        var game: (GameKind, Int)?
        var names: [String: String] = [:]
        var voice: String?
        struct Draft { var line: Int; var id: String?; var picture: String?; var names: [String: String] = [:]; var category: (String, Int)?; var keys: Set<String> = [] }
        var items: [Draft] = []
        var topKeys: Set<String> = []
        // A `game` line was there (even a bad one, named on its line).
        var gameTried = false

        if !isValidID(id) {
            problem(nil, "the folder's name '\(escaped(id))' is not a set id (1 to 40 of a-z, 0-9, '-' and '_')")
        }
        // "\r\n" is one Character in Swift: a CRLF file splits on it too.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            let content: String
            switch withoutComment(String(line)) {
            case .success(let c): content = trimmed(c)
            case .failure(let why): problem(number, why.description); continue
            }
            if content.isEmpty { continue }
            if content.hasPrefix("[") {
                if content == "[[item]]" {
                    if items.count == maxItems { problem(number, "more than \(maxItems) items; the ones after are not read") }
                    items.append(Draft(line: number))
                } else {
                    problem(number, "unknown table \(escaped(content)) (only [[item]])")
                }
                continue
            }
            guard let eq = content.firstIndex(of: "=") else {
                problem(number, "expected 'key = \"value\"', got '\(escaped(content))'")
                continue
            }
            let key = trimmed(String(content[..<eq]))
            if items.isEmpty && key == "game" { gameTried = true }
            let value: String
            switch quotedValue(trimmed(String(content[content.index(after: eq)...]))) {
            case .success(let v): value = v
            case .failure(let why): problem(number, "\(key): \(why)"); continue
            }
            if items.count > maxItems { continue }
            let nameLanguage = key.hasPrefix("name.") ? String(key.dropFirst(5)) : nil
            if let language = nameLanguage {
                guard languages.contains(language) else {
                    problem(number, "unknown language '\(escaped(language))' in \(key) (known: \(languages.joined(separator: ", ")))")
                    continue
                }
                guard !value.isEmpty, value.count <= maxNameLength, !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    problem(number, "\(key) must be a name of 1 to \(maxNameLength) characters on one line")
                    continue
                }
            }
            if items.isEmpty {
                // The set's own keys.
                guard topKeys.insert(key).inserted else { problem(number, "\(key) is set twice"); continue }
                switch key {
                case "game":
                    let kind = GameKind(value)
                    guard ContentSet.games.contains(kind) else {
                        problem(number, "game must be one of \(ContentSet.games.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(escaped(value))\"")
                        continue
                    }
                    game = (kind, number)
                case "voice":
                    // The game's own recordings (`voice.<family>.<item>`): a line the game does not
                    // have is simply not said; a set's own recordings go in voices/<language>/.
                    guard isValidID(value) else { problem(number, "voice must be a family of the game's recorded lines such as \"animal\""); continue }
                    voice = value
                default:
                    if let language = nameLanguage { names[language] = value; continue }
                    problem(number, "unknown key '\(escaped(key))' (a set has game, name.<language> and [[item]] tables)")
                }
                continue
            }
            // An item's keys.
            let i = items.count - 1
            guard items[i].keys.insert(key).inserted else { problem(number, "\(key) is set twice in this item"); continue }
            switch key {
            case "id":
                guard isValidID(value) else { problem(number, "id '\(escaped(value))' must be 1 to 40 of a-z, 0-9, '-' and '_'"); continue }
                items[i].id = value
            case "picture":
                guard isPlainFileName(value, extensions: pictureExtensions) else {
                    problem(number, "picture '\(escaped(value))' must be a file name in the set's folder ending in .qoi, .png or .webp (no folders, no '..')")
                    continue
                }
                items[i].picture = value
            case "category":
                items[i].category = (value, number)
            default:
                if let language = nameLanguage { items[i].names[language] = value; continue }
                problem(number, "unknown key '\(escaped(key))' in an item (an item has id, picture, name.<language> and, in Sorting, category)")
            }
        }

        guard let game else {
            // A bad game line was named already.
            if !gameTried { problem(nil, "no game = \"memory\" or \"sorting\" line") }
            return (nil, nil, items.count, problems)
        }
        let (kind, gameLine) = game
        if names["en"] == nil { problem(nil, "no name.en line (the set's name in English)") }
        var seen: [String: Int] = [:]
        var finished: [SetItem] = []
        for draft in items.prefix(maxItems) {
            guard let itemID = draft.id else { problem(draft.line, "this item has no id"); continue }
            if let first = seen[itemID] { problem(draft.line, "the id '\(itemID)' is already used by the item on line \(first)"); continue }
            seen[itemID] = draft.line
            guard let picture = draft.picture else { problem(draft.line, "the item '\(itemID)' has no picture"); continue }
            if draft.names["en"] == nil { problem(draft.line, "the item '\(itemID)' has no name.en") }
            var category: String?
            if kind == .sorting {
                if case let (value, line)? = draft.category {
                    if categories.contains(value) { category = value } else {
                        problem(line, "category must be \"air\", \"water\" or \"land\", got \"\(escaped(value))\"")
                    }
                } else {
                    problem(draft.line, "the item '\(itemID)' has no category (air, water or land)")
                }
            } else if case let (_, line)? = draft.category {
                problem(line, "category is for Sorting sets only (this set is for \(kind))")
            }
            finished.append(SetItem(id: itemID, picture: picture, names: draft.names, category: category, line: draft.line))
        }
        if let needed = ContentSet.minimumItems(for: kind), items.count < needed {
            problem(gameLine, "\(items.count) item\(items.count == 1 ? "" : "s"): too few for \(kind)'s hard level, which needs \(needed)")
        }
        let set = ContentSet(id: id, game: kind, names: names, items: finished, voice: voice, source: source, path: path)
        return (problems.isEmpty ? set : nil, kind, items.count, problems)
    }

    // MARK: - Reading values

    static func trimmed(_ s: String) -> String {
        var scalars = Substring(s)
        while let f = scalars.first, f == " " || f == "\t" { scalars.removeFirst() }
        while let l = scalars.last, l == " " || l == "\t" { scalars.removeLast() }
        return String(scalars)
    }

    /// The line without its comment (a `#` inside quotes is text).
    static func withoutComment(_ line: String) -> Result<String, SetManifestError> {
        var quote: Character?
        var escaping = false
        var out = ""
        for c in line {
            if let q = quote {
                if escaping { escaping = false } else if c == "\\" && q == "\"" { escaping = true } else if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" {
                return .success(out)
            }
            out.append(c)
        }
        return quote == nil ? .success(out) : .failure("a quoted string is not closed")
    }

    /// A TOML basic ("...", with escapes) or literal ('...') string, the whole value.
    static func quotedValue(_ raw: String) -> Result<String, SetManifestError> {
        let chars = Array(raw)
        guard let quote = chars.first, quote == "\"" || quote == "'" else {
            return .failure("the value must be a quoted string such as \"cat\", got '\(escaped(raw))'")
        }
        var out = ""
        var i = 1
        while i < chars.count {
            let c = chars[i]
            if c == quote {
                guard i == chars.count - 1 else { return .failure("unexpected text after the closing quote") }
                return .success(out)
            }
            if c == "\\" && quote == "\"" {
                guard i + 1 < chars.count else { break }
                let e = chars[i + 1]
                i += 2
                switch e {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "u", "U":
                    let n = e == "u" ? 4 : 8
                    guard i + n <= chars.count, let v = UInt32(String(chars[i..<i + n]), radix: 16), let s = Unicode.Scalar(v) else {
                        return .failure("a bad \\\(e) escape")
                    }
                    out.unicodeScalars.append(s)
                    i += n
                default: return .failure("an unknown escape '\\\(escaped(String(e)))' (names are one line: \\\" \\\\ \\u are known)")
                }
                continue
            }
            out.append(c)
            i += 1
        }
        return .failure("a quoted string is not closed")
    }

    /// Text from a file, shown safely: control characters escaped.
    static func escaped(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars.prefix(80) {
            if scalar.properties.generalCategory == .control || scalar == "\u{FFFD}" {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return s.unicodeScalars.count > 80 ? out + "…" : out
    }
}

/// Why a manifest line cannot be read.
public struct SetManifestError: Error, Equatable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation, CustomStringConvertible {
    public let description: String
    public init(stringLiteral value: String) { description = value }
    public init(stringInterpolation: DefaultStringInterpolation) { description = String(stringInterpolation: stringInterpolation) }
}
