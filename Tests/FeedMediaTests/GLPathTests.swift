import FeedCore
@testable import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// The GL frame path's pipeline half, with a GL context of GStreamer's own (no GTK): frames leave
/// as GL textures at the clip's size, carry the stream's turn, and a clip GL cannot take makes
/// the player leave the GL path and play it from memory. Needs a display GL works on (Mesa's
/// llvmpipe under Xvfb does); skipped without one.
final class GLPathTests: XCTestCase, @unchecked Sendable {
    /// This test's players' runtime (their threads, their sound), silent.
    private let runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true")
    private var clips: TestClips!
    private var glClips: GLTestClips!
    private var context: GLVideoContext!

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { GStreamer.initialize() }
        clips = try TestClips.get()
        glClips = try GLTestClips.get()
        do {
            context = try GLTestClips.context.get()
        } catch {
            throw XCTSkip("no GL for GStreamer here: \(error)")
        }
    }

    @MainActor
    private func makePlayer(_ log: FrameLog, fellBack: @escaping @MainActor @Sendable (String) -> Void = { reason in
        XCTFail("left the GL path: \(reason)")
    }) throws -> LoopingPlayer {
        let player = try LoopingPlayer(receiver: log, runtime: runtime,
                                       video: .gl(context, fellBack: fellBack))
        player.loadTimeoutMilliseconds = 5_000
        return player
    }

    @MainActor
    private func load(_ player: LoopingPlayer, _ url: URL) -> LoopingPlayer.Phase {
        player.load(uri: url.fileURI)
        XCTAssertTrue(MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 8), "\(url.lastPathComponent) still loading")
        return player.phase
    }

    func testFramesLeaveAsGLTexturesAtTheClipsOwnSize() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            // GTK scales GL frames while drawing: the viewport changes nothing in GStreamer.
            player.viewport = PixelSize(width: 160, height: 284)
            XCTAssertEqual(load(player, clips.portrait), .ready)
            XCTAssertEqual(player.displaySize, PixelSize(width: 320, height: 568))
            let preroll = try XCTUnwrap(log.entries.last)
            XCTAssertTrue(preroll.isGL, "the preroll frame is not in GL memory")
            XCTAssertEqual([preroll.width, preroll.height], [320, 568])
            XCTAssertEqual(preroll.orientation, .identity)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= 5 }, timeoutSeconds: 5))
            XCTAssertTrue(log.played.allSatisfy(\.isGL))
            XCTAssertEqual(Set(log.entries.map { [$0.width, $0.height] }), [[320, 568]])
        }
    }

    func testARotatedClipsFramesCarryTheTurnAndItsDisplaySizeIsTurned() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            XCTAssertEqual(load(player, glClips.rotated), .ready)
            XCTAssertEqual(player.displaySize, PixelSize(width: 320, height: 568), "568x320 tagged rotate-90 shows portrait")
            let frame = try XCTUnwrap(log.entries.last)
            XCTAssertTrue(frame.isGL)
            XCTAssertEqual([frame.width, frame.height], [568, 320], "GL frames are turned while drawn, not in GStreamer")
            XCTAssertEqual(frame.orientation, .rotate90)

            // The memory path turns the same clip in GStreamer (videoflip) and says nothing more.
            let memoryLog = FrameLog()
            let memory = try LoopingPlayer(receiver: memoryLog, runtime: runtime)
            XCTAssertEqual(load(memory, glClips.rotated), .ready)
            XCTAssertEqual(memory.displaySize, PixelSize(width: 320, height: 568))
            let turned = try XCTUnwrap(memoryLog.entries.last)
            XCTAssertFalse(turned.isGL)
            XCTAssertEqual([turned.width, turned.height], [320, 568])
            XCTAssertEqual(turned.orientation, .identity)
        }
    }

    func testAClipGLCannotTakeIsPlayedFromMemoryAndTheWindowIsTold() throws {
        try onMain {
            let log = FrameLog()
            let reasons = Locked<[String]>([])
            let player = try makePlayer(log) { reason in reasons.mutate { $0.append(reason) } }
            XCTAssertEqual(load(player, glClips.tenBit), .ready, "the 10-bit clip must still play: \(reasons.value)")
            player.play()
            XCTAssertEqual(reasons.value.count, 1)
            XCTAssertTrue(reasons.value.first?.contains("not-negotiated") == true, "\(reasons.value)")
            XCTAssertTrue(reasons.value.first?.hasSuffix("this video plays from memory") == true, "\(reasons.value)")
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= 3 }, timeoutSeconds: 5), "the clip did not play after the fallback")
            XCTAssertFalse(log.played.contains(where: \.isGL))
            XCTAssertEqual(player.displaySize, PixelSize(width: 160, height: 284))
            // Only that clip: GL itself works, so the next clip takes the GL path again.
            XCTAssertEqual(load(player, clips.portrait), .ready)
            XCTAssertTrue(try XCTUnwrap(log.entries.last).isGL)
            XCTAssertEqual(reasons.value.count, 1)
        }
    }

    func testABrokenClipFailsWithoutLeavingTheGLPath() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            XCTAssertTrue(load(player, clips.corrupt).isFailed, "a corrupt file is the clip's failure, not GL's")
            XCTAssertEqual(load(player, clips.portrait), .ready)
            XCTAssertTrue(try XCTUnwrap(log.entries.last).isGL)
        }
    }

    func testTheSinkBinsAreDataAndGLFailuresAreToldFromTheClipsOwn() {
        XCTAssertEqual(VideoSinkGraph.gl.description,
                       "glupload name=lf-glupload ! glcolorconvert name=lf-glconvert "
                       + "! capsfilter name=lf-glformat caps=video/x-raw(memory:GLMemory),format=RGBA,texture-target=2D "
                       + "! appsink name=frames max-buffers=2 drop=true enable-last-sample=false qos=true")
        XCTAssertTrue(VideoSinkGraph.memory.description.hasPrefix("videoflip name=flip video-direction=auto ! videoconvertscale name=scale"))
        XCTAssertEqual(VideoSinkGraph.memory.sizeFilters.map(\.name), ["prescale", "size"])
        XCTAssertEqual(VideoSinkGraph.memory.sizeFilters.map(\.format), [nil, "BGRA"], "scaled in the clip's format, then converted")
        XCTAssertTrue(VideoSinkGraph.gl.sizeFilters.isEmpty, "GTK scales GL frames")
        XCTAssertTrue(VideoSinkGraph.gl.turnsWhenDrawing)
        XCTAssertFalse(VideoSinkGraph.memory.turnsWhenDrawing)
        XCTAssertTrue(VideoSinkGraph.isGLFailure(fromElement: "lf-glupload", debug: "Failed to initialize"))
        XCTAssertTrue(VideoSinkGraph.isGLFailure(fromElement: "qtdemux0",
                                                 debug: "streaming stopped, reason not-negotiated (-4)"))
        XCTAssertFalse(VideoSinkGraph.isGLFailure(fromElement: "qtdemux0", debug: "streaming stopped, reason error (-5)"))
        XCTAssertFalse(VideoSinkGraph.isGLFailure(fromElement: "filesrc0", debug: "No such file"))
        XCTAssertTrue(VideoSinkGraph.isGLBroken(fromElement: "lf-glconvert"), "GL itself: the player leaves GL for good")
        XCTAssertFalse(VideoSinkGraph.isGLBroken(fromElement: "qtdemux0"), "a format GL cannot take: only that clip")
    }
}

