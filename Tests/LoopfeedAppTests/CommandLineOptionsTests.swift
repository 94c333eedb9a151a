import Foundation
import Synchronization
import XCTest
import FeedCore
@testable import LoopfeedApp

final class CommandLineOptionsTests: XCTestCase {
    func testParsesEveryOptionInBothForms() throws {
        let options = try CommandLineOptions.parse([
            "--data-dir", "/d", "--cache-dir=/c", "--camera", "test", "--events=/tmp/e.jsonl", "a.mp4", "folder",
        ])
        XCTAssertEqual(options.dataDirectory, "/d")
        XCTAssertEqual(options.cacheDirectory, "/c")
        XCTAssertEqual(options.camera, "test")
        XCTAssertEqual(options.eventsPath, "/tmp/e.jsonl")
        XCTAssertEqual(options.inputs, ["a.mp4", "folder"])
        XCTAssertFalse(options.showHelp)
    }

    func testTheCacheLimitTakesASizeWithASuffix() throws {
        XCTAssertEqual(try CommandLineOptions.parse(["--cache-limit", "500M"]).cacheLimit, 500 << 20)
        XCTAssertEqual(try CommandLineOptions.parse(["--cache-limit=2G"]).cacheLimit, 2 << 30)
        XCTAssertNil(try CommandLineOptions.parse([]).cacheLimit, "the preference decides")
        XCTAssertThrowsError(try CommandLineOptions.parse(["--cache-limit", "big"])) { error in
            XCTAssertEqual(error as? CommandLineOptions.ParseError, .badSize("big"))
        }
    }

    func testInstancesAndTheSearchIndexForOneRun() throws {
        let options = try CommandLineOptions.parse(["--instance", "http://127.0.0.2:8080/videos/trending", "--instance=tube.example",
                                                    "--search-index", "http://127.0.0.6:8080"])
        XCTAssertEqual(options.instances.map(\.absoluteString), ["http://127.0.0.2:8080", "https://tube.example"], "the scheme kept, the path dropped")
        XCTAssertEqual(options.searchIndex, .address(URL(string: "http://127.0.0.6:8080")!))
        XCTAssertEqual(try CommandLineOptions.parse(["--search-index", "off"]).searchIndex, .none)
        XCTAssertEqual(try CommandLineOptions.parse([]).searchIndex, .preferences)
        XCTAssertThrowsError(try CommandLineOptions.parse(["--instance", "file:///etc/passwd"])) { error in
            XCTAssertEqual(error as? CommandLineOptions.ParseError, .notAnAddress(option: "--instance", value: "file:///etc/passwd"))
        }
        XCTAssertTrue(CommandLineOptions.help.contains("--instance URL"))
        XCTAssertTrue(CommandLineOptions.help.contains("--search-index URL"))
    }

    func testHelpAndVersion() throws {
        XCTAssertTrue(try CommandLineOptions.parse(["--help"]).showHelp)
        XCTAssertTrue(try CommandLineOptions.parse(["-h"]).showHelp)
        XCTAssertTrue(try CommandLineOptions.parse(["--version"]).showVersion)
    }

    func testUnknownOptionIsAnErrorWithOneLine() {
        XCTAssertThrowsError(try CommandLineOptions.parse(["--frobnicate"])) { error in
            let error = error as? CommandLineOptions.ParseError
            XCTAssertEqual(error, .unknownOption("--frobnicate"))
            XCTAssertFalse(error!.description.contains("\n"))
        }
    }

    func testMissingValueIsAnError() {
        XCTAssertThrowsError(try CommandLineOptions.parse(["--events"])) { error in
            XCTAssertEqual(error as? CommandLineOptions.ParseError, .missingValue("--events"))
        }
    }

    func testDoubleDashMakesEverythingAPath() throws {
        let options = try CommandLineOptions.parse(["--", "--help", "-x.mp4"])
        XCTAssertEqual(options.inputs, ["--help", "-x.mp4"])
        XCTAssertFalse(options.showHelp)
    }

    func testURLsAreInputs() throws {
        XCTAssertEqual(try CommandLineOptions.parse(["https://example.org/v.mp4"]).inputs, ["https://example.org/v.mp4"])
    }

    func testRunExitsTwoOnUnknownFlag() {
        XCTAssertEqual(MainActor.assumeIsolated { LoopfeedMain.run(arguments: ["loopfeed", "--nope"]) }, 2)
    }

    func testRunPrintsVersionAndExitsZero() {
        XCTAssertEqual(MainActor.assumeIsolated { LoopfeedMain.run(arguments: ["loopfeed", "--version"]) }, 0)
    }
}

final class OPMLArgumentTests: XCTestCase {
    func testAnOPMLFileOnTheCommandLineIsToldFromAVideo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("opml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let named = folder.appendingPathComponent("subscriptions.opml")
        try Data("<opml/>".utf8).write(to: named)
        let unnamed = folder.appendingPathComponent("exported.xml")
        try Data("<?xml version='1.0'?>\n<opml version='2.0'><body/></opml>".utf8).write(to: unnamed)
        let video = folder.appendingPathComponent("clip.mp4")
        try Data([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]).write(to: video)
        XCTAssertTrue(StartupInputs.isOPMLFile(named.path))
        XCTAssertTrue(StartupInputs.isOPMLFile(unnamed.absoluteString), "by what it says, as a file:// URI too")
        XCTAssertFalse(StartupInputs.isOPMLFile(video.path))
        XCTAssertFalse(StartupInputs.isOPMLFile(folder.path), "a folder is searched for videos")
        XCTAssertFalse(StartupInputs.isOPMLFile("https://example.org/list.opml"), "a web address is followed as any other")
    }

    /// Asking whether a FIFO named on the command line was an OPML list opened it, which waits
    /// for a writer: Loopfeed never showed its window. Only a regular file is read now.
    func testAFIFOIsNotOpenedToSeeWhatItSays() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("opml-fifo-\(UUID().uuidString).opml").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        defer { unlink(fifo) }
        let answered = DispatchSemaphore(value: 0)
        let answer = Answer()
        Thread.detachNewThread {
            let isOPML = StartupInputs.isOPMLFile(fifo)
            answer.value.withLock { $0 = isOPML }
            answered.signal()
        }
        if answered.wait(timeout: .now() + 3) == .timedOut {
            // Let the stuck open go (a writer that opens and closes), then fail.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            XCTFail("isOPMLFile waited on a FIFO")
            return
        }
        XCTAssertEqual(answer.value.withLock { $0 }, false)
        XCTAssertFalse(StartupInputs.isOPMLFile("/dev/zero"))
    }
}

/// What the thread asking about the FIFO answered.
private final class Answer: Sendable {
    let value = Mutex<Bool?>(nil)

    func testTheFeedForOneRun() throws {
        XCTAssertEqual(try CommandLineOptions.parse(["--feed", "following"]).feed, .following)
        XCTAssertEqual(try CommandLineOptions.parse(["--feed=for-you"]).feed, .forYou)
        XCTAssertNil(try CommandLineOptions.parse([]).feed, "Home decides")
        XCTAssertThrowsError(try CommandLineOptions.parse(["--feed", "popular"])) { error in
            XCTAssertEqual(error as? CommandLineOptions.ParseError, .badFeed("popular"))
        }
    }
}
