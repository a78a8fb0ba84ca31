import Foundation
import Testing
import GameCore
import TextCatalogs
@testable import SceneTests
@testable import RenderTests

/// The Linux packaging (packaging/install.mk): `make install-files` into a temporary DESTDIR,
/// the installed game finds its assets in share/ and its fonts in fonts-sil-andika, the
/// desktop entry and AppStream metainfo validate, the manual page and the commented system
/// config are right, and `make uninstall` removes exactly what was installed.
///
/// These tests install the debug binary the suite was built with. `test_debPackage` builds
/// the release .deb and runs packaging/test-deb.sh on it (lintian included); set
/// KJC_SKIP_DEB=1 to skip it. The slower checks (two builds compared, a clean install in a
/// chroot) are `make test-deb`. They run make, the game and the .deb's build: one heavy suite
/// at a time.
extension HeavyTests {
    @Suite struct PackagingTests {
        static let appID = "io.github.kidsjoycenter.KidsJoyCenter"
        static let iconSizes = [48, 64, 128, 256]
        /// Debian's fonts-sil-andika, which the game uses instead of copies of the fonts.
        static let systemFontDir = "/usr/share/fonts/truetype/andika"
        static let fonts = ["Andika-Bold.ttf", "Andika-Regular.ttf"]

        /// The folder holding Package.swift (the harness's).
        static var packageRoot: String { SceneTests.packageRoot }

        /// The `kids-joy-center` binary built beside this test bundle.
        static var builtBinary: String {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
            if dir.path.hasSuffix(".xctest") || dir.lastPathComponent == "MacOS" { dir = dir.deletingLastPathComponent() }
            return dir.appendingPathComponent("kids-joy-center").path
        }

        typealias Result = ProcessResult

