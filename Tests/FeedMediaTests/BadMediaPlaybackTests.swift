import FeedCore
@testable import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// Files a player meets that are short, odd or not files at all (issue 13's bad media): each
/// ends ready or failed in bounded time, and the player's thread is never left waiting, so the
/// next clip still loads.
final class BadMediaPlaybackTests: XCTestCase, @unchecked Sendable {
    /// This test's players' runtime (their threads, their sound), silent.
    private let runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true")
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { GStreamer.initialize() }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-bad-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// `frames` of H.264 at 30 fps in an MP4.
    private func clip(_ name: String, frames: Int) throws -> URL {
        let url = file(name)
        try TestClips.launch("videotestsrc num-buffers=\(frames) pattern=ball ! video/x-raw,format=I420,width=160,height=284,framerate=30/1 "
            + "! x264enc speed-preset=ultrafast key-int-max=30 ! video/x-h264,profile=main ! h264parse ! mp4mux "
            + "! filesink location=\(url.path)")
        return url
    }

    @MainActor
    private func makePlayer(_ log: FrameLog = FrameLog()) throws -> LoopingPlayer {
        let player = try LoopingPlayer(receiver: log, runtime: runtime)
        player.loadTimeoutMilliseconds = 4_000
        return player
    }

    @MainActor
    private func settle(_ player: LoopingPlayer, _ url: URL, within seconds: Double = 5) -> LoopingPlayer.Phase {
        player.load(uri: url.absoluteString)
        XCTAssertTrue(MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: seconds),
                      "\(url.lastPathComponent) still loading after \(seconds) s")
        return player.phase
    }

    /// A clip that fits in playbin's queues (10 frames) is read to its end while it sits paused
    /// as a neighbour page. Its end (SEGMENT_DONE) came while paused, and the non-flushing seek
    /// that arms the next pass then waited on the demuxer, which waited for room in queues that
    /// only playing empties; the play command, queued behind the seek on the same thread, never
    /// ran. The player's next load was never even begun: its page stayed on the spinner for good.
    func testAShortClipLeftPausedNeitherHoldsThePlayerNorStopsLooping() throws {
        let short = try clip("ten-frames.mp4", frames: 10)
        let other = try clip("other.mp4", frames: 30)
        try onMain {
            let player = try makePlayer()
            XCTAssertEqual(settle(player, other), .ready)
            XCTAssertEqual(settle(player, short), .ready)
            spin(seconds: 1) // paused: its pass ends in the queues
            XCTAssertEqual(settle(player, other, within: 3), .ready, "the player's thread was held by the short clip")

            XCTAssertEqual(settle(player, short), .ready)
            spin(seconds: 1)
            let loops = Locked(0)
            player.onLoop = { _ in loops.mutate { $0 += 1 } }
            player.play()
            XCTAssertTrue(MainLoop.run(until: { loops.value >= 3 }, timeoutSeconds: 4),
                          "a short clip played after sitting paused must loop; \(loops.value) loops")
        }
    }

    /// What is not a regular, non-empty, readable file is refused before a pipeline sees it:
    /// filesrc's open of a FIFO waits for a writer, with the player's thread.
    func testPipesDevicesFoldersAndEmptyFilesFailAtOnce() throws {
        XCTAssertEqual(mkfifo(file("pipe.mp4").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: file("zero.mp4").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(at: file("folder.mp4"), withIntermediateDirectories: false)
        try Data().write(to: file("empty.mp4"))
        let good = try clip("good.mp4", frames: 15)
        try onMain {
            let player = try makePlayer()
            let expected: [(String, MediaError.Kind)] = [("pipe.mp4", .unreadable), ("zero.mp4", .unreadable),
                                                         ("folder.mp4", .unreadable), ("empty.mp4", .corrupt),
                                                         ("missing.mp4", .notFound)]
            for (name, kind) in expected {
                let started = Date()
                XCTAssertEqual(settle(player, file(name), within: 2).error?.kind, kind, name)
                XCTAssertLessThan(Date().timeIntervalSince(started), 1, "\(name) took the load timeout, not a check")
            }
            XCTAssertEqual(settle(player, good), .ready, "the player still loads a video after them")
        }
    }

    /// A WebM cut after its headers has a video stream and no frame: it prerolled on EOS, its
    /// loop's segment then ended without one, and nothing but the load timeout ended the wait.
    /// Found by ClipFuzzTests (4 runs of 40 took the 4.5 s timeout).
    func testAVideoStreamWithoutAFrameFailsAtOnce() throws {
        let whole = file("whole.webm")
        try TestClips.launch("videotestsrc num-buffers=15 ! video/x-raw,format=I420,width=128,height=224,framerate=30/1 "
            + "! vp8enc deadline=1 ! webmmux ! filesink location=\(whole.path)")
        let bytes = try Data(contentsOf: whole)
        let cluster = try XCTUnwrap(bytes.range(of: Data([0x1F, 0x43, 0xB6, 0x75])), "no Cluster in the WebM")
        try bytes.prefix(upTo: cluster.lowerBound).write(to: file("headers-only.webm"))
        try onMain {
            let player = try makePlayer()
            let started = Date()
            XCTAssertEqual(settle(player, file("headers-only.webm")).error?.kind, .corrupt)
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, "it waited for the load timeout")
        }
    }

    /// An Ogg whose page with the key frame is damaged (its checksum fails, so it is dropped):
    /// the frames after it cannot be decoded, the loop's first pass ended with no frame to
    /// preroll, and the page sat on its spinner until the load timeout (the clip fuzzer: 26
    /// runs of 300).
    func testAClipWhoseFramesCannotBeDecodedFailsAsDamaged() throws {
        let whole = file("whole.ogv")
        try TestClips.launch("videotestsrc num-buffers=20 pattern=ball ! video/x-raw,format=I420,width=128,height=224,framerate=30/1 "
            + "! theoraenc keyframe-auto=false keyframe-force=100 ! oggmux ! filesink location=\(whole.path)")
        var bytes = [UInt8](try Data(contentsOf: whole))
        var pages: [Int] = []
        for index in 0..<(bytes.count - 4) where bytes[index..<(index + 4)].elementsEqual("OggS".utf8) { pages.append(index) }
        XCTAssertGreaterThan(pages.count, 3, "headers on two pages, then the frames")
        // The middle of the first page of frames (pages 0 and 1 are Theora's headers).
        let start = pages[2] + 64, end = min(pages[3], pages[2] + 600)
        for index in start..<end { bytes[index] = 0 }
        try Data(bytes).write(to: file("keyframe-lost.ogv"))
        try onMain {
            let player = try makePlayer()
            // The load timeout would fail it as .other ("didn’t load"): .corrupt says the empty
            // pass was seen for what it is.
            XCTAssertEqual(settle(player, file("keyframe-lost.ogv")).error?.kind, .corrupt)
        }
    }

    /// An HTML page named .mp4 is "damaged or not a video", not "a plugin is missing" (there is
    /// no decoder for HTML to install); a video whose codec nobody decodes is the missing plugin.
    func testAPageNamedMP4IsNotAMissingPlugin() throws {
        try Data("<!doctype html><html><body><p>not a video</p></body></html>\n".utf8).write(to: file("page.mp4"))
        var unknown = try Data(contentsOf: try clip("unknown.mp4", frames: 15))
        let codec = try XCTUnwrap(unknown.range(of: Data("avc1".utf8)))
        unknown.replaceSubrange(codec, with: Data("lfq9".utf8))
        try unknown.write(to: file("unknown.mp4"))
        try onMain {
            let player = try makePlayer()
            XCTAssertEqual(settle(player, file("page.mp4")).error?.kind, .corrupt)
            XCTAssertEqual(settle(player, file("unknown.mp4")).error?.kind, .missingPlugin)
        }
        XCTAssertTrue(MediaError.missingTypeIsNotMedia("...\nMissing decoder: text/html (text/html)\n"))
        XCTAssertFalse(MediaError.missingTypeIsNotMedia("Missing decoder: video/x-gst-fourcc-lfq9 (video/x-gst-fourcc-lfq9, width=(int)1)"))
    }
}
