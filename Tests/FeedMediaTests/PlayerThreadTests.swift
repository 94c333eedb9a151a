import CGLib
import FeedCore
@testable import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// The window never waits on a pipeline: seeks, state changes and loop re-arms run on each
/// player's own thread. A watchdog timer on the main loop must keep firing on time while
/// pages change and loops wrap, even while a player thread is stuck.
final class PlayerThreadTests: XCTestCase, @unchecked Sendable {
    /// This test's players' runtime (their threads, their sound), silent.
    private let runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true")
    private var clips: TestClips!

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { GStreamer.initialize() }
        clips = try TestClips.get()
    }

    /// Ticks every 20 ms and keeps the longest wait between two ticks.
    @MainActor
    private final class Watchdog {
        private(set) var worstGapUs: Int64 = 0
        private(set) var ticks = 0
        private var last = Int64(g_get_monotonic_time())
        private var running = true

        init() {
            MainLoop.every(milliseconds: 20) { [weak self] in
                guard let self, self.running else { return false }
                let now = Int64(g_get_monotonic_time())
                self.worstGapUs = max(self.worstGapUs, now - self.last)
                self.last = now
                self.ticks += 1
                return true
            }
        }

        func stop() { running = false }
    }

    /// Measures how long a call on the main thread takes.
    @MainActor
    private func timed(_ body: () -> Void) -> Int64 {
        let start = Int64(g_get_monotonic_time())
        body()
        return Int64(g_get_monotonic_time()) - start
    }

    func testPageChangesWhileLoopsRearmNeverStallTheMainLoop() throws {
        try onMain {
            let logs = (0..<3).map { _ in FrameLog() }
            let players = try logs.map { log -> LoopingPlayer in
                let player = try LoopingPlayer(receiver: log, runtime: runtime)
                player.viewport = PixelSize(width: 90, height: 160)
                return player
            }
            let uris = [clips.portrait, clips.audioVideo, clips.landscape].map(\.fileURI)
            var loops = 0
            for (index, player) in players.enumerated() {
                player.onLoop = { _ in loops += 1 }
                player.load(uri: uris[index])
            }
            XCTAssertTrue(MainLoop.run(until: { players.allSatisfy { $0.phase == .ready } }, timeoutSeconds: 5))
            // A clip looping all along (1 s: about four re-arms during the run), as in a split view.
            let looping = try LoopingPlayer(receiver: FrameLog(), runtime: runtime)
            looping.onLoop = { _ in loops += 1 }
            looping.load(uri: clips.audioVideo.fileURI)
            looping.play()
            XCTAssertTrue(MainLoop.run(until: { looping.phase == .ready }, timeoutSeconds: 5))
            let watchdog = Watchdog()
            var worstCallUs: Int64 = 0
            // A feed paged 24 times, a page every 150 ms: the current player plays and loops, the
            // one left rewinds, the far one is loaded with the next post.
            for page in 0..<24 {
                let current = players[page % 3], previous = players[(page + 2) % 3], next = players[(page + 1) % 3]
                worstCallUs = max(worstCallUs, timed {
                    previous.rewind()
                    current.play()
                    next.load(uri: uris[(page + page / 3) % 3]) // a different clip each time round
                })
                spin(seconds: 0.15)
            }
            spin(seconds: 0.3)
            watchdog.stop()
            print("24 page changes: worst main-loop gap \(watchdog.worstGapUs) µs over \(watchdog.ticks) ticks, "
                  + "worst call \(worstCallUs) µs, \(loops) loops")
            XCTAssertGreaterThan(loops, 0, "no loop re-armed during the run")
            XCTAssertLessThan(worstCallUs, 20_000, "a player call made the window wait")
            XCTAssertLessThan(watchdog.worstGapUs, 250_000, "the main loop stopped answering")
            for player in players + [looping] { XCTAssertFalse(player.phase.isFailed, "\(player.phase)") }
        }
    }

    func testAStuckPlayerThreadDoesNotStopTheWindow() throws {
        try onMain {
            let log = FrameLog()
            let player = try LoopingPlayer(receiver: log, runtime: runtime)
            player.load(uri: clips.portrait.fileURI)
            XCTAssertTrue(MainLoop.run(until: { player.phase == .ready }, timeoutSeconds: 5))
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= 3 }, timeoutSeconds: 3))

            // What a seek that hangs inside GStreamer does to the thread that issued it.
            let released = Locked(false)
            player.runOnPlayerThread {
                let deadline = Int64(g_get_monotonic_time()) + 1_500_000
                while !released.value, Int64(g_get_monotonic_time()) < deadline { g_usleep(5_000) }
            }
            let watchdog = Watchdog()
            var worstCallUs: Int64 = 0
            for round in 0..<6 {
                worstCallUs = max(worstCallUs, timed {
                    player.rewind()
                    player.play()
                    player.viewport = PixelSize(width: round % 2 == 0 ? 80 : 160, height: round % 2 == 0 ? 142 : 284)
                })
                spin(seconds: 0.1)
            }
            let begunBefore = log.begunSource
            worstCallUs = max(worstCallUs, timed { player.load(uri: clips.landscape.fileURI) })
            XCTAssertEqual(player.phase, .loading, "the window knows at once what it asked for")
            XCTAssertNil(player.videoSize, "not the previous clip's size")
            spin(seconds: 0.1)
            XCTAssertEqual(log.begunSource, begunBefore,
                           "the load's GStreamer work ran although the player thread was stuck: it ran on the main thread")
            spin(seconds: 0.3)
            watchdog.stop()
            print("stuck player thread: worst main-loop gap \(watchdog.worstGapUs) µs, worst call \(worstCallUs) µs")
            XCTAssertLessThan(worstCallUs, 20_000, "a call waited on the stuck player thread")
            XCTAssertLessThan(watchdog.worstGapUs, 250_000, "the main loop waited on the stuck player thread")
            XCTAssertGreaterThan(watchdog.ticks, 25)

            // Once the thread is free again, what was asked meanwhile happens, in order.
            released.mutate { $0 = true }
            XCTAssertTrue(MainLoop.run(until: { player.phase == .ready }, timeoutSeconds: 5), "\(player.phase)")
            XCTAssertEqual(player.displaySize, PixelSize(width: 640, height: 360))
        }
    }
}
