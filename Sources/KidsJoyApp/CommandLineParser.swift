import SystemIO

/// The command line's grammar, help and shell completions, for `kids-joy-center` and its
/// `report` command. Written here instead of swift-argument-parser, which links all of
/// FoundationEssentials (7.5 MB of the 15 MB static binary; issue #17, BENCHMARKS "Package").
///
/// The grammar is swift-argument-parser's as the game used it: `--name VALUE` or
/// `--name=VALUE`; a flag or option may be repeated (the last value counts); `-h`/`--help`
/// anywhere prints the help; no positional arguments. Errors are one line (the caller adds
/// "See '... --help'.") and exit status 2.
struct CommandSpec {
    struct Option {
        enum Completion { case none, file, directory, words([String]) }
        let name: String
        /// The value's name in the help (`--log <FILE>`); nil for a flag.
        let value: String?
        let help: String
        var hidden = false
        /// The value is the next argument even when it starts with a dash (`--seed -1`), so
        /// a bad value gets its own message rather than "missing value".
        var unconditional = false
        var completion: Completion = .none

        static func flag(_ name: String, _ help: String, hidden: Bool = false) -> Option {
            Option(name: name, value: nil, help: help, hidden: hidden)
        }

        static func option(_ name: String, _ value: String, _ help: String, hidden: Bool = false,
                           unconditional: Bool = false, completion: Completion = .none) -> Option {
            Option(name: name, value: value, help: help, hidden: hidden, unconditional: unconditional, completion: completion)
        }
    }

    /// What a parse found: the flags given, and each option's last value.
    struct Parsed {
        var flags: Set<String> = []
        var values: [String: String] = [:]

        func flag(_ name: String) -> Bool { flags.contains(name) }
        func value(_ name: String) -> String? { values[name] }

        /// A whole-number option's value (nil when not given).
        func integer(_ name: String) throws(CommandLineError) -> Int? {
            guard let text = values[name] else { return nil }
            guard let n = Int(text) else { throw .usage("The value '\(text)' is invalid for '--\(name)'") }
            return n
        }
    }

    /// The command as typed (`kids-joy-center report`).
    let command: String
    let abstract: String
    /// Shown as written, between the overview and the usage.
    let discussion: String
    let options: [Option]
    /// `--version`'s line; nil: the command has no `--version`.
    var version: String?
    /// Other commands (`kids-joy-center report`), for the completions.
    var subcommands: [CommandSpec] = []
    /// The last word of `command`: a subcommand's name.
    var name: String { String(command.split(separator: " ").last ?? "") }

    func parse(_ arguments: [String]) throws(CommandLineError) -> Parsed {
        // Help wins wherever it stands (as with swift-argument-parser), then --version.
        let beforeTerminator = arguments.prefix(while: { $0 != "--" })
        if beforeTerminator.contains(where: { $0 == "-h" || $0 == "--help" }) { throw .help(helpText()) }
        if version != nil && beforeTerminator.contains("--version") { throw .version(version!) }
        var parsed = Parsed()
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if argument == "--" {
                if i < arguments.count { throw .usage("Unexpected argument '\(printable(arguments[i]))'") }
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else { throw .usage("Unexpected argument '\(printable(argument))'") }
            guard argument.hasPrefix("--") else { throw .usage("Unknown option '\(printable(argument))'") }
            var name = String(argument.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if name == "generate-completion-script" {
                guard let shell = inline ?? (i < arguments.count ? arguments[i] : nil) else {
                    throw .usage("Missing value for '--generate-completion-script <shell>'")
                }
                guard let script = completionScript(shell) else {
                    throw .usage("The value '\(printable(shell))' is invalid for '--generate-completion-script <shell>': one of bash, zsh, fish")
                }
                throw .completion(script)
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw .usage("Unknown option '--\(printable(name))'" + suggestion(for: name))
            }
            guard let valueName = option.value else {
                if inline != nil { throw .usage("The flag '--\(name)' does not take a value") }
                parsed.flags.insert(name)
                continue
            }
            if let inline {
                parsed.values[name] = inline
                continue
            }
            guard i < arguments.count, option.unconditional || !arguments[i].hasPrefix("-") || arguments[i] == "-" else {
                throw .usage("Missing value for '--\(name) <\(valueName)>'")
            }
            parsed.values[name] = arguments[i]
            i += 1
        }
        return parsed
    }

    /// " Did you mean '--log'?" for a near miss (one letter off, or a known option's start).
    func suggestion(for name: String) -> String {
        let known = options.filter { !$0.hidden }.map(\.name)
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for (i, x) in a.enumerated() {
                var previous = row[0]
                row[0] = i + 1
                for (j, y) in b.enumerated() {
                    let keep = row[j + 1]
                    row[j + 1] = min(row[j + 1] + 1, row[j] + 1, previous + (x == y ? 0 : 1))
                    previous = keep
                }
            }
            return row[b.count]
        }
        let best = known.map { ($0, distance(Array(name), Array($0))) }.min { $0.1 < $1.1 }
        guard let best, !name.isEmpty, best.1 <= max(1, name.count / 4) || best.0.hasPrefix(name) && name.count >= 3 else { return "" }
        return ". Did you mean '--\(best.0)'?"
    }

