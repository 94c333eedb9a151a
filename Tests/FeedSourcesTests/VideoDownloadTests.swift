import FeedCore
@testable import FeedSources
import FeedTesting
import Foundation
import GLibKit
import TestSupport
import XCTest

/// The video cache's downloads over the scripted server and the client's real rules
/// (`LimitedHTTPTransport`), on a clock the test moves: cuts, servers without ranges, 416, stalls,
/// broken connections, Retry-After, leaving a post, the size limit, reading while it finishes.
/// The main loop still runs, for the cache's writer queue hands back to it.
final class VideoDownloadTests: XCTestCase {
    static func pattern(_ range: Range<Int>) -> [UInt8] { range.map { UInt8($0 % 251) } }
    static let video = pattern(0..<300_000)

    static func address(_ name: String) -> URL { URL(string: "https://video.example/\(name)-\(UUID().uuidString).mp4")! }

    private typealias Rig = VideoDownloadRig

    private func folder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("downloads-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func testADownloadCutOffGoesOnWithARangeFromWhereItStopped() throws {
        let url = Self.address("cut")
        let folder = folder()
        try onMain {
            let rig = Rig(folder: folder)
            var sent = 0
            rig.server.route(.get, url) { request in
                sent += 1
                var reply = FakeHTTPReply.file(Self.video, for: request)
                if sent == 1 { reply.ending = .brokenAfter(120_000) }
                return .reply(reply)
            }
            let bytes = rig.cache.bytes(for: url.absoluteString)
            rig.cache.focus(current: url.absoluteString, upcoming: [])
            guard case .failed(let error)? = rig.read(bytes, offset: 200_000, length: 1_000) else { return XCTFail("read past the cut") }
            XCTAssertEqual(error.kind, .network)
            XCTAssertTrue(error.message.contains("broke off"), error.message)
            XCTAssertTrue(error.isRetryable)

            let again = rig.cache.bytes(for: url.absoluteString)
            XCTAssertEqual(rig.read(again, offset: 200_000, length: 1_000), .bytes(Self.pattern(200_000..<201_000)))
            XCTAssertTrue(rig.run(until: { rig.cache.isCached(url.absoluteString) }))
            XCTAssertEqual(rig.ranges(url), [nil, "bytes=120000-"], "the rest, not the whole again")
            XCTAssertEqual([UInt8](try Data(contentsOf: rig.file(url))), Self.video)
        }
    }

    func testAServerWithoutRangesIsNeverStoppedEarlyAndACutStartsItOver() throws {
        let url = Self.address("plain")
        let folder = folder()
        try onMain {
            let rig = Rig(folder: folder)
            rig.cache.prefetchBytes = 50_000
            var sent = 0
            rig.server.route(.get, url) { request in
                sent += 1
                var reply = FakeHTTPReply.file(Self.video, for: request, ranges: false, chunkSize: 20_000)
                if sent == 1 { reply.ending = .brokenAfter(100_000) }
                return .reply(reply)
            }
            // As the slot for the next post asks for it.
            let bytes = rig.cache.bytes(for: url.absoluteString)
            rig.cache.focus(current: "file:///local.mp4", upcoming: [url.absoluteString])
            // No player reads it yet (a read would want more than the 50 KB anyway).
            XCTAssertTrue(rig.run(until: { (bytes as? CachedVideo)?.failure != nil }), "cut")
            XCTAssertEqual(rig.server.cancelled, [], "not stopped at the 50 KB fetched ahead: resuming would fetch it all again")
            guard case .failed? = rig.read(bytes, offset: 150_000, length: 10) else { return XCTFail("read past the cut") }

            rig.cache.focus(current: url.absoluteString, upcoming: [])
            let again = rig.cache.bytes(for: url.absoluteString)
            XCTAssertEqual(rig.read(again, offset: 299_000, length: 1_000), .bytes(Self.pattern(299_000..<300_000)))
            XCTAssertTrue(rig.run(until: { rig.cache.isCached(url.absoluteString) }))
            XCTAssertEqual(rig.ranges(url), [nil, "bytes=100000-"], "asked from the cut, and given the whole")
            XCTAssertEqual([UInt8](try Data(contentsOf: rig.file(url))), Self.video, "started over, not appended")
        }
    }

