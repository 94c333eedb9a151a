import FeedCore
@testable import FeedMedia
import FeedTesting
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// A remote post plays from the cache's bytes as they arrive (FeedTesting's FakeRemoteVideoCache
/// stands in for the download): through an appsrc in random-access mode, so looping and a
/// demuxer's jumps to the end work whatever the server does, and a read waiting for bytes never
/// holds up an unload or the next clip.
final class RemotePlaybackTests: XCTestCase, @unchecked Sendable {
    /// This test's players' runtime (their threads, their sound), silent.
    private let runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true")
    private var clips: TestClips!
    private static let address = "http://videos.example/clip.mp4"

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { GStreamer.initialize() }
        clips = try TestClips.get()
    }

    @MainActor
    private func player(_ log: FrameLog, cache: FakeRemoteVideoCache) throws -> LoopingPlayer {
        let player = try LoopingPlayer(receiver: log, runtime: runtime)
        player.remoteVideos = cache
        return player
    }

    func testARemoteVideoWaitsForItsBytesThenPlaysAndLoops() throws {
        let bytes = Array(try Data(contentsOf: clips.portrait))
        try onMain {
            let cache = FakeRemoteVideoCache()
            // mp4mux writes the index last: nothing can show until the end has arrived.
            let video = cache.serve(Self.address, bytes: bytes, available: bytes.count / 2)
            let log = FrameLog()
            let player = try player(log, cache: cache)
            player.load(uri: Self.address)
            XCTAssertEqual(cache.opened, [Self.address])
            XCTAssertTrue(MainLoop.run(until: { video.blockedReads > 0 }, timeoutSeconds: 5), "no read waited for the index")
            XCTAssertEqual(player.phase, .loading, "ready before the index arrived")
            video.release(upTo: bytes.count)
            XCTAssertTrue(MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 5))
            XCTAssertEqual(player.phase, .ready)
            XCTAssertEqual(player.displaySize, PixelSize(width: 320, height: 568))
            player.play()
            func wraps() -> Int {
                let pts = log.played.compactMap(\.pts)
                return zip(pts, pts.dropFirst()).filter { $1 < $0 }.count
            }
            XCTAssertTrue(MainLoop.run(until: { wraps() >= 2 }, timeoutSeconds: 5), "the remote clip did not loop")
        }
    }

    func testACachedVideoPlaysFromItsFile() throws {
        let file = clips.portrait.fileURI
        try onMain {
            let cache = FakeRemoteVideoCache()
            cache.cachedFiles[Self.address] = file
            let player = try player(FrameLog(), cache: cache)
            player.load(uri: Self.address)
            XCTAssertTrue(MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 5))
            XCTAssertEqual(player.phase, .ready)
            XCTAssertEqual(cache.opened, [], "no download for a video in the cache")
            XCTAssertEqual(player.uri, Self.address, "the page still knows it by its address")
        }
    }

    func testAReadWaitingForBytesDoesNotHoldUpTheNextClip() throws {
        let bytes = Array(try Data(contentsOf: clips.portrait))
        let local = clips.landscape.fileURI
        try onMain {
            let cache = FakeRemoteVideoCache()
            let video = cache.serve(Self.address, bytes: bytes, available: 4_096)
            let log = FrameLog()
            let player = try player(log, cache: cache)
            player.load(uri: Self.address)
            XCTAssertTrue(MainLoop.run(until: { video.blockedReads > 0 }, timeoutSeconds: 5), "no read waited")
            XCTAssertEqual(player.phase, .loading)
            player.load(uri: local)
            XCTAssertTrue(MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 5),
                          "the next clip waited behind a stalled download")
            XCTAssertEqual(player.phase, .ready)
            XCTAssertEqual(player.displaySize, PixelSize(width: 640, height: 360))
        }
    }

    func testARewindWhilePlaybackWaitsForBytesIsNotHeldUp() throws {
        // Index first: it plays from the part that came and then waits for the rest.
        let bytes = Array(try Data(contentsOf: clips.directory.appendingPathComponent("faststart.mp4")))
        try onMain {
            let cache = FakeRemoteVideoCache()
            let video = cache.serve(Self.address, bytes: bytes, available: bytes.count * 4 / 10)
            let log = FrameLog()
            let player = try player(log, cache: cache)
            player.load(uri: Self.address)
            XCTAssertTrue(MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 5))
            XCTAssertEqual(player.phase, .ready)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { video.blockedReads > 0 }, timeoutSeconds: 5),
                          "playback never waited for the missing bytes")
            let stalled = log.playedCount
            XCTAssertLessThan(stalled, 80, "it played past the bytes that came")
            let mark = log.count
            player.rewind()
            XCTAssertTrue(MainLoop.run(until: { log.entries.dropFirst(mark).contains { $0.pts == 0 } }, timeoutSeconds: 3),
                          "the rewind waited behind the missing bytes")
            video.release(upTo: bytes.count)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= stalled + 90 }, timeoutSeconds: 6),
                          "the whole clip did not play once its bytes came")
        }
    }

    func testAFailedDownloadIsShownInTheCachesWords() throws {
        let bytes = Array(try Data(contentsOf: clips.portrait))
        try onMain {
            let cache = FakeRemoteVideoCache()
            let video = cache.serve(Self.address, bytes: bytes, available: bytes.count / 2)
            let player = try player(FrameLog(), cache: cache)
            player.load(uri: Self.address)
            XCTAssertTrue(MainLoop.run(until: { video.blockedReads > 0 }, timeoutSeconds: 5), "no read waited")
            let error = MediaError(kind: .network, message: "The download from videos.example stopped for 15 seconds.")
            video.fail(error)
            XCTAssertTrue(MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 5))
            XCTAssertEqual(player.phase.error?.message, error.message)
            XCTAssertEqual(player.phase.error?.kind, .network)
        }
    }

    func testTheServersContentTypeNamesTheContainer() {
        XCTAssertEqual(PlayerStateMachine.containerExtension("video/mp4", address: "https://v/x"), ".mp4")
        XCTAssertEqual(PlayerStateMachine.containerExtension("video/webm; codecs=vp9", address: "https://v/x"), ".webm")
        XCTAssertEqual(PlayerStateMachine.containerExtension("application/octet-stream", address: "https://v/clip.MOV?x=1"), ".mov",
                       "else the address's own")
        XCTAssertEqual(PlayerStateMachine.containerExtension(nil, address: "https://v/watch"), "", "left to type-finding")
    }
}
