import Foundation
import Testing
@testable import KidsJoyApp

extension HeavyTests {
    /// The Linux packaging (packaging/install.mk): `make install-files` into a temporary DESTDIR,
    /// the installed game finds its assets in share/, the desktop entry and AppStream metainfo
    /// validate, and `make uninstall` removes exactly what was installed.
    ///
    /// These tests install the debug binary the suite was built with (`make install` would first
    /// make a release build, which takes minutes). The .deb is checked by packaging/test-deb.sh.
    @Suite final class PackagingTests {
        static let appID = "io.github.kidsjoycenter.KidsJoyCenter"
        static let iconSizes = [48, 64, 128, 256]
        static var canInstall: Bool { GameBinary.isBuilt && Exec.find("make") != nil }

        /// Scratch folders of this test, removed when it ends.
        private var scratch: [String] = []
        deinit { for dir in scratch { try? FileManager.default.removeItem(atPath: dir) } }

        /// Runs a program to the end (stopped after `timeout` seconds), with the test's
        /// environment less `removing` and plus `environment`.
        static func run(_ executable: String, _ args: [String], stdin: String? = nil, cwd: String? = nil,
                        environment: [String: String] = [:], removing: [String] = [], timeout: Double = 120) throws -> ProcessResult {
            var env = ProcessInfo.processInfo.environment
            // A `make test` parent must not hand its jobserver or flags to this make.
            for key in ["MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "GNUMAKEFLAGS"] + removing { env[key] = nil }
            for (k, v) in environment { env[k] = v }
            return try Exec.capture(executable, args, stdin: stdin, cwd: cwd, environment: env, timeout: timeout)
        }

        static func make(_ args: [String]) throws -> ProcessResult {
            try run("/usr/bin/env", ["make", "--no-print-directory", "-C", packageRoot] + args)
        }

        /// Every file and folder under `root`, as paths relative to it, sorted.
        static func tree(_ root: String) -> [String] {
            (FileManager.default.subpaths(atPath: root) ?? []).sorted()
        }

        func makeDestDir() throws -> (tmp: String, destdir: String) {
            let tmp = NSTemporaryDirectory() + "kjc-pkg-\(UUID().uuidString.prefix(8))"
            let destdir = tmp + "/root"
            try FileManager.default.createDirectory(atPath: destdir, withIntermediateDirectories: true)
            scratch.append(tmp)
            return (tmp, destdir)
        }

        func installFiles(destdir: String) throws {
            let r = try Self.make(["install-files", "BIN_PATH=\(GameBinary.path)", "DESTDIR=\(destdir)", "PREFIX=/usr"])
            #expect(r.status == 0, "make install-files failed:\n\(r.output)")
        }

        // MARK: - install, run, uninstall

        @Test(.enabled(if: canInstall, "build the app first; make is needed"))
        func test_installedGameRunsFromShareAndUninstallLeavesNothing() throws {
            let (tmp, destdir) = try makeDestDir()
            try installFiles(destdir: destdir)
            let usr = destdir + "/usr"
            let share = usr + "/share/kids-joy-center"
            let fm = FileManager.default

            // What install put where.
            #expect(fm.isExecutableFile(atPath: usr + "/bin/kids-joy-center"))
            for sub in ["images", "sounds", "fonts"] {
                let installed = Set((try? fm.contentsOfDirectory(atPath: "\(share)/\(sub)")) ?? [])
                let source = Set(((try? fm.contentsOfDirectory(atPath: "\(packageRoot)/Assets/\(sub)")) ?? []))
                #expect(installed == source, "share/kids-joy-center/\(sub) holds every file of Assets/\(sub)")
            }
            for file in ["CREDITS.md", "LICENSE-Apache-2.0.txt", "fonts/OFL.txt", "images/logo.qoi", "fonts/Andika-Regular.ttf"] {
                #expect(fm.fileExists(atPath: "\(share)/\(file)"), "\(file)")
            }
            #expect(fm.contents(atPath: "\(usr)/share/applications/\(Self.appID).desktop") == fm.contents(atPath: "\(packageRoot)/packaging/\(Self.appID).desktop"))
            #expect(fm.contents(atPath: "\(usr)/share/metainfo/\(Self.appID).metainfo.xml") == fm.contents(atPath: "\(packageRoot)/packaging/\(Self.appID).metainfo.xml"))
            for size in Self.iconSizes {
                let icon = "\(usr)/share/icons/hicolor/\(size)x\(size)/apps/\(Self.appID).png"
                let got = fm.contents(atPath: icon).flatMap(pngSize)
                #expect(got?.width == size && got?.height == size, "\(icon) is a \(size)x\(size) PNG (got \(String(describing: got)))")
            }

            // The installed binary, started from an unrelated folder without KIDS_JOY_CENTER_ASSETS,
            // finds its assets in ../share/kids-joy-center and plays a script.
            let work = tmp + "/work"
            try fm.createDirectory(atPath: work, withIntermediateDirectories: true)
            let args = ["--headless", "--data-dir", tmp + "/data", "--script", "-", "--log", "-"]
            let env = ["SDL_AUDIODRIVER": "dummy"]
            let r = try Self.run(usr + "/bin/kids-joy-center", args, stdin: "0.1 tap 512 224\n0.3 dump\n", cwd: work,
                                 environment: env, removing: ["KIDS_JOY_CENTER_ASSETS"], timeout: 60)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.split(separator: "\n").contains { $0.contains("\"event\":\"select\"") }, "\(r.stdout)")

            // And it is share/ it reads: with one sound gone it names that very file.
            try fm.removeItem(atPath: share + "/sounds/pop.wav")
            let broken = try Self.run(usr + "/bin/kids-joy-center", args, stdin: "0.1 dump\n", cwd: work,
                                      environment: env, removing: ["KIDS_JOY_CENTER_ASSETS"], timeout: 60)
            #expect(broken.status != 0)
            #expect(broken.stderr.contains("/usr/share/kids-joy-center/sounds/pop.wav"), "\(broken.stderr)")

            // Uninstall removes everything it installed, and the folders it made.
            let u = try Self.make(["uninstall", "DESTDIR=\(destdir)", "PREFIX=/usr"])
            #expect(u.status == 0, "\(u.output)")
            #expect(fm.fileExists(atPath: destdir), "DESTDIR itself stays")
            #expect(Self.tree(destdir) == [], "nothing is left under DESTDIR")
        }