    /// A `.part` holding what the server no longer knows as a prefix (here all of the file's
    /// length, written by an earlier run that died before its rename): the range past it is
    /// refused with 416, and the video starts over.
    func testA416AtTheEndStartsTheVideoOver() throws {
        let url = Self.address("whole-part")
        let folder = folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try onMain {
            let rig = Rig(folder: folder)
            try Data(repeating: 0xEE, count: Self.video.count).write(to: rig.file(url, ".part"))
            rig.server.serveFile(url, Self.video)
            let bytes = rig.cache.bytes(for: url.absoluteString)
            rig.cache.focus(current: url.absoluteString, upcoming: [])
            // The player waits for the head before it reads (PlaybackEngine+Stream).
            XCTAssertEqual(try XCTUnwrap(rig.head(bytes)).get().length, 300_000)
            XCTAssertEqual(rig.read(bytes, offset: 0, length: 100), .bytes(Self.pattern(0..<100)), "not the old bytes")
            XCTAssertTrue(rig.run(until: { rig.cache.isCached(url.absoluteString) }))
            XCTAssertEqual(rig.ranges(url), ["bytes=300000-", nil])
            XCTAssertEqual([UInt8](try Data(contentsOf: rig.file(url))), Self.video)
        }
    }

    func testADownloadThatStallsFailsAfterFifteenSecondsOfNothing() throws {
        let url = Self.address("stall")
        let folder = folder()
        onMain {
            let rig = Rig(folder: folder)
            rig.server.route(.get, url) { request in
                var reply = FakeHTTPReply.file(Self.video, for: request)
                reply.ending = .stalledAfter(100_000)
                return .reply(reply)
            }
            let bytes = rig.cache.bytes(for: url.absoluteString)
            rig.cache.focus(current: url.absoluteString, upcoming: [])
            XCTAssertEqual(rig.read(bytes, offset: 90_000, length: 10_000), .bytes(Self.pattern(90_000..<100_000)))
            let waiting = rig.startRead(bytes, offset: 200_000, length: 1_000)
            rig.elapse(14_999)
            XCTAssertNil(waiting.value, "still waiting at 14.999 s")
            rig.timers.elapse(milliseconds: 1)
            XCTAssertTrue(rig.run(until: { waiting.value != nil }))
            guard case .failed(let error)? = waiting.value else { return XCTFail("\(String(describing: waiting.value))") }
            XCTAssertEqual(error.message, "The download from video.example stopped for 15 seconds.")
            XCTAssertEqual(rig.server.underWay, [], "the connection let go")
        }
    }

    func testAConnectionBrokenBeforeAnyByteFailsAndTryAgainFetchesIt() throws {
        let url = Self.address("reset")
        let folder = folder()
        try onMain {
            let rig = Rig(folder: folder)
            var sent = 0
            rig.server.route(.get, url) { request in
                sent += 1
                return sent == 1 ? .failure(.network("Connection reset by peer")) : .reply(.file(Self.video, for: request))
            }
            guard case .failure(let error)? = rig.head(rig.cache.bytes(for: url.absoluteString)) else { return XCTFail("no failure") }
            XCTAssertEqual(error.message, "The download from video.example failed.")
            XCTAssertEqual(error.detail, "Connection reset by peer")
            XCTAssertEqual(try XCTUnwrap(rig.head(rig.cache.bytes(for: url.absoluteString))).get().length, 300_000)
            rig.cache.focus(current: url.absoluteString, upcoming: [])
            XCTAssertTrue(rig.run(until: { rig.cache.isCached(url.absoluteString) }))
            XCTAssertEqual(rig.ranges(url), [nil, nil])
        }
    }

    func testA429WaitsForRetryAfterThenTheVideoComesAndItsHostIsLeftAloneMeanwhile() throws {
        let url = Self.address("busy"), neighbour = Self.address("neighbour")
        let folder = folder()
        try onMain {
            let rig = Rig(folder: folder)
            var sent = 0
            rig.server.route(.get, url) { request in
                sent += 1
                return .reply(sent == 1 ? .retryAfter(3) : .file(Self.video, for: request))
            }
            rig.server.serveFile(neighbour, Self.video)
            let bytes = rig.cache.bytes(for: url.absoluteString)
            rig.cache.focus(current: url.absoluteString, upcoming: [])
            XCTAssertTrue(rig.run(until: { rig.server.requests.count == 1 }))
            rig.settle()
            _ = rig.cache.bytes(for: neighbour.absoluteString)
            rig.elapse(2_999)
            XCTAssertEqual(rig.server.requests.count, 1, "nothing for video.example during its pause")
            rig.timers.elapse(milliseconds: 1)
            XCTAssertEqual(try XCTUnwrap(rig.head(bytes)).get().length, 300_000, "the player never heard of the 429")
            XCTAssertTrue(rig.run(until: { rig.cache.isCached(url.absoluteString) }))
            XCTAssertEqual(rig.server.requests.map(\.url), [url, url, neighbour])
        }
    }

