/// Counts the stored properties of each class, struct and actor in Swift source text
/// (`TypeSizeTests`): the instance `var`s and `let`s declared directly in the type's body.
/// Not counted: computed properties (an accessor block without an initializer, unless it
/// holds only `willSet`/`didSet`), `static` and `class` ones, and whatever is declared inside
/// functions, closures, accessors or nested types (a nested type is counted on its own).
/// `var a = 0, b = 0` is two; `lazy` ones count. Comments and string literals (with their
/// interpolations) are skipped first, so a word in either never counts.
struct StoredPropertyCounter {
    struct Found: Equatable, CustomStringConvertible {
        /// The type's name, with the types it is nested in (`Outer.Inner`).
        let type: String
        /// The line of the type's keyword (1-based).
        let line: Int
        let count: Int
        var description: String { "\(type)@\(line)=\(count)" }
    }

    enum Kind: Equatable { case word, symbol, newline, literal }
    struct Token {
        let kind: Kind
        let text: String
        let line: Int
    }

    // MARK: - Tokens

    static func tokens(_ source: String) -> [Token] {
        let c = Array(source.unicodeScalars)
        var i = 0, line = 1
        var out: [Token] = []
        func isWordScalar(_ s: Unicode.Scalar) -> Bool {
            s == "_" || s == "#" || s == "$" || s.properties.isAlphabetic || ("0"..."9").contains(s)
        }
        let operatorScalars = Set("/=-+!*%<>&|^~?.".unicodeScalars)
        /// Skips a string literal starting at `i` (on its opening quote(s)); counts lines.
        func skipString() {
            let multiline = i + 2 < c.count && c[i] == "\"" && c[i + 1] == "\"" && c[i + 2] == "\""
            i += multiline ? 3 : 1
            while i < c.count {
                let s = c[i]
                if s == "\n" { line += 1 }
                if s == "\\" {
                    if i + 1 < c.count && c[i + 1] == "(" {
                        i += 2
                        skipCode(until: ")")
                        continue
                    }
                    i += 2
                    continue
                }
                if multiline {
                    if s == "\"" && i + 2 < c.count && c[i + 1] == "\"" && c[i + 2] == "\"" { i += 3; return }
                } else if s == "\"" {
                    i += 1
                    return
                }
                i += 1
            }
        }
        /// Skips code inside an interpolation up to its closing parenthesis.
        func skipCode(until close: Unicode.Scalar) {
            var depth = 0
            while i < c.count {
                let s = c[i]
                if s == "\"" { skipString(); continue }
                if s == "\n" { line += 1 }
                if s == "(" { depth += 1 }
                if s == ")" {
                    if depth == 0 { i += 1; return }
                    depth -= 1
                }
                i += 1
            }
        }
        while i < c.count {
            let s = c[i]
            if s == "\n" {
                out.append(Token(kind: .newline, text: "\n", line: line))
                line += 1
                i += 1
            } else if s == " " || s == "\t" || s == "\r" {
                i += 1
            } else if s == "/" && i + 1 < c.count && c[i + 1] == "/" {
                while i < c.count && c[i] != "\n" { i += 1 }
            } else if s == "/" && i + 1 < c.count && c[i + 1] == "*" {
                var depth = 0
                repeat {
                    if c[i] == "/" && i + 1 < c.count && c[i + 1] == "*" { depth += 1; i += 2; continue }
                    if c[i] == "*" && i + 1 < c.count && c[i + 1] == "/" { depth -= 1; i += 2; continue }
                    if c[i] == "\n" { line += 1 }
                    i += 1
                } while i < c.count && depth > 0
            } else if s == "\"" {
                let start = line
                skipString()
                out.append(Token(kind: .literal, text: "\"\"", line: start))
            } else if isWordScalar(s) || s == "@" {
                var word = String(s)
                i += 1
                while i < c.count && isWordScalar(c[i]) { word.unicodeScalars.append(c[i]); i += 1 }
                out.append(Token(kind: .word, text: word, line: line))
            } else if s == "`" {
                var word = ""
                i += 1
                while i < c.count && c[i] != "`" { word.unicodeScalars.append(c[i]); i += 1 }
                i += 1
                out.append(Token(kind: .word, text: word, line: line))
            } else if operatorScalars.contains(s) {
                var op = ""
                while i < c.count && operatorScalars.contains(c[i]) && !(c[i] == "/" && i + 1 < c.count && (c[i + 1] == "/" || c[i + 1] == "*")) {
                    op.unicodeScalars.append(c[i])
                    i += 1
                }
                out.append(Token(kind: .symbol, text: op, line: line))
            } else {
                out.append(Token(kind: .symbol, text: String(s), line: line))
                i += 1
            }
        }
        return out
    }

    // MARK: - Types and their properties

    static let countedKinds: Set<String> = ["class", "struct", "actor"]
    static let otherTypeKinds: Set<String> = ["enum", "protocol", "extension"]

