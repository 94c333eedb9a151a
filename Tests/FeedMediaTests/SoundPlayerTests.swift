import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// The recorder's sound player, with a clocked fakesink for audio.
final class SoundPlayerTests: XCTestCase {
    private var folder: URL!
    private var track: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        track = folder.appendingPathComponent("track.ogg")
        // 6 s of tone.
        try runToEnd("audiotestsrc num-buffers=282 samplesperbuffer=1024 ! audio/x-raw,rate=48000 "
            + "! audioconvert ! vorbisenc ! oggmux ! filesink location=\"\(track.path)\"")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Recording at 2x plays the sound at half speed from where the clip has got to.
    func testPlaysFromAPointAtARate() throws {
        let track = track!
        try onMain {
            let player = try SoundPlayer(runtime: MediaRuntime(audioSinkDescription: "fakesink sync=true"))
            var errors: [String] = []
            player.onError = { errors.append($0) }
            player.play(track, from: 2.0, rate: 0.5)
            XCTAssertTrue(MainLoop.run(until: { player.isPlaying && (player.positionSeconds ?? 0) > 2.0 }, timeoutSeconds: 5),
                          "the position never moved past 2 s")
            let start = try XCTUnwrap(player.positionSeconds)
            XCTAssertEqual(start, 2.1, accuracy: 0.2, "starts from 2 s")
            spin(seconds: 1.0)
            let moved = try XCTUnwrap(player.positionSeconds) - start
            XCTAssertEqual(moved, 0.5, accuracy: 0.2, "half a second of sound per second at rate 0.5")
            player.pause()
            XCTAssertTrue(MainLoop.run(until: { !player.isPlaying }, timeoutSeconds: 3), "pause did not stop it")
            XCTAssertEqual(errors, [])
            player.stop()
        }
    }

    func testAFileThatIsNotSoundSaysSo() throws {
        let bogus = folder.appendingPathComponent("bogus.ogg")
        try Data("not a sound".utf8).write(to: bogus)
        try onMain {
            let player = try SoundPlayer(runtime: MediaRuntime(audioSinkDescription: "fakesink sync=true"))
            var errors: [String] = []
            player.onError = { errors.append($0) }
            player.play(bogus, from: 0)
            XCTAssertTrue(MainLoop.run(until: { !errors.isEmpty }, timeoutSeconds: 5))
            XCTAssertFalse(player.isPlaying)
        }
    }
}
