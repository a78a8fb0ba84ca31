import Foundation
import Testing
@testable import SceneTests

/// Issue #50: documentation that cannot rot (docs/developers.md, "Documentation that cannot
/// rot"). Each test runs one check of `tools/docs/check_docs.py`, which names every problem
/// with its file and line: the links between the docs resolve, every runnable command block
/// of the guides runs, and every screenshot a guide shows is drawn again, pixel for pixel, by
/// its script in tools/scripts/.
@Suite struct DocsLinkTests {
    @Test func test_everyLinkBetweenTheDocsResolves() throws {
        let r = try DocsCheck.run(["links"])
        #expect(r.status == 0, "\(r.output)")
        #expect(r.stdout.contains(" links in "), "\(r.output)")
    }

    /// The checker itself: a broken file link, a missing anchor and a missing image are named
    /// with their line, and GitHub's slugs (punctuation dropped, repeats numbered) resolve.
    @Test func test_theLinkCheckerNamesBrokenLinks() throws {
        let dir = temporaryDirectory()
        let page = dir + "/page.md"
        try """
            # A guide's page: one

            ## Kiosk mode, and the gate (F11)

            ## Kiosk mode, and the gate (F11)

            [ok](#kiosk-mode-and-the-gate-f11) [ok](#kiosk-mode-and-the-gate-f11-1) [ok](#a-guides-page-one)
            [bad anchor](#nowhere) [bad file](missing.md) ![bad image](gone.png)
            `[not a link](nowhere.md)`

            ```sh
            [not a link either](nowhere.md)
            ```
            """.write(toFile: page, atomically: true, encoding: .utf8)
        let r = try DocsCheck.run(["links", page])
        #expect(r.status != 0)
        for bad in ["#nowhere", "missing.md", "gone.png"] {
            #expect(r.stdout.contains(":8: \(bad)"), "\(bad): \(r.output)")
        }
        #expect(!r.stdout.contains("kiosk-mode-and-the-gate-f11"), "\(r.output)")
        #expect(!r.stdout.contains("a-guides-page-one"), "\(r.output)")
        #expect(r.stdout.contains("6 links in 1 files"), "\(r.output)")
        #expect(!r.stdout.contains("nowhere.md"), "\(r.output)")
    }
}

extension HeavyTests {
    /// The runnable command blocks (```sh) of README.md and docs/*.md, each run with the
    /// freshly built binary on PATH in an empty scratch home; ```sh norun blocks are not run.
    @Suite struct DocsCommandBlockTests {
        @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
        func test_everyRunnableCommandBlockOfTheGuidesRuns() throws {
            let r = try DocsCheck.run(["blocks"], timeout: 900)
            #expect(r.status == 0, "\(r.output)")
            // A guide without a runnable block would pass for nothing.
            let ran = r.stdout.split(separator: "\n").first { $0.hasSuffix("runnable blocks run") }
            #expect(ran.flatMap { Int($0.split(separator: " ")[0]) }.map { $0 >= 5 } == true, "\(r.output)")
        }

        /// The checker fails a block that fails, naming its file, line and output, and runs
        /// nothing marked norun.
        @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
        func test_aFailingBlockIsNamedWithItsLineAndOutput() throws {
            let dir = temporaryDirectory()
            let page = dir + "/page.md"
            try """
                # Page

                ```sh
                kids-joy-center --version
                echo "home is $HOME"; test ! -e "$HOME/.local/share/kids-joy-center"
                ```

                ```sh norun
                exit 3
                ```

                ```sh
                echo about to fail; kids-joy-center --no-such-option
                ```
                """.write(toFile: page, atomically: true, encoding: .utf8)
            let r = try DocsCheck.run(["blocks", page])
            #expect(r.status != 0)
            #expect(r.stdout.contains("ok page.md:4") || r.stdout.contains("/page.md:4"), "\(r.output)")
            #expect(r.stdout.contains("page.md:13: the block failed (status 2"), "\(r.output)")
            #expect(r.stdout.contains("about to fail"), "\(r.output)")
            #expect(r.stdout.contains("--no-such-option"), "\(r.output)")
            #expect(!r.stdout.contains("page.md:9"), "a norun block ran: \(r.output)")
            #expect(r.stdout.contains("2 runnable blocks run"), "\(r.output)")
        }
    }

    /// Every screenshot a guide shows, drawn again by its script and compared pixel for pixel
    /// with the committed picture; a picture no script draws fails too.
    @Suite struct DocsScreenshotTests {
        @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
        func test_everyScreenshotOfTheGuidesIsDrawnByItsScript() throws {
            let r = try DocsCheck.run(["screenshots"], timeout: 1800)
            #expect(r.status == 0, "\(r.output)")
            #expect(r.stdout.contains("pictures shown by the guides"), "\(r.output)")
        }
    }
}

/// tools/docs/check_docs.py, run with the binary this suite was built with.
enum DocsCheck {
    static func run(_ args: [String], timeout: Double = 120) throws -> ProcessResult {
        var env = ProcessInfo.processInfo.environment
        env["KJC_BIN"] = GameBinary.path
        env["SDL_AUDIODRIVER"] = "dummy"
        return try Exec.capture("/usr/bin/python3", [packageRoot + "/tools/docs/check_docs.py"] + args,
                                cwd: packageRoot, environment: env, timeout: timeout)
    }
}