        /// Runs a program to the end (stopped after `timeout` seconds) through the harness's
        /// `Exec`, with the test's environment less `removing` and plus `environment`.
        static func run(_ executable: String, _ args: [String], stdin: String? = nil, cwd: String? = nil,
                        environment: [String: String] = [:], removing: [String] = [], timeout: TimeInterval = 120) throws -> Result {
            var env = ProcessInfo.processInfo.environment
            // A `make test` parent must not hand its jobserver or flags to this make.
            for key in ["MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "GNUMAKEFLAGS"] + removing { env[key] = nil }
            for (k, v) in environment { env[k] = v }
            return try Exec.capture(executable, args, stdin: stdin, cwd: cwd, environment: env, timeout: timeout)
        }

        static func make(_ args: [String]) throws -> Result {
            try run("/usr/bin/env", ["make", "--no-print-directory", "-C", packageRoot] + args)
        }

        /// The path of `tool` on PATH, or nil.
        static func which(_ tool: String) -> String? { Exec.find(tool) }

        /// Every file and folder under `root`, as paths relative to it, sorted.
        static func tree(_ root: String) -> [String] {
            (FileManager.default.subpaths(atPath: root) ?? []).sorted()
        }

        /// Width and height from a PNG's IHDR chunk.
        static func pngSize(_ path: String) -> (Int, Int)? {
            FileManager.default.contents(atPath: path).flatMap(RenderTests.pngSize).map { ($0.width, $0.height) }
        }

        /// A temporary folder and the DESTDIR inside it (the caller removes `tmp`).
        func makeDestDir() throws -> (tmp: String, destdir: String) {
            let tmp = NSTemporaryDirectory() + "kjc-pkg-\(UUID().uuidString.prefix(8))"
            let destdir = tmp + "/root"
            try FileManager.default.createDirectory(atPath: destdir, withIntermediateDirectories: true)
            return (tmp, destdir)
        }

        /// What `make install-files` needs: the binary built, Debian's fonts, make.
        static var binaryBuilt: Bool { FileManager.default.isExecutableFile(atPath: builtBinary) }
        static var hasFonts: Bool { FileManager.default.fileExists(atPath: systemFontDir + "/Andika-Regular.ttf") }
        static var hasMake: Bool { which("make") != nil }

        func installFiles(destdir: String) throws {
            let r = try Self.make(["install-files", "BIN_PATH=\(Self.builtBinary)", "DESTDIR=\(destdir)", "PREFIX=/usr"])
            #expect(r.status == 0, "make install-files failed:\n\(r.output)")
        }

        // MARK: - install, run, uninstall

        @Test(.enabled(if: binaryBuilt, "build the app first"),
              .enabled(if: hasFonts, "fonts-sil-andika is not installed: run `make packaging-deps`"),
              .enabled(if: hasMake, "make is not installed"))
        func test_installedGameRunsFromShareAndUninstallLeavesNothing() throws {
            let (tmp, destdir) = try makeDestDir()
            defer { try? FileManager.default.removeItem(atPath: tmp) }
            try installFiles(destdir: destdir)
            let usr = destdir + "/usr"
            let share = usr + "/share/kids-joy-center"
            let fm = FileManager.default

            // What install put where.
            #expect(fm.isExecutableFile(atPath: usr + "/bin/kids-joy-center"))
            for sub in ["images", "sounds"] {
                let installed = Set((try? fm.contentsOfDirectory(atPath: "\(share)/\(sub)")) ?? [])
                let source = Set(((try? fm.contentsOfDirectory(atPath: "\(Self.packageRoot)/Assets/\(sub)")) ?? []))
                #expect(installed == source, "share/kids-joy-center/\(sub) holds every file of Assets/\(sub)")
            }
            for file in ["CREDITS.md", "LICENSE-Apache-2.0.txt", "images/logo.qoi"] {
                #expect(fm.fileExists(atPath: "\(share)/\(file)"), "\(file)")
            }
            // The compiled translations, one folder a language.
            let locales = ((try? fm.contentsOfDirectory(atPath: "\(Self.packageRoot)/Assets/locale")) ?? []).sorted()
            #expect(locales == (Languages.codes.filter { $0 != "en" } + [Languages.pseudo]).sorted())
            let installedLocales = ((try? fm.contentsOfDirectory(atPath: share + "/locale")) ?? []).sorted()
            #expect(installedLocales == locales)
            for lang in locales {
                let mo = "locale/\(lang)/kids-joy-center.mo"
                #expect(fm.contents(atPath: "\(share)/\(mo)") == fm.contents(atPath: "\(Self.packageRoot)/Assets/\(mo)"), "\(mo)")
            }
            // The fonts are links to Debian's fonts-sil-andika, never copies.
            let installedFonts = ((try? fm.contentsOfDirectory(atPath: share + "/fonts")) ?? []).sorted()
            #expect(installedFonts == Self.fonts)
            for font in Self.fonts {
                let link = try? fm.destinationOfSymbolicLink(atPath: "\(share)/fonts/\(font)")
                #expect(link == "\(Self.systemFontDir)/\(font)")
            }
            #expect(fm.contents(atPath: "\(usr)/share/applications/\(Self.appID).desktop") == fm.contents(atPath: "\(Self.packageRoot)/packaging/\(Self.appID).desktop"))
            #expect(fm.contents(atPath: "\(usr)/share/metainfo/\(Self.appID).metainfo.xml") == fm.contents(atPath: "\(Self.packageRoot)/packaging/\(Self.appID).metainfo.xml"))
            for size in Self.iconSizes {
                let icon = "\(usr)/share/icons/hicolor/\(size)x\(size)/apps/\(Self.appID).png"
                let got = Self.pngSize(icon)
                #expect(got?.0 == size && got?.1 == size, "\(icon) is a \(size)x\(size) PNG (got \(String(describing: got)))")
            }

            // The installed binary, started from an unrelated folder without KIDS_JOY_CENTER_ASSETS,
            // finds its assets in ../share/kids-joy-center and plays a script.
            let work = tmp + "/work"
            try fm.createDirectory(atPath: work, withIntermediateDirectories: true)
            let args = ["--headless", "--data-dir", tmp + "/data", "--script", "-", "--log", "-"]
            let env = ["SDL_AUDIODRIVER": "dummy"]
            let r = try Self.run(usr + "/bin/kids-joy-center", args, stdin: "0.1 tap-item game-sorting\n0.3 dump\n", cwd: work,
                                 environment: env, removing: ["KIDS_JOY_CENTER_ASSETS"], timeout: 60)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.split(separator: "\n").contains { $0.contains("\"event\":\"select\"") }, "\(r.stdout)")

            // In Spanish, from share/locale: the quit question is not the English one.
            let es = try Self.run(usr + "/bin/kids-joy-center", args + ["--language", "es"], stdin: "0.1 key escape\n", cwd: work,
                                  environment: env, removing: ["KIDS_JOY_CENTER_ASSETS"], timeout: 60)
            #expect(es.status == 0, "\(es.stderr)")
            #expect(es.stderr == "")
            #expect(es.stdout.contains("\"language\":\"es\"") && es.stdout.contains("\"key\":\"quit.title\""), "\(es.stdout)")
            #expect(!es.stdout.contains(Messages.quitTitle.english), "\(es.stdout)")

            // And it is share/ it reads: with one sound gone it names that very file.
            try fm.removeItem(atPath: share + "/sounds/pop.ogg")
            let broken = try Self.run(usr + "/bin/kids-joy-center", args, stdin: "0.1 dump\n", cwd: work,
                                      environment: env, removing: ["KIDS_JOY_CENTER_ASSETS"], timeout: 60)
            #expect(broken.status != 0)
            #expect(broken.stderr.contains("/usr/share/kids-joy-center/sounds/pop.ogg"), "\(broken.stderr)")

            // Uninstall removes everything it installed, and the folders it made.
            let u = try Self.make(["uninstall", "DESTDIR=\(destdir)", "PREFIX=/usr"])
            #expect(u.status == 0, "\(u.output)")
            #expect(fm.fileExists(atPath: destdir), "DESTDIR itself stays")
            #expect(Self.tree(destdir) == [], "nothing is left under DESTDIR")
        }