        @Test(.enabled(if: canInstall, "build the app first; make is needed"))
        func test_uninstallKeepsFilesItDidNotInstall() throws {
            let (_, destdir) = try makeDestDir()
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
            #expect(try Self.make(["uninstall", "DESTDIR=\(destdir)", "PREFIX=/usr"]).status == 0)
            #expect(Self.tree(destdir) == before)
        }

        @Test(.enabled(if: Exec.find("make") != nil, "make is not installed"))
        func test_installFilesWithoutABinaryFailsAndSaysWhy() throws {
            let (tmp, destdir) = try makeDestDir()
            let r = try Self.make(["install-files", "BIN_PATH=\(tmp)/no-such-binary", "DESTDIR=\(destdir)", "PREFIX=/usr"])
            #expect(r.status != 0)
            #expect(r.output.contains("no-such-binary"), "\(r.output)")
            #expect(Self.tree(destdir) == [], "nothing is installed half-way")
        }

        // MARK: - desktop entry and AppStream metainfo

        @Test(.enabled(if: Exec.find("desktop-file-validate") != nil, "desktop-file-validate is missing: run `make packaging-deps`"))
        func test_desktopEntryValidates() throws {
            let tool = try #require(Exec.find("desktop-file-validate"))
            let file = "\(packageRoot)/packaging/\(Self.appID).desktop"
            let r = try Self.run(tool, [file])
            #expect(r.status == 0, "\(r.output)")
            // Hints are allowed (Game and Education are both main categories, on purpose).
            let problems = r.output.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
            #expect(problems == [], "\(r.output)")

            let text = try String(contentsOfFile: file, encoding: .utf8)
            for line in ["Name=Kids Joy Center", "Exec=kids-joy-center", "Icon=\(Self.appID)", "Terminal=false",
                         "Type=Application", "Categories=Game;KidsGame;Education;"] {
                #expect(text.split(separator: "\n").contains(Substring(line)), "desktop entry has \(line)")
            }
            #expect(text.contains("\nComment="))
            #expect(text.contains("\nKeywords="))
        }

        @Test(.enabled(if: Exec.find("appstreamcli") != nil, "appstreamcli is missing: run `make packaging-deps`"))
        func test_metainfoValidatesAndMatchesTheApp() throws {
            let tool = try #require(Exec.find("appstreamcli"))
            let file = "\(packageRoot)/packaging/\(Self.appID).metainfo.xml"
            let r = try Self.run(tool, ["validate", "--no-net", file])
            #expect(r.status == 0, "\(r.output)")
            // Only pedantic notes are allowed (the id has capitals, as the reverse-DNS id was chosen).
            let problems = r.output.split(separator: "\n").filter { ["E:", "W:", "I:"].contains($0.prefix(2)) }
            #expect(problems == [], "\(r.output)")

            let xml = try String(contentsOfFile: file, encoding: .utf8)
            #expect(xml.contains("<id>\(Self.appID)</id>"))
            #expect(xml.contains("<launchable type=\"desktop-id\">\(Self.appID).desktop</launchable>"))
            #expect(xml.contains("<binary>kids-joy-center</binary>"))
            #expect(xml.contains("<release version=\"\(AppInfo.version)\""), "the newest release is AppInfo.version")
            #expect(xml.contains("<content_rating type=\"oars-1.1\""))
            #expect(!xml.contains("<url"), "no placeholder URLs")
        }
    }
}
