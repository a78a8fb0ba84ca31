// swift-tools-version:6.0
import PackageDescription
// The manifest alone reads the environment (KJC_CHECK, at the end); the game links no Foundation.
import Foundation

// The targets are rooms whose doors the compiler guards (docs/developers.md, "Architecture"):
//   GameCore   rules, levels as data, game definitions, clock and timeline, seeded random,
//              rule events, message keys. The Swift standard library only.
//   Stage      → GameCore, CMath. The Canvas and its types, input events, the viewport, sounds and
//              voice clips, backgrounds, timeline and easing.
//   TextCatalogs → GameCore. The words: catalogs, the .mo reader, voice lines, each
//              language's text direction.
//   SystemIO   → Glibc, CSystemCalls. File reads, the environment, AppError.
//   Settings   → GameCore, TextCatalogs. The one settings table (every key's kind, default,
//              flags, place in the corner) and the `Settings` value a run holds; the keys
//              themselves are GameCore's `SettingKey`.
//   Scenes     → GameCore, Stage, TextCatalogs, Settings, CMath. Scenes, UI pieces, feedback tables, the
//              Effect values scenes send and the read-only GameContext they see.
//   Runtime    → GameCore, Stage, TextCatalogs, Settings, Scenes. The event log, the voice channel, the store protocols and
//              the session's state (GameRuntime): it carries out the scenes' effects. Scenes
//              cannot import it, so no scene plays, logs or writes a store itself.
//   Render     → GameCore, Stage, TextCatalogs, SystemIO, CSDL2 (SDL_ttf glyphs), CFriBidi (the
//              Unicode bidirectional algorithm, `Bidi`). The software canvas: pixels, QOI, text cache.
//   Platform   → GameCore, Stage, SystemIO, CSDL2. SDL's start and stop, the window (fitting,
//              fullscreen, presenting a frame), the event queue and scripted events, input
//              translation, audio, asset lookup.
//   Storage    → GameCore, SystemIO, CSQLite3, CSystemCalls. The typed SQLite wrapper, the progress database
//              and the stores (scores, settings, demos; atomic files, the save queue).
//   Server     → GameCore, SystemIO, Storage, CLibPQ. The school's PostgreSQL server (issue #47):
//              libpq, the server's versioned schema, the sync worker (outbox push, children
//              pulled) and the class report. The only network code of the program.
//   KidsJoyApp → all but CSDL2 (SDL only through Platform and Render). Command line, config
//              layers, the frame loop, the script player; it declares the stores'
//              conformances to the scenes' protocols.
//   CSDL2, CSQLite3, CFriBidi, CLibPQ  Debian's libraries (pkg-config), each a module map and a shim header.
//   CSystemCalls  glibc calls Swift's Glibc module does not show (statfs, sched_getaffinity),
//              declared by a shim header from glibc's own headers: no `@_silgen_name` anywhere.
//   CMath      the C library's maths (math.h) alone: what Stage and the scenes get of C.
// Nothing links Foundation, not even FoundationEssentials: with its collections, regex and
// concurrency pieces it was 7.5 MB of the 16 MB static binary (full Foundation's ICU alone
// would be 34 MB). Files and the environment come from Glibc (Scenes' SystemFiles), the
// stores' JSON from JSONReader, the command line from KidsJoyApp's CommandLineParser.

/// The game draws every pixel itself: unoptimized, a frame takes 100 times longer, and the
/// tests and the debug game play whole games through the pixel code.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// The release binary's size (issue #17, BENCHMARKS "Package"). Code that draws no pixels is
/// optimized for size (`-Osize`: measured no slower, frame times included); Render keeps `-O`.
let smallInRelease: [SwiftSetting] = [.unsafeFlags(["-Osize"], .when(configuration: .release))]
/// The release link: LLVM's lld (shipped with the Swift toolchain) with relative relocations
/// packed (`DT_RELR`, glibc 2.36 as in Debian 12: 1 MB of `.rela.dyn` becomes 8 KB), and
/// without exporting the game's own symbols (swiftc asks for `-export-dynamic`; nothing
/// looks them up, and the stripped binary loses 0.5 MB of dynamic symbol names).
let smallLink: [LinkerSetting] = [.unsafeFlags([
    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
], .when(configuration: .release))]

