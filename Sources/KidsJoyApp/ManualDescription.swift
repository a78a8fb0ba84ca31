import GameCore
import Scenes
import Settings
import SystemIO

/// `--describe-manual` (a developer option): what the manual page, kids-joy-center(6), must
/// cover, read from the code that defines it: every option of the game and of its commands
/// (the hidden developer options marked), the options every command has (`--help`), every
/// config key of `SettingsTable`, and every exit status. `ManualPageTests` checks the manual
/// against it, so no option, key or status is missing there or left there stale.
enum ManualDescription {
    /// Every exit status the program ends with, and when (`finish`, `fail`, `AppError`).
    static let exitStatuses: [(status: Int32, meaning: String)] = [
        (0, "done: quit, the script ended, a stop signal, or help, version and descriptions printed"),
        (AppError.fatal("").exitCode, "a missing file, no display, a failed write or another failure"),
        (AppError.usage("").exitCode, "a bad option, script line or setting: nothing runs"),
    ]

    static func json(game: CommandSpec) -> JSON {
        .object([
            ("command", .string(game.command)),
            ("options", options(game, builtIn: true)),
            ("commands", .array(game.subcommands.map { sub in
                .object([("command", .string(sub.command)), ("options", options(sub, builtIn: false))])
            })),
            ("settings", .array(SettingsTable.all.map(setting))),
            ("exitStatuses", .array(exitStatuses.map { .object([("status", .int(Int($0.status))), ("meaning", .string($0.meaning))]) })),
        ])
    }

    /// A command's options, then what the parser answers by itself (`--help`, `-h`, and for
    /// the game `--version` and `--generate-completion-script`).
    private static func options(_ spec: CommandSpec, builtIn: Bool) -> JSON {
        var out: [JSON] = spec.options.map { option in
            .object([("name", .string("--" + option.name)), ("value", option.value.map(JSON.string) ?? .null),
                     ("hidden", .bool(option.hidden))])
        }
        var answered = ["--help", "-h"]
        if spec.version != nil { answered.append("--version") }
        if builtIn { answered.append("--generate-completion-script") }
        out += answered.map { .object([("name", .string($0)), ("value", $0 == "--generate-completion-script" ? .string("SHELL") : .null),
                                       ("hidden", .bool(false))]) }
        return .array(out)
    }

    private static func setting(_ spec: SettingSpec) -> JSON {
        .object([
            ("key", .string(spec.key.name)),
            ("default", spec.defaultValue.map(value) ?? .null),
            ("flags", .array(spec.flags.map { .string("--" + $0.name) })),
            ("remembered", .bool(spec.remembered)),
            ("lockable", .bool(spec.lockable)),
            ("about", .string(spec.about)),
        ])
    }

    private static func value(_ v: SettingValue) -> JSON {
        switch v {
        case .bool(let b): return .bool(b)
        case .number(let d): return .double(d)
        case .int(let i): return .int(i)
        case .text(let s): return .string(s)
        case .list(let l): return .array(l.map(JSON.string))
        }
    }
}