    func testLeavingThePostOnScreenStopsItsDownloadAndComingBackGoesOn() throws {
        let url = Self.address("left")
        let folder = folder()
        try onMain {
            let rig = Rig(folder: folder)
            rig.server.route(.get, url) { request in
                var reply = FakeHTTPReply.file(Self.video, for: request, chunkSize: 20_000)
                reply.chunkDelayMilliseconds = 100
                return .reply(reply)
            }
            rig.cache.focus(current: url.absoluteString, upcoming: [])
            XCTAssertTrue(rig.run(until: { rig.server.requests.count == 1 }))
            rig.elapse(250)
            rig.cache.focus(current: "file:///local.mp4", upcoming: [])
            XCTAssertEqual(rig.server.cancelled.map(\.url), [url], "stopped when the post was left")
            rig.elapse(1_000)
            XCTAssertEqual(rig.server.requests.count, 1)
            XCTAssertFalse(rig.cache.isCached(url.absoluteString))

            rig.cache.focus(current: url.absoluteString, upcoming: [])
            XCTAssertTrue(rig.run(until: { rig.server.requests.count == 2 }))
            for _ in 0..<20 where !rig.cache.isCached(url.absoluteString) { rig.elapse(100) }
            XCTAssertTrue(rig.cache.isCached(url.absoluteString))
            XCTAssertEqual(rig.ranges(url), [nil, "bytes=60000-"], "three chunks came before it was left")
            XCTAssertEqual([UInt8](try Data(contentsOf: rig.file(url))), Self.video)
        }
    }

    func testTheLimitEvictsTheLeastRecentlyUsedButNeverADownloadUnderWay() throws {
        let small = (0..<3).map { Self.address("small\($0)") }
        let large = Self.address("large")
        let folder = folder()
        let smallVideo = Self.pattern(0..<100_000), largeVideo = Self.pattern(0..<400_000)
        try onMain {
            let rig = Rig(folder: folder, limit: 250_000)
            for (index, url) in small.enumerated() {
                rig.server.serveFile(url, smallVideo)
                rig.cache.focus(current: url.absoluteString, upcoming: [])
                XCTAssertTrue(rig.run(until: { rig.cache.isCached(url.absoluteString) }))
                // Used long ago, each after the one before.
                let used = Date(timeIntervalSince1970: TimeInterval(1_000 * (index + 1)))
                try FileManager.default.setAttributes([.modificationDate: used], ofItemAtPath: rig.file(url).path)
            }
            XCTAssertTrue(rig.run(until: { !rig.cache.isCached(small[0].absoluteString) }), "300 KB in a 250 KB cache")
            XCTAssertTrue(rig.cache.isCached(small[1].absoluteString) && rig.cache.isCached(small[2].absoluteString))

            // From a server without ranges, so leaving it does not stop it (resuming would fetch
            // it all again): it runs on, neither on screen nor next, and only running keeps it.
            rig.server.route(.get, large) { request in
                var reply = FakeHTTPReply.file(largeVideo, for: request, ranges: false, chunkSize: 50_000)
                reply.chunkDelayMilliseconds = 100
                return .reply(reply)
            }
            rig.cache.focus(current: large.absoluteString, upcoming: [])
            XCTAssertTrue(rig.run(until: { rig.server.requests(to: large).count == 1 }))
            rig.elapse(300)
            rig.cache.focus(current: "file:///local.mp4", upcoming: [])
            rig.cache.limit = 150_000
            XCTAssertTrue(rig.run(until: { !rig.cache.isCached(small[1].absoluteString) && !rig.cache.isCached(small[2].absoluteString) }))
            rig.settle()
            XCTAssertTrue(FileManager.default.fileExists(atPath: rig.file(large, ".part").path),
                          "the download under way stays, though the newest and still over the limit alone")
            XCTAssertEqual(rig.server.underWay.map(\.url), [large])
            for _ in 0..<20 where !rig.server.underWay.isEmpty { rig.elapse(100) }
            XCTAssertEqual(rig.server.cancelled, [], "it came whole")
            XCTAssertTrue(rig.run(until: { !FileManager.default.fileExists(atPath: rig.file(large, ".part").path) }))
            XCTAssertFalse(rig.cache.isCached(large.absoluteString), "finished and off screen, alone over the limit: it goes")
        }
    }