let package = Package(
    name: "KidsJoyCenter",
    products: [
        .executable(name: "kids-joy-center", targets: ["KidsJoyApp"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            path: "Sources/CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-mixer-dev", "libsdl2-ttf-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite3",
            path: "Sources/CSQLite3",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CFriBidi",
            path: "Sources/CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),
        .systemLibrary(
            name: "CLibPQ",
            path: "Sources/CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(name: "CSystemCalls", path: "Sources/CSystemCalls"),
        .systemLibrary(name: "CMath", path: "Sources/CMath"),
        .target(name: "GameCore", path: "Sources/GameCore", swiftSettings: smallInRelease),
        .target(name: "TextCatalogs", dependencies: ["GameCore"], path: "Sources/TextCatalogs",
                swiftSettings: smallInRelease),
        .target(name: "Stage", dependencies: ["GameCore", "CMath"], path: "Sources/Stage", swiftSettings: smallInRelease),
        .target(name: "Settings", dependencies: ["GameCore", "TextCatalogs"], path: "Sources/Settings", swiftSettings: smallInRelease),
        .target(name: "SystemIO", dependencies: ["CSystemCalls"], path: "Sources/SystemIO", swiftSettings: smallInRelease),
        .target(name: "Storage", dependencies: ["GameCore", "SystemIO", "CSQLite3", "CSystemCalls"], path: "Sources/Storage",
                swiftSettings: smallInRelease),
        .target(name: "Server", dependencies: ["GameCore", "SystemIO", "Storage", "CLibPQ"], path: "Sources/Server",
                swiftSettings: smallInRelease),
        .target(name: "Scenes", dependencies: ["GameCore", "Stage", "TextCatalogs", "Settings", "CMath"], path: "Sources/Scenes", swiftSettings: smallInRelease),
        .target(name: "Runtime", dependencies: ["GameCore", "Stage", "TextCatalogs", "Settings", "Scenes"], path: "Sources/Runtime",
                swiftSettings: smallInRelease),
        .target(name: "Render", dependencies: ["GameCore", "Stage", "TextCatalogs", "SystemIO", "CSDL2", "CFriBidi"], path: "Sources/Render",
                swiftSettings: optimizedInDebug),
        .target(name: "Platform", dependencies: ["GameCore", "Stage", "SystemIO", "CSDL2"], path: "Sources/Platform",
                swiftSettings: smallInRelease),
        .executableTarget(
            name: "KidsJoyApp",
            dependencies: [
                "GameCore", "Stage", "TextCatalogs", "Settings", "SystemIO", "Scenes", "Runtime", "Render", "Platform", "Storage",
                "Server",
            ],
            path: "Sources/KidsJoyApp",
            swiftSettings: smallInRelease,
            linkerSettings: smallLink
        ),
        // The tests, one target a layer (docs/developers.md, "Testing"), each depending on what its files touch:
        // the rules; the scenes, driven with in-memory stores (no SDL, no SQLite, no app);
        // pixels and fonts; and the app, the binary and other programs. RenderTests and
        // SystemTests import SceneTests' harness, SystemTests also RenderTests'.
        .testTarget(name: "CoreTests", dependencies: ["GameCore", "TextCatalogs", "Stage"], path: "Tests/CoreTests"),
        .testTarget(name: "SceneTests", dependencies: ["GameCore", "Stage", "TextCatalogs", "Settings", "Scenes", "Runtime"], path: "Tests/SceneTests"),
        .testTarget(
            name: "RenderTests",
            dependencies: ["GameCore", "Stage", "TextCatalogs", "SystemIO", "Scenes", "Runtime", "Render", "Platform", "CSDL2",
                           "SceneTests"],
            path: "Tests/RenderTests"
        ),
        .testTarget(
            name: "SystemTests",
            dependencies: ["GameCore", "Stage", "TextCatalogs", "Settings", "SystemIO", "Scenes", "Runtime", "Render", "Platform",
                           "Storage", "Server", "KidsJoyApp", "CSDL2", "SceneTests", "RenderTests"],
            path: "Tests/SystemTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// `make check` (KJC_CHECK=1, in its own build folder): the fast loop declares only CoreTests
/// and SceneTests and the targets they need (found from the dependencies above), so a scene
/// edit rebuilds Scenes and links a small test bundle: no SDL, SQLite, renderer or app.
if ProcessInfo.processInfo.environment["KJC_CHECK"] == "1" {
    var needed: Set<String> = ["CoreTests", "SceneTests"]
    while true {
        let more = package.targets.filter { needed.contains($0.name) }.flatMap { target in
            target.dependencies.compactMap { dependency -> String? in
                switch dependency {
                case .targetItem(let name, _), .byNameItem(let name, _): return name
                default: return nil
                }
            }
        }
        if needed.isSuperset(of: more) { break }
        needed.formUnion(more)
    }
    package.targets.removeAll { !needed.contains($0.name) }
    package.products = []
}
