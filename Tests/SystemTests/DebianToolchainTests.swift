import Foundation
import Testing
@testable import SceneTests

/// `make run` and `make test` install Debian's swiftlang when no `swift` is on PATH on
/// Debian 13 or newer (tools/debian-has-swiftlang.sh decides), and point Debian 12 users to
/// swift.org's toolchain.
@Suite struct DebianToolchainTests {
    static func decides(_ osRelease: String) throws -> Bool {
        let file = NSTemporaryDirectory() + "kjc-os-release-\(UUID().uuidString.prefix(8))"
        try osRelease.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        var env = ProcessInfo.processInfo.environment
        env["OS_RELEASE"] = file
        let r = try Exec.capture(packageRoot + "/tools/debian-has-swiftlang.sh", [], environment: env, timeout: 30)
        return r.status == 0
    }

    @Test func debian13AndNewerHaveSwiftlang() throws {
        let trixie = try Self.decides("PRETTY_NAME=\"Debian GNU/Linux 13 (trixie)\"\nID=debian\nVERSION_ID=\"13\"\n")
        let forky = try Self.decides("ID=debian\nVERSION_ID=\"14\"\n")
        // testing and unstable have no VERSION_ID
        let sid = try Self.decides("PRETTY_NAME=\"Debian GNU/Linux forky/sid\"\nID=debian\nVERSION_CODENAME=forky\n")
        #expect(trixie && forky && sid)
    }

    @Test func debian12AndOtherSystemsDoNot() throws {
        let bookworm = try Self.decides("ID=debian\nVERSION_ID=\"12\"\nVERSION_CODENAME=bookworm\n")
        let ubuntu = try Self.decides("ID=ubuntu\nID_LIKE=debian\nVERSION_ID=\"24.04\"\n")
        let none = try Self.decides("")
        #expect(!bookworm && !ubuntu && !none)
    }

    @Test func makefileInstallsSwiftlangOnlyThere() throws {
        let makefile = try String(contentsOfFile: packageRoot + "/Makefile", encoding: .utf8)
        #expect(makefile.contains("tools/debian-has-swiftlang.sh"))
        #expect(makefile.contains("apt-get install -y -qq swiftlang"))
        #expect(makefile.contains("https://www.swift.org/install/linux/"))
    }
}