        @Test(.enabled(if: binaryBuilt, "build the app first"),
              .enabled(if: hasFonts, "fonts-sil-andika is not installed: run `make packaging-deps`"),
              .enabled(if: hasMake, "make is not installed"))
        func test_uninstallKeepsFilesItDidNotInstall() throws {
            let (tmp, destdir) = try makeDestDir()
            defer { try? FileManager.default.removeItem(atPath: tmp) }
            let fm = FileManager.default
            let foreign = ["usr/bin/other-game", "usr/share/applications/other.desktop",
                           "usr/share/icons/hicolor/48x48/apps/other.png", "usr/share/metainfo/other.metainfo.xml"]
            for path in foreign {
                try fm.createDirectory(atPath: destdir + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                #expect(fm.createFile(atPath: destdir + "/" + path, contents: Data("keep\n".utf8)))
            }
            let before = Self.tree(destdir)
            try installFiles(destdir: destdir)
            #expect(Self.tree(destdir).count > before.count + 90)
            let u = try Self.make(["uninstall", "DESTDIR=\(destdir)", "PREFIX=/usr"])
            #expect(u.status == 0, "\(u.output)")
            #expect(Self.tree(destdir) == before, "uninstall removes only what install added")
            // A second uninstall has nothing to do and still succeeds.
            let again = try Self.make(["uninstall", "DESTDIR=\(destdir)", "PREFIX=/usr"])
            #expect(again.status == 0)
            #expect(Self.tree(destdir) == before)
        }

        @Test(.enabled(if: hasMake, "make is not installed"))
        func test_installFilesWithoutABinaryFailsAndSaysWhy() throws {
            let (tmp, destdir) = try makeDestDir()
            defer { try? FileManager.default.removeItem(atPath: tmp) }
            let r = try Self.make(["install-files", "BIN_PATH=\(tmp)/no-such-binary", "DESTDIR=\(destdir)", "PREFIX=/usr"])
            #expect(r.status != 0)
            #expect(r.output.contains("no-such-binary"), "\(r.output)")
            #expect(Self.tree(destdir) == [], "nothing is installed half-way")
        }

        // MARK: - desktop entry and AppStream metainfo

        @Test(.enabled(if: which("desktop-file-validate") != nil, "desktop-file-validate is missing: run `make packaging-deps`"))
        func test_desktopEntryValidates() throws {
            let tool = try #require(Self.which("desktop-file-validate"))
            let file = "\(Self.packageRoot)/packaging/\(Self.appID).desktop"
            let r = try Self.run(tool, [file])
            #expect(r.status == 0, "\(r.output)")
            // Hints are allowed (Game and Education are both main categories, on purpose).
            let problems = r.output.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
            #expect(problems == [], "\(r.output)")

            let text = try String(contentsOfFile: file, encoding: .utf8)
            for line in ["Name=Kids Joy Center", "Exec=kids-joy-center", "Icon=\(Self.appID)", "Terminal=false",
                         "Type=Application", "Categories=Game;KidsGame;Education;",
                         // The window's Wayland app_id and X11 WM_CLASS are the desktop id.
                         "StartupWMClass=\(Self.appID)"] {
                #expect(text.split(separator: "\n").contains(Substring(line)), "desktop entry has \(line)")
            }
            #expect(text.contains("\nComment="))
            #expect(text.contains("\nKeywords="))
        }

        @Test(.enabled(if: which("appstreamcli") != nil, "appstreamcli is missing: run `make packaging-deps`"))
        func test_metainfoValidatesAndMatchesTheApp() throws {
            let tool = try #require(Self.which("appstreamcli"))
            let file = "\(Self.packageRoot)/packaging/\(Self.appID).metainfo.xml"
            let r = try Self.run(tool, ["validate", "--pedantic", "--no-net", file])
            #expect(r.status == 0, "\(r.output)")
            // Only pedantic notes are allowed (the id has capitals, as the reverse-DNS id was chosen),
            // one info from Debian 12's appstream 0.16, which predates AppStream 1.0's
            // <developer id="...">, and one from Debian 13's appstream 1.0, for the
            // <developer_name> kept for 0.16.
            let problems = r.output.split(separator: "\n").filter { ["E:", "W:", "I:"].contains($0.prefix(2)) }
                .filter { !$0.hasSuffix("unknown-tag developer") && !$0.contains("developer-name-tag-deprecated") }
            #expect(problems == [], "\(r.output)")
            if let util = Self.which("appstream-util") {
                let u = try Self.run(util, ["validate", "--nonet", file])
                #expect(u.status == 0, "\(u.output)")
            }

            let xml = try String(contentsOfFile: file, encoding: .utf8)
            #expect(xml.contains("<id>\(Self.appID)</id>"))
            #expect(xml.contains("<launchable type=\"desktop-id\">\(Self.appID).desktop</launchable>"))
            #expect(xml.contains("<binary>kids-joy-center</binary>"))
            // The newest release is the version of the newest Debian changelog entry, which
            // debian/rules checks against AppInfo.version (without the Debian revision).
            let changelog = try String(contentsOfFile: "\(Self.packageRoot)/debian/changelog", encoding: .utf8)
            let debianVersion = changelog.split(separator: "(", maxSplits: 1).dropFirst().first?.prefix { $0 != ")" } ?? ""
            let version = debianVersion.split(separator: "-").first ?? ""
            #expect(!version.isEmpty, "debian/changelog starts with kids-joy-center (VERSION-REVISION)")
            #expect(xml.contains("<release version=\"\(version)\""), "the newest release is \(version)")
            #expect(xml.contains("<content_rating type=\"oars-1.1\""))
            let home = "https://github.com/kidsjoycenter/kids-joy-center"
            #expect(xml.contains("<url type=\"homepage\">\(home)</url>"))
            #expect(xml.contains("<url type=\"bugtracker\">\(home)/issues</url>"))
            #expect(xml.contains("<developer id=\"io.github.kidsjoycenter\">"))
            #expect(xml.contains("<update_contact>"))
            // The same age range and words as the game and the guides.
            #expect(xml.contains("3 to 7"))
            #expect(xml.contains("Sky, Water or Land"))
            #expect(!xml.contains("three to six"))
            #expect(!xml.contains("the sea or the road"))
            // Every screenshot is one of docs/screenshots.
            let shots = xml.components(separatedBy: "/docs/screenshots/").dropFirst().map { String($0.prefix { $0 != "<" }) }
            #expect(shots.count >= 3)
            for shot in shots {
                #expect(FileManager.default.fileExists(atPath: "\(Self.packageRoot)/docs/screenshots/\(shot)"), "\(shot)")
            }
        }

        // MARK: - manual page, system config

        @Test(.enabled(if: which("man") != nil, "man is missing: run `make packaging-deps`"))
        func test_manualPageRendersWithoutWarnings() throws {
            let man = try #require(Self.which("man"))
            let page = "\(Self.packageRoot)/packaging/kids-joy-center.6"
            // As lintian checks it (-Z: troff only), and rendered in full, at two widths.
            for args in [["--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", page], ["--warnings", "-l", page]] {
                for width in ["80", "100"] {
                    let r = try Self.run(man, args, environment: ["LC_ALL": "C.UTF-8", "MANWIDTH": width])
                    #expect(r.status == 0, "\(r.stderr)")
                    #expect(r.stderr == "", "groff warnings (MANWIDTH=\(width), \(args))")
                }
            }
            let text = try String(contentsOfFile: page, encoding: .utf8)
            for section in ["OPTIONS", "COMMANDS", "KEYS", "KIOSK MODE AND THE ADULT GATE", "CONFIGURATION",
                            "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
                #expect(text.contains(".SH \(section)\n"), "\(section)")
            }
            // Every option of --help is documented (the man page escapes its hyphens).
            let help = try Self.run(Self.builtBinary, ["--help"])
            let options = Set(help.stdout.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") })
                .filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init))
            #expect(!options.isEmpty, "\(help.output)")
            for option in options {
                #expect(text.contains(option.replacingOccurrences(of: "-", with: "\\-")), "man page documents \(option)")
            }
        }

