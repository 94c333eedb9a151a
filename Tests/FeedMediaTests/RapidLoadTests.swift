import FeedCore
@testable import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// Players given clip after clip, or let go, faster than they preroll (Home switched back and
/// forth 25 ms apart) end up ready with the last clip. Prerolls cut short followed by a NULL once
/// made GStreamer 1.22's playsink abort the app (see `PlaybackEngine.begin`); this is the
/// sequence, though the abort itself needs an unlucky interleaving that no test can force.
final class RapidLoadTests: XCTestCase, @unchecked Sendable {
    private var clips: TestClips!

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { GStreamer.initialize() }
        clips = try TestClips.get()
    }

    func testClipsLoadedFasterThanTheyPrerollEndWithTheLastOnePlaying() throws {
        let runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true")
        try onMain {
            let players = try (0..<3).map { _ -> LoopingPlayer in
                let player = try LoopingPlayer(receiver: FrameLog(), runtime: runtime)
                player.viewport = PixelSize(width: 90, height: 160)
                return player
            }
            // Clips with and without sound, so each switch changes the streams playbin links.
            let uris = [clips.audioVideo, clips.portrait, clips.landscape].map(\.fileURI)
            var generator = SplitMix(seed: 25)
            for _ in 0..<150 {
                for player in players {
                    // Now and then a player is emptied (the pool lets a page go), which takes its
                    // playbin to NULL.
                    if generator.next() % 5 == 0 {
                        player.unload()
                    } else {
                        player.load(uri: uris[Int(generator.next() % UInt64(uris.count))])
                    }
                }
                players[0].play()
                spin(seconds: Double(generator.next() % 40) / 1_000)
            }
            for (index, player) in players.enumerated() { player.load(uri: uris[index]) }
            players[0].play()
            XCTAssertTrue(MainLoop.run(until: { players.allSatisfy { $0.phase == .ready } }, timeoutSeconds: 10),
                          "\(players.map(\.phase))")
        }
    }

    /// What keeps the abort away: a player let go leaves its playbin in READY; NULL renumbers
    /// streamsynchronizer's pads.
    func testAPlayerLetGoKeepsItsPlaybinInReady() throws {
        let runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true")
        try onMain {
            let player = try LoopingPlayer(receiver: FrameLog(), runtime: runtime)
            player.viewport = PixelSize(width: 90, height: 160)
            guard let object = player.pipelineReference.strong() else { return XCTFail("no playbin") }
            let playbin = Element(handle: GObjectHandle(adopting: object))
            player.load(uri: clips.audioVideo.fileURI)
            XCTAssertTrue(MainLoop.run(until: { player.phase == .ready }, timeoutSeconds: 5), "\(player.phase)")
            player.unload()
            XCTAssertTrue(MainLoop.run(until: { playbin.currentState != .paused }, timeoutSeconds: 5))
            spin(seconds: 0.1)
            XCTAssertEqual(playbin.currentState, .ready, "an unloaded player's playbin")
            // Let go in the middle of its preroll, too.
            player.load(uri: clips.portrait.fileURI)
            player.unload()
            spin(seconds: 0.3)
            XCTAssertEqual(playbin.currentState, .ready, "a playbin let go mid-preroll")
        }
    }
}

/// A small seeded generator: the same waits every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