    // MARK: Help

    static let width = 80

    /// `text` wrapped to `width` columns, every line after the first indented by `indent`.
    static func wrap(_ text: String, width: Int, indent: Int, firstLineUsed: Int = 0) -> String {
        var lines: [String] = []
        var line = ""
        var used = firstLineUsed
        for word in text.split(separator: " ") {
            if !line.isEmpty && used + 1 + word.count > width {
                lines.append(line)
                line = ""
                used = indent
            }
            if !line.isEmpty { line += " "; used += 1 }
            line += word
            used += word.count
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    func helpText() -> String {
        var out = "OVERVIEW: " + Self.wrap(abstract, width: Self.width, indent: 0, firstLineUsed: 10) + "\n\n"
        if !discussion.isEmpty { out += discussion + "\n\n" }
        let shown = options.filter { !$0.hidden }
        let usage = shown.count > 4 ? "<options>" : shown.map { "[--\($0.name)" + ($0.value.map { " <\($0)>" } ?? "") + "]" }.joined(separator: " ")
        out += "USAGE: \(command) \(usage)\n\nOPTIONS:\n"
        var rows = shown.map { ("--\($0.name)" + ($0.value.map { " <\($0)>" } ?? ""), $0.help) }
        if version != nil { rows.append(("--version", "Show the version.")) }
        rows.append(("-h, --help", "Show help information."))
        for (label, help) in rows {
            let column = 26
            let head = "  " + label
            if head.count + 2 > column {
                out += head + "\n" + String(repeating: " ", count: column)
            } else {
                out += head + String(repeating: " ", count: column - head.count)
            }
            out += Self.wrap(help, width: Self.width, indent: column, firstLineUsed: column) + "\n"
        }
        return out
    }

    // MARK: Completions

    /// The shell's completion script, or nil for a shell not known.
    func completionScript(_ shell: String) -> String? {
        switch shell {
        case "bash": return bashCompletion()
        case "zsh": return zshCompletion()
        case "fish": return fishCompletion()
        default: return nil
        }
    }

    /// Every command's options, the main command first: (subcommand or nil, options).
    var completionCommands: [(sub: String?, options: [Option])] {
        [(nil, options.filter { !$0.hidden })] + subcommands.map { ($0.name, $0.options.filter { !$0.hidden }) }
    }

    var program: String { String(command.split(separator: " ").first ?? "") }

    func bashCompletion() -> String {
        let function = "_" + program.replacingEvery("-", with: "_")
        var out = "# bash completion for \(program) (written by `\(program) --generate-completion-script bash`)\n"
        out += "\(function)() {\n"
        out += "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
        out += "    local command=\"\"\n"
        if !subcommands.isEmpty {
            out += "    case \"${COMP_WORDS[1]}\" in \(subcommands.map(\.name).joined(separator: "|"))) [ \"$COMP_CWORD\" -gt 1 ] && command=\"${COMP_WORDS[1]}\" ;; esac\n"
        }
        out += "    case \"$command\" in\n"
        for (sub, options) in completionCommands {
            out += "    \(sub ?? "\"\""))\n"
            out += "        case \"$prev\" in\n"
            for o in options where o.value != nil {
                switch o.completion {
                case .file: out += "        --\(o.name)) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
                case .directory: out += "        --\(o.name)) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
                case .words(let words): out += "        --\(o.name)) COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\")); return ;;\n"
                case .none: out += "        --\(o.name)) return ;;\n"
                }
            }
            out += "        esac\n"
            var words = options.map { "--" + $0.name }
            if sub == nil && version != nil { words.append("--version") }
            words += ["-h", "--help"]
            if sub == nil && !subcommands.isEmpty {
                out += "        if [ \"$COMP_CWORD\" -eq 1 ] && [[ \"$cur\" != -* ]]; then COMPREPLY=($(compgen -W '\(subcommands.map(\.name).joined(separator: " "))' -- \"$cur\")); return; fi\n"
            }
            out += "        COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\")) ;;\n"
        }
        out += "    esac\n}\ncomplete -F \(function) \(program)\n"
        return out
    }

