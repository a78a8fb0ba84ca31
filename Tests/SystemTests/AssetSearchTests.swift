import Foundation
import Testing
@testable import SceneTests

/// A binary with no Assets anywhere says where it looked, each folder once and in order
/// (it used to list /Assets four times for a binary two folders below /).
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct AssetSearchTests {
    @Test func test_missingAssetsNamesEachFolderOnce() throws {
        let dir = NSTemporaryDirectory() + "kjc-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let copy = dir + "/kids-joy-center"
        try FileManager.default.copyItem(atPath: GameBinary.path, toPath: copy)
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        env["KIDS_JOY_CENTER_ASSETS"] = nil
        // Run from the binary's own folder: its Assets is met by the climb and by the working folder.
        let r = try Exec.capture(copy, ["--headless", "--data-dir", dir + "/data"], cwd: dir, environment: env)
        #expect(r.status == 1, "\(r.stderr)")
        let said = try #require(r.stderr.range(of: "looked in: "), "\(r.stderr)")
        let list = r.stderr[said.upperBound...].prefix { $0 != ")" }.components(separatedBy: ", ")
        #expect(list.count == Set(list).count, "each folder once: \(list)")
        #expect(list.filter { $0 == "/Assets" }.count == 1 && list.contains(dir + "/Assets"), "\(list)")
        #expect(list.first == "/usr/share/kids-joy-center" || list.first?.hasSuffix("/share/kids-joy-center") == true, "order kept: \(list)")
    }
}
