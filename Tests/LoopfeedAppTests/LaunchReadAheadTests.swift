import Foundation
import Synchronization
import XCTest
@testable import LoopfeedApp

final class LaunchReadAheadTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("read-ahead-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private static func maps(_ paths: [String]) -> String {
        paths.enumerated().map { i, path in
            String(format: "7f%010x-7f%010x r--p 00000000 fe:00 %d    %@", 0x1000_0000 - i * 0x10000, 0x1000_0000 - i * 0x10000 + 0x1000, i, path)
        }.joined(separator: "\n")
    }

    func testWhatOneLaunchMapsTheNextReadsAheadButNotWhatItHasMappedAlready() throws {
        let list = folder.appendingPathComponent("cache/launch-files")
        let first = LaunchReadAhead(listURL: list, advise: { _ in XCTFail("nothing is kept yet") },
                                    maps: { Self.maps(["/usr/lib/libgtk.so", "/usr/lib/gstreamer/libgstlibav.so",
                                                            "/usr/lib/dri/swrast_dri.so"]) })
        let nothing = expectation(description: "no list yet")
        first.start { count in
            XCTAssertEqual(count, 0)
            nothing.fulfill()
        }
        wait(for: [nothing], timeout: 5)
        let written = expectation(description: "recorded")
        first.record { XCTAssertTrue($0); written.fulfill() }
        wait(for: [written], timeout: 5)

        let advised = Mutex<[String]>([])
        // The next launch has only the libraries it was linked with mapped when it starts.
        let next = LaunchReadAhead(listURL: list, advise: { path in advised.withLock { $0.append(path) } },
                                   maps: { Self.maps(["/usr/lib/libgtk.so"]) })
        let read = expectation(description: "read ahead")
        next.start { count in
            XCTAssertEqual(count, 2)
            read.fulfill()
        }
        wait(for: [read], timeout: 5)
        XCTAssertEqual(advised.withLock { $0 }, ["/usr/lib/gstreamer/libgstlibav.so", "/usr/lib/dri/swrast_dri.so"])
    }

    func testTheSameListIsNotWrittenTwiceAndAnUnwritableCacheIsNoError() throws {
        let list = folder.appendingPathComponent("launch-files")
        let readAhead = LaunchReadAhead(listURL: list, advise: { _ in }, maps: { Self.maps(["/usr/lib/a.so"]) })
        for expected in [true, false] {
            let done = expectation(description: "recorded")
            readAhead.record { XCTAssertEqual($0, expected); done.fulfill() }
            wait(for: [done], timeout: 5)
        }
        try Data().write(to: folder.appendingPathComponent("blocked"))
        let blocked = LaunchReadAhead(listURL: folder.appendingPathComponent("blocked/launch-files"), advise: { _ in },
                                      maps: { Self.maps(["/usr/lib/a.so"]) })
        let refused = expectation(description: "not written")
        blocked.record { XCTAssertFalse($0); refused.fulfill() }
        wait(for: [refused], timeout: 5)
    }

    func testTheRealAdviceTakesAFileAndSkipsWhatIsNotOneAndTheMapsAreReadWhole() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("lib.so")
        try Data(repeating: 7, count: 1 << 20).write(to: file)
        LaunchReadAhead.readAhead(file.path)
        LaunchReadAhead.readAhead(folder.path)
        LaunchReadAhead.readAhead(folder.appendingPathComponent("gone.so").path)
        // Read to the end: a read sized by the file's stat (0 under /proc) stopped at its first page.
        let own = try XCTUnwrap(LaunchReadAhead.ownMaps())
        XCTAssertGreaterThan(own.utf8.count, 4096)
        XCTAssertTrue(own.contains("[stack]"), "the highest mapping, listed last")
    }
}
