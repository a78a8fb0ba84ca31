// swift-tools-version:6.0
import PackageDescription

// The targets are rooms whose doors the compiler guards (README "Architecture"):
//   GameCore   rules, levels as data, game definitions, clock and timeline, seeded random,
//              rule events, message keys. The Swift standard library only.
//   Scenes     → GameCore. Scenes, UI pieces, feedback tables, the Canvas and Audio protocols,
//              the Effect values scenes send and the read-only GameContext they see.
//   Runtime    → GameCore, Scenes. The event log, the voice channel, the store protocols and
//              the session's state (GameRuntime): it carries out the scenes' effects. Scenes
//              cannot import it, so no scene plays, logs or writes a store itself.
//   Render     → Scenes, CSDL2 (SDL_ttf glyphs). The software canvas: pixels, QOI, text cache.
//   Platform   → GameCore, Scenes, CSDL2. Window, input translation, audio, asset lookup.
//   Storage    → GameCore, CSQLite3. The typed SQLite wrapper and the progress database.
//   KidsJoyApp → all. Command line, config layers, stores, the frame loop, the script player.
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
        .target(name: "GameCore", path: "Sources/GameCore", swiftSettings: smallInRelease),
        .target(name: "Storage", dependencies: ["GameCore", "CSQLite3"], path: "Sources/Storage",
                swiftSettings: smallInRelease),
        .target(name: "Scenes", dependencies: ["GameCore"], path: "Sources/Scenes", swiftSettings: smallInRelease),
        .target(name: "Runtime", dependencies: ["GameCore", "Scenes"], path: "Sources/Runtime",
                swiftSettings: smallInRelease),
        .target(name: "Render", dependencies: ["Scenes", "CSDL2"], path: "Sources/Render",
                swiftSettings: optimizedInDebug),
        .target(name: "Platform", dependencies: ["GameCore", "Scenes", "CSDL2"], path: "Sources/Platform",
                swiftSettings: smallInRelease),
        .executableTarget(
            name: "KidsJoyApp",
            dependencies: [
                "GameCore", "Scenes", "Runtime", "Render", "Platform", "Storage", "CSDL2",
            ],
            path: "Sources/KidsJoyApp",
            swiftSettings: smallInRelease,
            linkerSettings: smallLink
        ),
        .testTarget(
            name: "SceneTests",
            dependencies: ["GameCore", "Scenes", "Runtime", "Render", "Platform", "Storage", "KidsJoyApp", "CSDL2"],
            path: "Tests/SceneTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
