import FeedCore
@testable import FeedSources
import FeedTesting
import Foundation
import GLibKit
import TestSupport
import XCTest

/// A download's failure is written to its video on the cache's writer queue, after the bytes
/// before it; these hold that queue so the failure is still on its way when the next attempt is
/// asked for (what CI's load did by chance: a cut download that never finished).
final class VideoDownloadFailureOrderTests: XCTestCase {
    private typealias Rig = VideoDownloadRig

    private func folder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("downloads-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// Serves the test video, the first answer broken off after 120 KB.
    @MainActor
    private static func routeCutOnce(_ rig: Rig, _ url: URL) {
        var sent = 0
        rig.server.route(.get, url) { request in
            sent += 1
            var reply = FakeHTTPReply.file(VideoDownloadTests.video, for: request)
            if sent == 1 {
                // Late enough for the test to hold the writer first.
                reply.delayMilliseconds = 100
                reply.ending = .brokenAfter(120_000)
            }
            return .reply(reply)
        }
    }

    /// Starts the download of `url` as the post on screen and lets its cut happen while the
    /// writer is held; returns the hold's release.
    @MainActor
    private static func cutWhileTheWriterIsHeld(_ rig: Rig, _ url: URL) -> (bytes: any RemoteVideoBytes, release: () -> Void) {
        routeCutOnce(rig, url)
        let bytes = rig.cache.bytes(for: url.absoluteString)
        rig.cache.focus(current: url.absoluteString, upcoming: [])
        XCTAssertTrue(rig.run(until: { rig.server.requests(to: url).count == 1 }), "asked")
        let hold = DispatchSemaphore(value: 0)
        rig.cache.onWriter { hold.wait() }
        rig.timers.elapse(milliseconds: 100)
        XCTAssertTrue(rig.run(until: { rig.server.underWay.isEmpty }), "cut")
        return (bytes, { hold.signal() })
    }

    func testAReadThatStarvesWhileTheCutIsStillBeingToldStartsNoAttemptOfItsOwn() {
        let url = VideoDownloadTests.address("cut-starved")
        let folder = folder()
        onMain {
            let rig = Rig(folder: folder)
            let (bytes, release) = Self.cutWhileTheWriterIsHeld(rig, url)
            // A player reads past what the writer has told: it waits and asks for more.
            let read = rig.startRead(bytes, offset: 200_000, length: 1_000)
            XCTAssertTrue(rig.run(until: { (bytes as? CachedVideo)?.isBeingRead == true }), "waiting")
            rig.settle()
            release()
            XCTAssertTrue(rig.run(until: { read.value != nil }))
            guard case .failed(let error)? = read.value else { return XCTFail("read past the cut") }
            XCTAssertTrue(error.message.contains("broke off"), error.message)
            rig.settle()
            XCTAssertEqual(rig.server.requests(to: url).count, 1, "the failed download waits for Try Again")

            let again = rig.cache.bytes(for: url.absoluteString)
            XCTAssertEqual(rig.read(again, offset: 200_000, length: 1_000), .bytes(VideoDownloadTests.pattern(200_000..<201_000)))
            XCTAssertTrue(rig.run(until: { rig.cache.isCached(url.absoluteString) }))
            XCTAssertEqual(rig.ranges(url), [nil, "bytes=120000-"])
        }
    }

    func testTryAgainAskedBeforeTheCutIsToldIsNotStoppedByIt() throws {
        let url = VideoDownloadTests.address("cut-try-again")
        let folder = folder()
        try onMain {
            let rig = Rig(folder: folder)
            let (_, release) = Self.cutWhileTheWriterIsHeld(rig, url)
            // Try Again (the post asked for afresh) while the cut's failure still waits on the writer.
            let again = rig.cache.bytes(for: url.absoluteString)
            rig.cache.focus(current: url.absoluteString, upcoming: [])
            release()
            XCTAssertEqual(rig.read(again, offset: 200_000, length: 1_000), .bytes(VideoDownloadTests.pattern(200_000..<201_000)))
            XCTAssertTrue(rig.run(until: { rig.cache.isCached(url.absoluteString) }))
            XCTAssertEqual(rig.ranges(url), [nil, "bytes=120000-"])
            XCTAssertEqual([UInt8](try Data(contentsOf: rig.file(url))), VideoDownloadTests.video)
        }
    }
}