/// Clips only the GL tests need: a landscape clip whose track says "turn a quarter clockwise"
/// (the tkhd matrix phones write; mp4mux in 1.22 writes no orientation tag), and a 10-bit H.264
/// clip, whose I420_10LE frames GStreamer 1.22's glupload cannot take (videoflip and
/// videoconvertscale can).
struct GLTestClips: Sendable {
    let rotated: URL
    let tenBit: URL

    static let shared: Result<GLTestClips, Error> = Result { try GLTestClips.make() }
    static func get() throws -> GLTestClips { try shared.get() }
    /// One GL context for the whole test process, as the app has.
    static let context: Result<GLVideoContext, GStreamerError> = Result { () throws(GStreamerError) in
        try GLVideoContext.standalone()
    }

    private static func make() throws -> GLTestClips {
        let dir = try TestClips.get().directory
        let rotated = dir.appendingPathComponent("rotated.mp4")
        let tenBit = dir.appendingPathComponent("ten-bit.mp4")
        try runToEnd("videotestsrc num-buffers=30 pattern=smpte ! video/x-raw,format=I420,width=568,height=320,framerate=30/1 "
            + "! x264enc speed-preset=ultrafast key-int-max=30 ! video/x-h264,profile=main ! h264parse "
            + "! mp4mux faststart=true ! filesink location=\(rotated.path)")
        try MP4Rotation.turn(rotated, quarterTurnsClockwise: 1)
        try runToEnd("videotestsrc num-buffers=30 pattern=ball ! video/x-raw,format=I420_10LE,width=160,height=284,framerate=30/1 "
            + "! x264enc speed-preset=ultrafast key-int-max=30 ! h264parse ! mp4mux ! filesink location=\(tenBit.path)")
        return GLTestClips(rotated: rotated, tenBit: tenBit)
    }
}
