import FeedCore
import FeedStorage
import Foundation
import GLibKit
import XCTest

/// Preferences in GSettings with data/'s own schema (compiled for the test, as a run from the
/// source tree does) and a key file backend in a temporary folder.
final class GSettingsPreferencesStoreTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-gsettings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data")
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
        compile.arguments = ["--strict", "--targetdir=\(folder.path)", data.standardizedFileURL.path]
        try compile.run()
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0, "data/'s schema must compile")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    @MainActor
    private static func open(_ folder: URL) throws -> GSettingsPreferencesStore {
        let settings = try XCTUnwrap(Settings(schemaID: GSettingsPreferencesStore.schemaID, schemaDirectory: folder,
                                              storage: .keyFile(folder.appendingPathComponent("settings.ini"))))
        return GSettingsPreferencesStore(settings: settings)
    }

    func testEveryPreferenceRoundTripsAndOutOfRangeValuesAreBroughtIn() throws {
        let folder = folder!
        try MainActor.assumeIsolated {
            let store = try Self.open(folder)
            XCTAssertEqual(store.load(), Preferences(), "the schema's defaults are Preferences' own")
            var changed = Preferences()
            changed.volume = 0.4
            changed.muted = true
            changed.windowWidth = 1200
            changed.windowHeight = 700
            changed.windowMaximized = true
            changed.recordingLimitSeconds = 180
            changed.saveCopyToVideos = true
            changed.libraryFolders = ["/home/u/Videos", "/media/phone/DCIM"]
            changed.peertubeInstances = ["https://tube.example", "http://127.0.0.2:8080"]
            changed.loopsServers = ["https://loops.example"]
            changed.searchIndex = "http://127.0.0.6:8080"
            changed.searchIndexEnabled = false
            changed.showsSensitiveVideos = true
            changed.captionsShown = true
            changed.captionsLanguage = "fr"
            try store.save(changed)
            Settings.sync()
            XCTAssertEqual(try Self.open(folder).load(), changed, "read back by a new store from the key file")
            changed.volume = 7
            changed.windowWidth = 10
            try store.save(changed)
            let clamped = store.load()
            XCTAssertEqual(clamped.volume, 1)
            XCTAssertEqual(clamped.windowWidth, 200)
        }
    }

    func testTheOldJSONFileIsMigratedOnceAndKept() throws {
        let folder = folder!
        let json = folder.appendingPathComponent("preferences.json")
        try Data(#"{"volume": 0.3, "muted": true, "recordingLimitSeconds": 15, "saveCopyToVideos": true}"#.utf8).write(to: json)
        try MainActor.assumeIsolated {
            let store = try Self.open(folder)
            XCTAssertTrue(store.migrate(fromJSON: json))
            let migrated = store.load()
            XCTAssertEqual([migrated.volume, migrated.muted ? 1 : 0, Double(migrated.recordingLimitSeconds)], [0.3, 1, 15])
            XCTAssertTrue(migrated.saveCopyToVideos)
            XCTAssertFalse(FileManager.default.fileExists(atPath: json.path))
            XCTAssertTrue(FileManager.default.fileExists(atPath: json.path + ".migrated"), "the old file is kept")
            try store.update { $0.volume = 0.9 }
            try Data(#"{"volume": 0.1}"#.utf8).write(to: json)
            XCTAssertFalse(store.migrate(fromJSON: json), "only once")
            XCTAssertEqual(store.load().volume, 0.9)
        }
    }

    /// GSettings' key file backend ignores a failed write: the store notices that the file was
    /// not written again, says so, and the change still holds for the run.
    func testAChangeThatCouldNotBeWrittenIsSaidAndStillHolds() throws {
        let folder = folder!
        try MainActor.assumeIsolated {
            let store = try Self.open(folder)
            try store.update { $0.muted = true }
            // The folder the key file lives in is gone (an unplugged disk, a removed library).
            try FileManager.default.removeItem(at: folder)
            XCTAssertThrowsError(try store.update { $0.muted = false }) { error in
                guard case .notWritable(let path, _)? = error as? PreferencesNotSaved else {
                    return XCTFail("\(error)")
                }
                XCTAssertTrue(path.hasPrefix(folder.path), path)
            }
            XCTAssertFalse(store.load().muted, "the change holds for this run")
            // The same setting chosen again: still not written, and said again.
            XCTAssertThrowsError(try store.update { $0.muted = false })
            // Once the folder is back, choosing it again writes it (it changes nothing in memory).
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            XCTAssertNoThrow(try store.update { $0.muted = false })
            let written = try String(contentsOf: folder.appendingPathComponent("settings.ini"), encoding: .utf8)
            XCTAssertTrue(written.contains("muted=false"), written)
            XCTAssertNoThrow(try store.update { $0.muted = false }, "written: nothing more to write")
        }
    }

    /// A write the disk cuts off (RLIMIT_FSIZE here; ENOSPC on a full disk goes the same way
    /// through GIO, which then renames the empty copy over the file): the file keeps what it
    /// held, the change is said, and the same choice made again once there is room is written.
    func testAWriteCutOffLeavesTheFileAsItWas() throws {
        let folder = folder!
        let file = folder.appendingPathComponent("settings.ini")
        try MainActor.assumeIsolated {
            let store = try Self.open(folder)
            try store.update { $0.muted = true; $0.recordingLimitSeconds = 15 }
            let before = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(before.contains("muted=true"), before)
            var limit = rlimit()
            getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            let saved = limit
            let oldHandler = signal(SIGXFSZ, SIG_IGN)
            limit.rlim_cur = 16
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            XCTAssertThrowsError(try store.update { $0.volume = 0.25 })
            var room = saved
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &room)
            signal(SIGXFSZ, oldHandler)
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), before, "the key file lost what it held")
            XCTAssertNoThrow(try store.update { $0.volume = 0.25 })
            let after = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(after.contains("volume=0.25") && after.contains("muted=true"), after)
        }
    }
}

