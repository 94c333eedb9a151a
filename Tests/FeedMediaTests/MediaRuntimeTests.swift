import CGLib
import FeedCore
@testable import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// What the players of one runtime share, and only they: their threads, joined at shutdown;
/// the sound server's state and the probe that asks for it; the capture devices.
final class MediaRuntimeTests: XCTestCase, @unchecked Sendable {
    private var clips: TestClips!

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { GStreamer.initialize() }
        clips = try TestClips.get()
    }

    /// Holds the player's thread for `seconds` (what a state change stuck in GStreamer does).
    @MainActor
    private func hold(_ player: LoopingPlayer, seconds: Double, released: Locked<Bool> = Locked(false)) {
        player.runOnPlayerThread {
            let deadline = Int64(g_get_monotonic_time()) + Int64(seconds * 1_000_000)
            while !released.value, Int64(g_get_monotonic_time()) < deadline { g_usleep(5_000) }
        }
    }

    func testShutDownWaitsForEveryPlayerThreadAndJoinsIt() throws {
        try onMain {
            let runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true")
            let players = try (0..<2).map { _ in try LoopingPlayer(receiver: FrameLog(), runtime: runtime) }
            let sounds = try SoundPlayer(runtime: runtime)
            for player in players { player.load(uri: clips.audioVideo.fileURI) }
            players[0].play()
            XCTAssertTrue(MainLoop.run(until: { players.allSatisfy { $0.phase == .ready } }, timeoutSeconds: 5))
            XCTAssertEqual(runtime.runningThreads, ["player", "player", "sound"])
            // The last player thread is busy for a while yet: shutdown waits for it.
            hold(players[1], seconds: 0.4)
            let started = Date()
            let left = runtime.shutDown(within: 5)
            let waited = Date().timeIntervalSince(started)
            XCTAssertEqual(left, [], "still running after shutdown")
            XCTAssertEqual(runtime.runningThreads, [])
            XCTAssertGreaterThan(waited, 0.3, "shutdown did not wait for the busy thread")
            withExtendedLifetime((players, sounds)) {}
        }
    }

    func testAThreadThatDoesNotEndInTimeIsNamed() throws {
        try onMain {
            let runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true")
            let player = try LoopingPlayer(receiver: FrameLog(), runtime: runtime)
            let released = Locked(false)
            defer { released.value = true }
            hold(player, seconds: 10, released: released)
            let started = Date()
            XCTAssertEqual(runtime.shutDown(within: 0.3), ["player"])
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, "shutdown waited past its time")
        }
    }

    func testAPlayerLetGoOfLeavesTheRuntimeAsItsThreadEnds() throws {
        try onMain {
            let runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true")
            var player: LoopingPlayer? = try LoopingPlayer(receiver: FrameLog(), runtime: runtime)
            player?.load(uri: clips.portrait.fileURI)
            XCTAssertTrue(MainLoop.run(until: { player?.phase == .ready }, timeoutSeconds: 5))
            XCTAssertEqual(runtime.runningThreads, ["player"])
            player = nil
            // A session opens and closes many feeds: their finished threads are not kept.
            XCTAssertTrue(MainLoop.run(until: { runtime.runningThreads.isEmpty }, timeoutSeconds: 3),
                          "still \(runtime.runningThreads)")
            XCTAssertEqual(runtime.shutDown(within: 1), [])
        }
    }

    func testTwoRuntimesShareNeitherTheirThreadsNorTheirShutdown() throws {
        try onMain {
            let first = MediaRuntime(audioSinkDescription: "fakesink sync=true")
            let second = MediaRuntime(audioSinkDescription: "fakesink sync=true")
            let log = FrameLog()
            let stays = try LoopingPlayer(receiver: log, runtime: second)
            let goes = try LoopingPlayer(receiver: FrameLog(), runtime: first)
            stays.load(uri: clips.portrait.fileURI)
            goes.load(uri: clips.portrait.fileURI)
            stays.play()
            XCTAssertTrue(MainLoop.run(until: { stays.phase == .ready && goes.phase == .ready }, timeoutSeconds: 5))
            XCTAssertEqual(first.shutDown(within: 5), [])
            XCTAssertEqual(second.runningThreads, ["player"], "the other runtime's player was stopped too")
            let frames = log.playedCount
            XCTAssertTrue(MainLoop.run(until: { log.playedCount > frames + 10 }, timeoutSeconds: 3),
                          "the other runtime's player stopped playing")
            XCTAssertEqual(second.shutDown(within: 5), [])
        }
    }

    /// A player whose sound server is gone silences the players of its own runtime only, and
    /// asks its own runtime's probe whether the server is back.
    func testTheSoundOutageAndTheProbeAreTheRuntimes() throws {
        try onMain {
            let firstAsked = Locked(0), secondAsked = Locked(0)
            let first = MediaRuntime(audioSinkDescription: "fakesink sync=true",
                                     soundServerProbe: { firstAsked.mutate { $0 += 1 }; return false })
            let second = MediaRuntime(audioSinkDescription: "fakesink sync=true",
                                      soundServerProbe: { secondAsked.mutate { $0 += 1 }; return true })
            // Fails after 5 audio buffers, as pulsesink does when its server dies.
            let failing = try LoopingPlayer(receiver: FrameLog(), runtime: first,
                                            audioSinkDescription: "identity error-after=5 ! fakesink sync=true")
            let sameRuntime = try LoopingPlayer(receiver: FrameLog(), runtime: first)
            let otherRuntime = try LoopingPlayer(receiver: FrameLog(), runtime: second)
            var sound: [String: [Bool]] = [:]
            for (name, player) in [("failing", failing), ("same", sameRuntime), ("other", otherRuntime)] {
                player.onSoundChanged = { available, _ in sound[name, default: []].append(available) }
                player.load(uri: clips.audioVideo.fileURI)
            }
            failing.play()
            XCTAssertTrue(MainLoop.run(until: { sound["failing"] == [false] && sound["same"] == [false] }, timeoutSeconds: 5),
                          "said: \(sound)")
            // Silent players ask their runtime's probe every 2 s; the server stays gone.
            XCTAssertTrue(MainLoop.run(until: { firstAsked.value >= 2 }, timeoutSeconds: 6), "the probe was never asked")
            XCTAssertEqual(sound["failing"], [false], "the sound came back though the probe said no")
            XCTAssertNil(sound["other"], "another runtime's player went silent")
            XCTAssertEqual(secondAsked.value, 0, "another runtime's probe was asked")
            XCTAssertEqual(first.shutDown(within: 5), [])
            XCTAssertEqual(second.shutDown(within: 5), [])
        }
    }

    func testTheCaptureDevicesAreMadeOncePerRuntime() {
        MainActor.assumeIsolated {
            let runtime = MediaRuntime(captureDevices: .test)
            let devices = runtime.recordingDevices()
            XCTAssertTrue(devices === runtime.recordingDevices(), "made again on the next visit")
            XCTAssertTrue(devices.directory is TestCaptureDevices)
            XCTAssertEqual(devices.captureDevice, .test)
            let other = MediaRuntime(captureDevices: .test)
            XCTAssertFalse(devices === other.recordingDevices(), "two runtimes share their devices")
            let pinned = MediaRuntime(captureDevices: .monitored(pinnedCameraPath: "/dev/video-loopfeed-missing"))
            XCTAssertTrue(pinned.recordingDevices().directory is MonitoredCaptureDevices)
            XCTAssertFalse(pinned.recordingDevices().canRecord)
            // Let the monitor go: a running one keeps its providers for every later test.
            XCTAssertEqual(pinned.shutDown(within: 1), [])
        }
    }
}