        @Test func test_systemConfigListsEveryKeyCommentedOut() throws {
            let text = try String(contentsOfFile: "\(Self.packageRoot)/packaging/config.toml", encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // Shipped as a conffile, it must change nothing: only comments and blank lines.
            for line in lines {
                let t = line.trimmingCharacters(in: .whitespaces)
                #expect(t.isEmpty || t.hasPrefix("#"), "not commented out: \(line)")
            }
            let defaults = ["fullscreen": "false", "kiosk": "false", "mute": "false", "volume": "100",
                            "data-dir": "\"$XDG_DATA_HOME/kids-joy-center\"", "language": "\"auto\"", "voice": "true",
                            "effects": "true", "profiles": "true", "games": "[\"memory\", \"sorting\", \"balloons\"]",
                            "levels": "[\"easy\", \"medium\", \"hard\"]", "relaxed": "false", "session-minutes": "0",
                            "gate-pin": "\"\""]
            for (key, value) in defaults {
                #expect(lines.contains("# \(key) = \(value)"), "config.toml lists \(key) = \(value)")
            }
            #expect(lines.contains("# [locked]"), "config.toml explains the [locked] table")
        }

        // MARK: - the Debian package

        /// `make deb` (release build) and packaging/test-deb.sh: lintian -I -E --pedantic
        /// --fail-on error,warning, the package's files, and a headless run of its binary.
        @Test(.enabled(if: ProcessInfo.processInfo.environment["KJC_SKIP_DEB"] != "1", "KJC_SKIP_DEB=1"),
              .enabled(if: ["dpkg-deb", "lintian", "make"].allSatisfy { which($0) != nil },
                       "dpkg-deb, lintian or make is missing: run `make packaging-deps deb-deps`"))
        func test_debPackage() throws {
            let r = try Self.run("\(Self.packageRoot)/packaging/test-deb.sh", [], cwd: Self.packageRoot, timeout: 1800)
            #expect(r.status == 0, "\(r.output)")
            #expect(r.stdout.contains("PASS:"), "\(r.output)")
        }
    }
}
