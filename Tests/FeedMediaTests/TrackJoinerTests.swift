import FeedCore
@testable import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// Split audio (a video-only file beside an audio-only one, as PeerTube 6.2 serves them) joined
/// into one MP4 without re-encoding: it has both streams, and a player's audio sink receives its
/// samples while the picture loops, where the video-only file alone gives the sink nothing.
final class TrackJoinerTests: XCTestCase, @unchecked Sendable {
    private var clips: TestClips!

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { GStreamer.initialize() }
        clips = try TestClips.get()
    }

    private func temporary(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("join-\(UUID().uuidString)-\(name)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A sine tone alone in an MP4 (the audio-only rendition), as long as the test clips.
    private func soundOnly() throws -> URL {
        let url = temporary("sound.mp4")
        let aac = GStreamer.hasElement("avenc_aac") ? "avenc_aac" : "voaacenc"
        try TestClips.launch("audiotestsrc wave=sine num-buffers=48 samplesperbuffer=1000 ! audio/x-raw,rate=48000,channels=2 "
                             + "! audioconvert ! \(aac) ! mp4mux ! filesink location=\(url.path)")
        return url
    }

    /// Bytes of sound the player's sink took while `file` played and looped twice.
    private func soundWhilePlaying(_ file: URL) throws -> Int {
        let raw = temporary("sink.raw")
        let runtime = MediaRuntime(audioSinkDescription: nil)
        try onMain {
            let log = FrameLog()
            let player = try LoopingPlayer(receiver: log, runtime: runtime,
                                           audioSinkDescription: "audioconvert ! audio/x-raw,format=S16LE ! filesink sync=true location=\(raw.path)")
            player.load(uri: file.fileURI)
            player.play()
            func wraps() -> Int {
                let pts = log.played.compactMap(\.pts)
                return zip(pts, pts.dropFirst()).filter { $1 < $0 }.count
            }
            XCTAssertTrue(MainLoop.run(until: { wraps() >= 2 }, timeoutSeconds: 10), "the clip did not loop")
            player.unload()
            _ = runtime.shutDown()
        }
        let bytes = (try? Data(contentsOf: raw)) ?? Data()
        // Silence is zeros: count the samples that carry the tone.
        return bytes.withUnsafeBytes { $0.bindMemory(to: Int16.self).filter { abs(Int32($0)) > 1000 }.count }
    }

    func testThePipelineNamesItsFilesAndNeverSplicesThem() {
        let text = TrackJoiner.pipeline(video: URL(fileURLWithPath: "/tmp/a \"b\".mp4"), audio: URL(fileURLWithPath: "/tmp/c.mp4"),
                                        output: URL(fileURLWithPath: "/tmp/out.mp4"))
        XCTAssertFalse(text.description.contains("/tmp"), text.description)
        XCTAssertEqual(text.locations, ["picture": "/tmp/a \"b\".mp4", "sound": "/tmp/c.mp4", "out": "/tmp/out.mp4"])
    }

    func testAJoinedVideoHasBothStreamsAndItsSoundReachesTheSinkWhileItLoops() throws {
        let sound = try soundOnly()
        let joined = temporary("joined.mp4")
        let result = TrackJoiner().join(video: clips.portrait, audio: sound, into: joined)
        XCTAssertNoThrow(try result.get())
        let probe = try ClipProbe.probe(joined)
        XCTAssertTrue(probe.hasAudio)
        XCTAssertEqual(probe.size, PixelSize(width: 320, height: 568))
        XCTAssertGreaterThan(try soundWhilePlaying(joined), 48_000, "the sink got less than half a second of the tone")
        XCTAssertEqual(try soundWhilePlaying(clips.portrait), 0, "the picture alone is silent")
    }

    func testAFileThatIsNoVideoFailsInPlainWords() throws {
        let sound = try soundOnly()
        let result = TrackJoiner().join(video: clips.corrupt, audio: sound, into: temporary("joined.mp4"))
        guard case .failure(let error) = result else { return XCTFail("joined a corrupt file") }
        XCTAssertEqual(error.kind, .corrupt)
    }
}
