import Foundation
import XCTest
@testable import LoopfeedApp

final class AppPathsTests: XCTestCase {
    private let executable = URL(fileURLWithPath: "/nowhere/bin/loopfeed")

    func testFollowsXDGBaseDirectories() {
        let paths = AppPaths.resolve(options: CommandLineOptions(),
                                     environment: .parse(["HOME": "/home/ann", "XDG_DATA_HOME": "/data", "XDG_CACHE_HOME": "/cache"]),
                                     executable: executable)
        XCTAssertEqual(paths.dataDirectory.path, "/data/loopfeed")
        XCTAssertEqual(paths.cacheDirectory.path, "/cache/loopfeed")
        XCTAssertEqual(paths.databaseURL.path, "/data/loopfeed/library.sqlite")
    }

    func testFallsBackToHomeAndIgnoresRelativeXDGValues() {
        let paths = AppPaths.resolve(options: CommandLineOptions(),
                                     environment: .parse(["HOME": "/home/ann", "XDG_DATA_HOME": "relative"]),
                                     executable: executable)
        XCTAssertEqual(paths.dataDirectory.path, "/home/ann/.local/share/loopfeed")
        XCTAssertEqual(paths.cacheDirectory.path, "/home/ann/.cache/loopfeed")
    }

    func testCommandLineOverridesWin() throws {
        var options = CommandLineOptions()
        options.dataDirectory = "/tmp/d"
        options.cacheDirectory = "/tmp/c"
        let paths = AppPaths.resolve(options: options, environment: .parse(["XDG_DATA_HOME": "/data"]), executable: executable)
        XCTAssertEqual(paths.dataDirectory.path, "/tmp/d")
        XCTAssertEqual(paths.cacheDirectory.path, "/tmp/c")
    }

    func testTheSourceIconsAreAThemeRootSoTheyLoadAsSymbolic() throws {
        // The search path must be the folder that holds hicolor/, not .../scalable/actions:
        // icons found outside a theme directory keep the SVG's own grey (issue 9).
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("icons-\(UUID().uuidString)")
        let actions = root.appendingPathComponent("data/icons/hicolor/scalable/actions")
        try FileManager.default.createDirectory(at: actions, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("<svg/>".utf8).write(to: actions.appendingPathComponent("loopfeed-heart-symbolic.svg"))
        let samples = root.appendingPathComponent("data/samples")
        let found = AppPaths.locateSourceIcons(executable: URL(fileURLWithPath: "/nowhere/bin/loopfeed"),
                                               samplesDirectory: samples)
        XCTAssertEqual(found?.path, root.appendingPathComponent("data/icons").standardizedFileURL.path)
        let fromBinary = AppPaths.locateSourceIcons(executable: root.appendingPathComponent(".build/debug/loopfeed"))
        XCTAssertEqual(fromBinary?.path, root.appendingPathComponent("data/icons").standardizedFileURL.path)
    }

    func testFindsSamplesFromEnvironmentThenSourceTree() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("samples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{}".utf8).write(to: dir.appendingPathComponent("samples.json"))
        XCTAssertEqual(AppPaths.locateSamples(named: dir.path, executable: executable)?.path,
                       dir.standardizedFileURL.path)
        XCTAssertNil(AppPaths.locateSamples(named: nil, executable: executable))
        // From a binary inside the source tree's build folder, data/samples is found upwards.
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let built = repo.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/loopfeed")
        XCTAssertEqual(AppPaths.locateSamples(named: nil, executable: built)?.path,
                       repo.appendingPathComponent("data/samples").standardizedFileURL.path)
    }

    func testPlayableURIResolvesBundleReferencesAgainstTheSamples() {
        let resolve = PlayableURI(samplesDirectory: URL(fileURLWithPath: "/usr/share/loopfeed/samples"))
        XCTAssertEqual(resolve("bundle:videos/01 a.mp4"), "file:///usr/share/loopfeed/samples/videos/01%20a.mp4")
        XCTAssertEqual(resolve("/home/ann/v.mp4"), "file:///home/ann/v.mp4")
        XCTAssertEqual(resolve("https://example.org/v.mp4"), "https://example.org/v.mp4")
        XCTAssertEqual(resolve("file:///x.mp4"), "file:///x.mp4")
    }
}
