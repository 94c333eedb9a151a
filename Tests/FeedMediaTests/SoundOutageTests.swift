import FeedCore
@testable import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// The sound server going away while a video plays (issue 13): the audio sink fails, the video
/// loops on silently, and a real sink comes back once the server answers. The server is stood in
/// for: the audio sink is one that fails mid-play (identity error-after), or one that can't open
/// (a pulsesink pointed at a socket nobody listens on), and whether "the server answers" is the
/// probe this test's runtime was made with.
final class SoundOutageTests: XCTestCase, @unchecked Sendable {
    private var clips: TestClips!
    private let serverUp = Locked(false)
    private lazy var runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true",
                                            soundServerProbe: { [serverUp] in serverUp.value })

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { GStreamer.initialize() }
        clips = try TestClips.get()
    }

    /// What a player said, in order.
    private final class Said: @unchecked Sendable {
        let sound = Locked<[Bool]>([])
        let loops = Locked<[LoopPass]>([])
        let errors = Locked<[MediaError]>([])

        @MainActor
        func watch(_ player: LoopingPlayer) {
            player.onSoundChanged = { [sound] available, _ in sound.mutate { $0.append(available) } }
            player.onLoop = { [loops] pass in loops.mutate { $0.append(pass) } }
            player.onError = { [errors] error in errors.mutate { $0.append(error) } }
        }
    }

    func testAnAudioSinkFailingMidPlayLeavesTheVideoLoopingAndComesBack() throws {
        try onMain {
            let log = FrameLog()
            // Fails after 5 audio buffers (about 0.1 s in), as pulsesink does when its server dies.
            let player = try LoopingPlayer(receiver: log, runtime: runtime,
                                           audioSinkDescription: "identity error-after=5 ! fakesink sync=true")
            let neighbour = try LoopingPlayer(receiver: FrameLog(), runtime: runtime)
            let said = Said()
            said.watch(player)
            let neighbourSaid = Said()
            neighbourSaid.watch(neighbour)
            neighbour.load(uri: clips.audioVideo.fileURI)
            player.load(uri: clips.audioVideo.fileURI)
            player.play()

            XCTAssertTrue(MainLoop.run(until: { said.sound.value.contains(false) }, timeoutSeconds: 5),
                          "the failing audio sink was never reported; phase \(player.phase), errors \(said.errors.value)")
            // The paused neighbour goes silent with it (its pulsesink would hang once played).
            XCTAssertTrue(MainLoop.run(until: { neighbourSaid.sound.value == [false] }, timeoutSeconds: 2),
                          "the neighbour said \(neighbourSaid.sound.value)")
            let loopsAtLoss = said.loops.value.count
            let framesAtLoss = log.playedCount
            XCTAssertTrue(MainLoop.run(until: { said.loops.value.count >= loopsAtLoss + 3 || player.phase.isFailed },
                                       timeoutSeconds: 6),
                          "the video stopped looping without its sound: phase \(player.phase)")
            XCTAssertEqual(player.phase, .ready, "errors: \(said.errors.value)")
            XCTAssertTrue(said.errors.value.isEmpty, "\(said.errors.value)")
            XCTAssertGreaterThan(log.playedCount, framesAtLoss + 60, "frames stopped coming")
            // No frame stood still at a wrap for as long as a frame (33 ms): the seam of a loop is
            // what it was with sound (a few ms here, with no display; 0 in the app's e2e events).
            let silentSeams = said.loops.value.dropFirst(loopsAtLoss).map(\.seamUs)
            print("seams with sound \(said.loops.value.prefix(loopsAtLoss).map(\.seamUs)), silent \(silentSeams)")
            XCTAssertEqual(silentSeams.filter { $0 >= 33_333 || $0 < 0 }, [], "seams while silent: \(silentSeams)")

            // The server answers again: a real sink is put back by itself, the loop goes on.
            serverUp.value = true
            XCTAssertTrue(MainLoop.run(until: { said.sound.value.contains(true) }, timeoutSeconds: 5),
                          "the sound never came back: \(said.sound.value)")
            XCTAssertTrue(MainLoop.run(until: { neighbourSaid.sound.value == [false, true] }, timeoutSeconds: 5),
                          "the neighbour's sound never came back: \(neighbourSaid.sound.value)")
            let loopsAtReturn = said.loops.value.count
            XCTAssertTrue(MainLoop.run(until: { said.loops.value.count >= loopsAtReturn + 2 || player.phase.isFailed },
                                       timeoutSeconds: 5))
            XCTAssertEqual(player.phase, .ready)
            XCTAssertTrue(said.errors.value.isEmpty, "\(said.errors.value)")
            // The PTS only ever goes back at a wrap to the start: nothing seeked while swapping.
            let pts = log.played.compactMap(\.pts)
            let backwards = zip(pts, pts.dropFirst()).filter { $1 < $0 }
            XCTAssertTrue(backwards.allSatisfy { $0.1 == 0 }, "the position jumped back mid-pass: \(backwards)")
        }
    }

    func testAPlayerMadeWhileTheServerIsDownPlaysItsVideo() throws {
        try PulseAudioControl.requirePulseSink()
        try onMain {
            let log = FrameLog()
            // A server nobody runs: pulsesink can't reach READY, as with PulseAudio down.
            let player = try LoopingPlayer(receiver: log, runtime: runtime,
                                           audioSinkDescription: "pulsesink server=unix:/nonexistent/native provide-clock=false")
            let said = Said()
            said.watch(player)
            player.load(uri: clips.audioVideo.fileURI)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { said.loops.value.count >= 2 || player.phase.isFailed }, timeoutSeconds: 6),
                          "phase \(player.phase), loops \(said.loops.value.count)")
            XCTAssertEqual(player.phase, .ready, "errors: \(said.errors.value)")
            XCTAssertEqual(said.sound.value.first, false)
        }
    }
}