    /// Every class, struct and actor in `source`, with its stored properties.
    static func count(_ source: String) -> [Found] {
        let t = tokens(source)
        enum Scope { case counted(Int), other }
        var scopes: [Scope] = []
        var found: [(type: String, line: Int, count: Int)] = []
        /// A type keyword seen, whose body is the next brace at this level.
        var pending: (name: String, line: Int, counted: Bool)?
        var names: [String] = []
        var nameForScope: [String?] = []
        var isStatic = false
        var i = 0
        func word(_ k: Int) -> String? { k < t.count && t[k].kind == .word ? t[k].text : nil }
        while i < t.count {
            let token = t[i]
            let inType: Int? = { if case .counted(let n)? = scopes.last { return n } else { return nil } }()
            switch (token.kind, token.text) {
            case (.symbol, "{"):
                if let p = pending {
                    if p.counted {
                        found.append((type: (names + [p.name]).joined(separator: "."), line: p.line, count: 0))
                        scopes.append(.counted(found.count - 1))
                    } else {
                        scopes.append(.other)
                    }
                    names.append(p.name)
                    nameForScope.append(p.name)
                    pending = nil
                } else {
                    scopes.append(.other)
                    nameForScope.append(nil)
                }
                isStatic = false
            case (.symbol, "}"):
                if !scopes.isEmpty {
                    scopes.removeLast()
                    if nameForScope.removeLast() != nil { names.removeLast() }
                }
                isStatic = false
            case (.newline, _), (.symbol, ";"):
                isStatic = false
            case (.word, let w) where (countedKinds.contains(w) || otherTypeKinds.contains(w))
                    && (i == 0 || t[i - 1].text != ".") && word(i + 1).map({ $0.first?.isUppercase == true }) == true:
                // (`class var` and `class func` are modifiers: their next word is lower-case.)
                pending = (name: word(i + 1)!, line: token.line, counted: countedKinds.contains(w))
                if w == "extension" {
                    // Extension of a qualified name: the last part names it.
                    var k = i + 1
                    while k + 2 < t.count && t[k + 1].text == "." && word(k + 2) != nil { k += 2 }
                    pending?.name = t[k].text
                }
                i += 2
                continue
            case (.word, "static"), (.word, "class"):
                isStatic = true
            case (.word, "var"), (.word, "let"):
                if let n = inType, !isStatic {
                    let (bindings, next) = storedBindings(t, from: i + 1)
                    found[n].count += bindings
                    i = next
                    continue
                }
            default: break
            }
            i += 1
        }
        return found.map { Found(type: $0.type, line: $0.line, count: $0.count) }
    }

    /// The stored bindings of the declaration whose patterns start at `start` (after `var` or
    /// `let`), and the index of the first token after it.
    static func storedBindings(_ t: [Token], from start: Int) -> (Int, Int) {
        var i = start, stored = 0
        var hasInitializer = false, isComputed = false
        var depth = 0, angles = 0
        func finishBinding() {
            if !isComputed { stored += 1 }
            hasInitializer = false
            isComputed = false
            angles = 0
        }
        while i < t.count {
            let token = t[i]
            if depth == 0 {
                switch (token.kind, token.text) {
                case (.symbol, "{"):
                    if !hasInitializer {
                        // An accessor block: computed unless it only observes.
                        var k = i + 1
                        while k < t.count && t[k].kind == .newline { k += 1 }
                        isComputed = !(k < t.count && (t[k].text == "willSet" || t[k].text == "didSet"))
                    }
                    // Skip the block.
                    var braces = 0
                    repeat {
                        if t[i].text == "{" && t[i].kind == .symbol { braces += 1 }
                        if t[i].text == "}" && t[i].kind == .symbol { braces -= 1 }
                        i += 1
                    } while i < t.count && braces > 0
                    if !hasInitializer {
                        finishBinding()
                        if i < t.count && t[i].text == "," { i += 1; continue }
                        return (stored, i)
                    }
                    continue
                case (.symbol, "}"), (.symbol, ";"):
                    finishBinding()
                    return (stored, i)
                case (.newline, _):
                    // A declaration goes on past a line ending in `,`, `=` or `:` or
                    // a line starting with `.` (a chained initializer).
                    let previous = i > start ? t[i - 1].text : ","
                    var k = i + 1
                    while k < t.count && t[k].kind == .newline { k += 1 }
                    let next = k < t.count ? t[k] : nil
                    if [",", "=", ":"].contains(previous) || next?.text.first == "." && next?.kind == .symbol {
                        i += 1
                        continue
                    }
                    finishBinding()
                    return (stored, i)
                case (.symbol, ","):
                    if angles == 0 {
                        finishBinding()
                        i += 1
                        continue
                    }
                case (.symbol, "="):
                    hasInitializer = true
                case (.symbol, let op) where op != "->":
                    // Generic arguments (`Dictionary<String, Int>`): their commas part no bindings.
                    for s in op {
                        if s == "<" && (angles > 0 || i > start && t[i - 1].kind == .word && t[i - 1].text.first?.isUppercase == true) {
                            angles += 1
                        } else if s == ">" && angles > 0 {
                            angles -= 1
                        }
                    }
                default: break
                }
            }
            if token.kind == .symbol && (token.text == "(" || token.text == "[") { depth += 1 }
            if token.kind == .symbol && (token.text == ")" || token.text == "]") { depth -= 1 }
            i += 1
        }
        finishBinding()
        return (stored, i)
    }
}
