import FeedCore
@testable import FeedSources
import Foundation
import GLibKit
import MainLoopServices
import SoupKit
import TestSupport
import XCTest

/// A split-audio video in the cache (`JoinedTracks`): both files downloaded, joined into the one
/// file the cache keeps, read by the player only once joined; a missing file is the video's error.
final class VideoCacheJoiningTests: XCTestCase {
    private static let log = FileManager.default.temporaryDirectory.appendingPathComponent("video-join-\(UUID().uuidString).log")
    private static let server = Result { try LoopbackServer(script: "video_test_server.py", besides: #filePath, arguments: [log.path]) }

    override class func tearDown() {
        if case .success(let server) = server { server.stop() }
        try? FileManager.default.removeItem(at: log)
    }

    /// Writes the picture's bytes then the sound's: what was joined can be checked byte by byte.
    private struct ConcatenatingJoiner: TrackJoining {
        let joined = Locked<[(URL, URL)]>([])
        func join(video: URL, audio: URL, into output: URL) -> Result<Void, MediaError> {
            joined.value.append((video, audio))
            do {
                try (Data(contentsOf: video) + Data(contentsOf: audio)).write(to: output)
                return .success(())
            } catch {
                return .failure(MediaError(kind: .other, message: "\(error)"))
            }
        }
    }

    private static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8($0 % 251) } }

    private func folder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videos-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    @MainActor
    private static func head(_ bytes: any RemoteVideoBytes) -> Result<RemoteVideoHead, MediaError>? {
        let result = Locked<Result<RemoteVideoHead, MediaError>?>(nil)
        bytes.whenHeadKnown { result.value = $0 }
        _ = MainLoop.run(until: { result.value != nil }, timeoutSeconds: 10)
        return result.value
    }

    @MainActor
    private static func read(_ bytes: any RemoteVideoBytes, length: Int) -> VideoBytesRead? {
        let result = Locked<VideoBytesRead?>(nil)
        DispatchQueue.global().async { result.value = bytes.read(offset: 0, length: length, isCancelled: { false }) }
        _ = MainLoop.run(until: { result.value != nil }, timeoutSeconds: 10)
        return result.value
    }

    func testBothFilesAreJoinedIntoTheOneTheCacheKeepsAndPlays() throws {
        let server = try Self.server.get()
        let picture = server.url("/ranged/3000/picture-\(UUID().uuidString)")
        let sound = server.url("/ranged/1000/sound-\(UUID().uuidString)")
        let address = JoinedTracks(video: picture, audio: sound).address
        let folder = folder()
        try onMain {
            let joiner = ConcatenatingJoiner()
            let cache = VideoCache(directory: folder, transport: HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers()))
            cache.joiner = joiner
            cache.focus(current: address, upcoming: [])
            let bytes = cache.bytes(for: address)
            XCTAssertEqual(try Self.head(bytes)?.get().length, 4000)
            XCTAssertEqual(Self.read(bytes, length: 4000), .bytes(Self.pattern(3000) + Self.pattern(1000)),
                           "the joined file is what plays: the picture's bytes, then the sound's")
            XCTAssertEqual(joiner.joined.value.count, 1)
            XCTAssertTrue(MainLoop.run(until: { cache.isCached(address) }, timeoutSeconds: 5), "the joined file is kept")
            XCTAssertNotNil(cache.cachedFileURI(for: address))
            XCTAssertFalse(cache.isCached(picture.absoluteString), "the picture alone is not kept as the video")
            let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("joining").path)) ?? []
            XCTAssertEqual(leftovers, [], "the two downloads go once joined")
        }
    }

    func testAMissingFileIsTheVideosError() throws {
        let server = try Self.server.get()
        let picture = server.url("/ranged/3000/picture-\(UUID().uuidString)")
        let sound = server.url("/missing/sound-\(UUID().uuidString)")
        let address = JoinedTracks(video: picture, audio: sound).address
        let folder = folder()
        onMain {
            let joiner = ConcatenatingJoiner()
            let cache = VideoCache(directory: folder, transport: HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers()))
            cache.joiner = joiner
            guard case .failure(let error)? = Self.head(cache.bytes(for: address)) else { return XCTFail("no failure") }
            XCTAssertEqual(error.kind, .notFound)
            XCTAssertEqual(joiner.joined.value.count, 0)
            XCTAssertFalse(cache.isCached(address))
        }
    }
}