    func testAVideoFinishedWhileItIsReadIsReadWholeAcrossItsRename() throws {
        let url = Self.address("read")
        let folder = folder()
        onMain {
            let rig = Rig(folder: folder)
            rig.server.route(.get, url) { request in
                var reply = FakeHTTPReply.file(Self.video, for: request, chunkSize: 50_000)
                reply.chunkDelayMilliseconds = 100
                return .reply(reply)
            }
            let bytes = rig.cache.bytes(for: url.absoluteString)
            rig.cache.focus(current: url.absoluteString, upcoming: [])
            let whole = Locked<[UInt8]?>(nil)
            DispatchQueue.global().async {
                var got: [UInt8] = []
                while true {
                    switch bytes.read(offset: Int64(got.count), length: 64 * 1024, isCancelled: { false }) {
                    case .bytes(let piece): got += piece
                    case .end: return whole.value = got
                    case .failed, .cancelled: return whole.value = []
                    }
                }
            }
            for _ in 0..<20 where !rig.cache.isCached(url.absoluteString) { rig.elapse(100) }
            XCTAssertTrue(rig.run(until: { whole.value != nil }))
            XCTAssertEqual(whole.value, Self.video)
            XCTAssertTrue(rig.cache.isCached(url.absoluteString))
            XCTAssertFalse(FileManager.default.fileExists(atPath: rig.file(url, ".part").path))
            XCTAssertEqual(bytes.read(offset: 123_456, length: 10, isCancelled: { false }), .bytes(Self.pattern(123_456..<123_466)),
                           "the same reader goes on after the rename (a loop seeking back)")
            XCTAssertEqual(rig.server.requests.count, 1, "read while it came: fetched once")
        }
    }

    func testPostsAheadAreFetchedOneAtATimeTheNextFirstEachOnlyItsShare() throws {
        let ahead = (0..<3).map { Self.address("ahead\($0)") }
        let folder = folder()
        onMain {
            let rig = Rig(folder: folder)
            rig.cache.prefetchBytes = 100_000
            var most = 0
            for url in ahead {
                rig.server.route(.get, url) { request in
                    var reply = FakeHTTPReply.file(Self.video, for: request, chunkSize: 25_000)
                    reply.chunkDelayMilliseconds = 10
                    return .reply(reply)
                }
            }
            rig.cache.focus(current: "file:///local.mp4", upcoming: ahead.map(\.absoluteString))
            for _ in 0..<100 where rig.server.requests.count < 3 || !rig.server.underWay.isEmpty {
                most = max(most, rig.server.underWay.count)
                rig.timers.elapse(milliseconds: 10)
                _ = rig.run(until: { false }, seconds: 0.02)
            }
            XCTAssertEqual(rig.server.requests.map(\.url), ahead, "the next post first")
            XCTAssertEqual(most, 1)
            XCTAssertEqual(rig.server.cancelled.map(\.url), ahead, "each stopped at its share")
            rig.settle()
            for url in ahead {
                let size = (try? FileManager.default.attributesOfItem(atPath: rig.file(url, ".part").path)[.size] as? Int) ?? 0
                XCTAssertEqual(size, 100_000, url.lastPathComponent)
            }
        }
    }

    func testAnAnswerTheCacheCannotTakeIsSaidAndNothingKept() throws {
        let locked = Self.address("locked"), huge = Self.address("huge")
        let folder = folder()
        try onMain {
            let rig = Rig(folder: folder)
            rig.server.route(.get, locked, answers: [.reply(.status(401, body: "sign in"))])
            rig.server.route(.get, huge) { _ in
                .reply(FakeHTTPReply(status: 200, headers: ["Content-Length": "2147483648"], body: Array(repeating: 0, count: 10)))
            }
            guard case .failure(let refused)? = rig.head(rig.cache.bytes(for: locked.absoluteString)) else { return XCTFail("401") }
            XCTAssertEqual(refused.message, "video.example couldn’t send this video (error 401).")
            guard case .failure(let tooLarge)? = rig.head(rig.cache.bytes(for: huge.absoluteString)) else { return XCTFail("2 GB") }
            XCTAssertEqual(tooLarge.message, "This video is larger than 1 GB, so it isn’t downloaded.")
            XCTAssertEqual(Set(rig.server.cancelled.map(\.url)), [locked, huge], "neither body was read")
            rig.settle()
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".video") }
            XCTAssertEqual(kept, [])
        }
    }
}