    func zshCompletion() -> String {
        /// A description inside an _arguments spec: quoted for zsh's single quotes, with the
        /// characters _arguments reads (`:`, `[`, `]`) escaped.
        func described(_ text: String) -> String {
            var s = ""
            for c in text {
                switch c {
                case "'": s += "'\\''"
                case ":", "[", "]", "\\": s += "\\" + String(c)
                default: s.append(c)
                }
            }
            return s
        }
        func specs(_ options: [Option], main: Bool) -> [String] {
            var lines = options.map { o -> String in
                var spec = "'--\(o.name)[\(described(o.help))]"
                if let value = o.value {
                    switch o.completion {
                    case .file: spec += ":\(value):_files"
                    case .directory: spec += ":\(value):_files -/"
                    case .words(let words): spec += ":\(value):(\(words.joined(separator: " ")))"
                    case .none: spec += ":\(value): "
                    }
                }
                return spec + "'"
            }
            if main && version != nil { lines.append("'--version[Show the version.]'") }
            lines.append("'(-h --help)'{-h,--help}'[Show help information.]'")
            return lines
        }
        let function = "_" + program
        var out = "#compdef \(program)\n# zsh completion for \(program) (written by `\(program) --generate-completion-script zsh`)\n\n"
        out += "\(function)() {\n"
        for (sub, options) in completionCommands.dropFirst() {
            out += "    if (( CURRENT > 2 )) && [[ ${words[2]} == \(sub!) ]]; then\n"
            out += "        _arguments -s \\\n            " + specs(options, main: false).joined(separator: " \\\n            ") + "\n"
            out += "        return\n    fi\n"
        }
        var main = specs(options.filter { !$0.hidden }, main: true)
        if !subcommands.isEmpty {
            main.append("'1::command:((" + subcommands.map { "\($0.name)\\:\"\(described($0.abstract).replacingEvery("\"", with: "\\\""))\"" }.joined(separator: " ") + "))'")
        }
        out += "    _arguments -s \\\n        " + main.joined(separator: " \\\n        ") + "\n}\n\n"
        out += "\(function) \"$@\"\n"
        return out
    }

    func fishCompletion() -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'") + "'"
        }
        let c = "complete -c \(quoted(program))"
        var out = "# fish completion for \(program) (written by `\(program) --generate-completion-script fish`)\n"
        out += "\(c) -f\n"
        let subs = subcommands.map(\.name).joined(separator: " ")
        for sub in subcommands {
            out += "\(c) -n '__fish_use_subcommand' -a \(quoted(sub.name)) -d \(quoted(sub.abstract))\n"
        }
        for (sub, options) in completionCommands {
            let condition = sub.map { "-n '__fish_seen_subcommand_from \($0)'" }
                ?? (subs.isEmpty ? "" : "-n 'not __fish_seen_subcommand_from \(subs)'")
            var lines = options.map { o -> String in
                var line = "\(c) \(condition) -l \(o.name)"
                if o.value != nil {
                    switch o.completion {
                    case .file: line += " -r -F"
                    case .directory: line += " -r -x -a '(__fish_complete_directories)'"
                    case .words(let words): line += " -x -a \(quoted(words.joined(separator: " ")))"
                    case .none: line += " -x"
                    }
                }
                return line + " -d \(quoted(o.help))"
            }
            if sub == nil && version != nil { lines.append("\(c) \(condition) -l version -d 'Show the version.'") }
            lines.append("\(c) \(condition) -s h -l help -d 'Show help information.'")
            out += lines.joined(separator: "\n") + "\n"
        }
        return out
    }
}

/// How a parse ended without options to run with.
enum CommandLineError: Error {
    /// `--help`: print this and exit 0.
    case help(String)
    /// `--version`: print this and exit 0.
    case version(String)
    /// `--generate-completion-script SHELL`: print this and exit 0.
    case completion(String)
    /// A bad command line: say this (one line) and exit 2.
    case usage(String)
}
