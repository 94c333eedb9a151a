import CGLib
import FeedCore
@testable import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// LoopingPlayer against real clips, with no display: frames go to a FrameLog, audio to a
/// clocked fakesink. The GLib main loop is driven by MainLoop.run on the test's main thread.
final class LoopingPlayerTests: XCTestCase, @unchecked Sendable {
    /// This test's players' runtime (their threads, their sound), silent.
    private let runtime = MediaRuntime(audioSinkDescription: "fakesink sync=true")
    private var clips: TestClips!

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { GStreamer.initialize() }
        clips = try TestClips.get()
    }

    @MainActor
    private func makePlayer(_ log: FrameLog) throws -> LoopingPlayer {
        let player = try LoopingPlayer(receiver: log, runtime: runtime)
        player.loadTimeoutMilliseconds = 2_500
        return player
    }

    /// Loads and waits until ready or failed.
    @MainActor @discardableResult
    private func load(_ player: LoopingPlayer, _ url: URL, timeout: Double = 5) -> LoopingPlayer.Phase {
        player.load(uri: url.fileURI)
        let settled = MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: timeout)
        XCTAssertTrue(settled, "\(url.lastPathComponent) still loading after \(timeout) s")
        return player.phase
    }

    /// The playbin's address, for checking it is the same object across loads.
    @MainActor
    private func playbin(of player: LoopingPlayer) -> UnsafeMutableRawPointer? {
        guard let object = player.pipelineReference.strong() else { return nil }
        g_object_unref(object)
        return object
    }

    // MARK: - Loading and sizing

    func testLoadPrerollsTheFirstFrameAndReportsTheDisplaySize() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            XCTAssertEqual(player.phase, .empty)
            let readySizes = Locked<[PixelSize?]>([])
            player.onReady = { size in readySizes.mutate { $0.append(size) } }
            player.load(uri: clips.portrait.fileURI)
            XCTAssertEqual(player.phase, .loading)
            XCTAssertEqual(player.uri, clips.portrait.fileURI)
            XCTAssertTrue(MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 5))
            XCTAssertEqual(player.phase, .ready)
            XCTAssertEqual(readySizes.value, [PixelSize(width: 320, height: 568)])
            XCTAssertEqual(player.displaySize, PixelSize(width: 320, height: 568))

            let frames = log.entries
            XCTAssertFalse(frames.isEmpty, "no preroll frame before play()")
            XCTAssertTrue(frames.allSatisfy(\.isPreroll), "frames were played without play()")
            XCTAssertEqual(frames.last?.pts, 0)
            XCTAssertEqual(frames.last?.width, 320, "no viewport: frames keep the clip's size")
            XCTAssertEqual(frames.last?.height, 568)
            XCTAssertEqual(Double(player.duration ?? 0) / 1e9, 1.0, accuracy: 0.05)

            spin(seconds: 0.2)
            XCTAssertEqual(log.playedCount, 0, "a ready player must stay paused until play()")
            XCTAssertEqual(readySizes.value.count, 1, "onReady must fire once")
        }
    }

    func testPortraitFramesCoverTheViewport() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            player.viewport = PixelSize(width: 160, height: 284)
            XCTAssertEqual(load(player, clips.portrait), .ready)
            XCTAssertEqual(player.displaySize, PixelSize(width: 320, height: 568), "display size is the clip's, not the scaled one")
            let preroll = try XCTUnwrap(log.entries.last)
            XCTAssertEqual([preroll.width, preroll.height], [160, 284])
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= 5 }, timeoutSeconds: 3))
            let sizes = Set(log.entries.map { [$0.width, $0.height] })
            XCTAssertEqual(sizes, [[160, 284]], "every frame, preroll included, must be scaled once to the viewport")
        }
    }

    func testLandscapeFramesFitTheViewportWithEvenSides() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            player.viewport = PixelSize(width: 200, height: 400)
            XCTAssertEqual(load(player, clips.landscape), .ready)
            XCTAssertEqual(player.displaySize, PixelSize(width: 640, height: 360))
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= 3 }, timeoutSeconds: 3))
            XCTAssertEqual(Set(log.entries.map { [$0.width, $0.height] }), [[200, 112]])
        }
    }

    func testViewportChangeWhilePlayingRescalesFrames() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            player.viewport = PixelSize(width: 160, height: 284)
            XCTAssertEqual(load(player, clips.portrait), .ready)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= 3 }, timeoutSeconds: 3))
            player.viewport = PixelSize(width: 80, height: 142)
            XCTAssertEqual(player.viewport, PixelSize(width: 80, height: 142))
            XCTAssertTrue(MainLoop.run(until: { log.played.last.map { [$0.width, $0.height] } == [80, 142] }, timeoutSeconds: 3),
                          "frames never switched to the new viewport; last: \(String(describing: log.played.last))")
        }
    }

    /// A slot reused for another post right after a rewind: the rewind's ASYNC_DONE, still on
    /// the bus, must not be read as the new clip's preroll (it found no video stream yet and
    /// failed a good clip with "This file has no video").
    func testLoadingRightAfterARewindIgnoresTheOldClipsMessages() throws {
        try onMain {
            for round in 0..<10 {
                let log = FrameLog()
                let player = try makePlayer(log)
                player.viewport = PixelSize(width: 90, height: 160)
                XCTAssertEqual(load(player, clips.portrait), .ready)
                player.play()
                XCTAssertTrue(MainLoop.run(until: { log.playedCount >= 2 }, timeoutSeconds: 3))
                player.rewind()
                // No main-loop turn in between: the rewind's messages are still queued.
                player.load(uri: clips.landscape.fileURI)
                XCTAssertTrue(MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 5))
                XCTAssertEqual(player.phase, .ready, "round \(round)")
            }
        }
    }

    /// A window resized while a video plays: 40 new sizes, each reached, and no error (with
    /// videoscale ! videoconvert ! capsfilter, 1 in ~20 ended the stream not-negotiated).
    func testManyViewportChangesWhilePlayingNeverStall() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            player.viewport = PixelSize(width: 160, height: 284)
            XCTAssertEqual(load(player, clips.portrait), .ready)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= 3 }, timeoutSeconds: 3))
            for round in 0..<40 {
                let size = round % 2 == 0 ? PixelSize(width: 80, height: 142) : PixelSize(width: 160, height: 284)
                player.viewport = size
                let ok = MainLoop.run(until: { log.played.last.map { [$0.width, $0.height] } == [size.width, size.height] },
                                      timeoutSeconds: 3)
                XCTAssertTrue(ok, "round \(round): frames never switched to \(size); last: \(String(describing: log.played.last))")
                if !ok { break }
            }
            XCTAssertEqual(player.phase, .ready, "a resize while playing must never be an error")
        }
    }

    // MARK: - Looping

    @MainActor
    private func assertLoops(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let log = FrameLog()
        let player = try makePlayer(log)
        let loops = Locked<[[Int64]]>([])
        player.onLoop = { pass in loops.mutate { $0.append([pass.seamUs, pass.intervalUs]) } }
        player.load(uri: url.fileURI)
        player.play() // before ready: it starts playing once ready
        XCTAssertTrue(player.wantsPlaying)
        XCTAssertTrue(MainLoop.run(until: { loops.value.count >= 2 }, timeoutSeconds: 4.5),
                      "fewer than 2 loops of a 1 s clip; phase \(player.phase), loops \(loops.value)", file: file, line: line)
        XCTAssertEqual(player.phase, .ready, file: file, line: line)
        print("\(url.lastPathComponent): loops (seam µs, interval µs) = \(loops.value)")
        for loop in loops.value {
            XCTAssertLessThan(loop[0], 100_000, "seam too long: \(loop)", file: file, line: line)
            XCTAssertGreaterThanOrEqual(loop[0], 0, file: file, line: line)
        }
        // The PTS goes back to the start at each pass. onLoop is posted from the streaming thread
        // just before the wrapping frame reaches the receiver: give that frame a moment to land.
        func wraps() -> Int {
            let pts = log.played.compactMap(\.pts)
            return zip(pts, pts.dropFirst()).filter { $1 < $0 }.count
        }
        _ = MainLoop.run(until: { wraps() >= 2 }, timeoutSeconds: 0.5)
        XCTAssertGreaterThanOrEqual(wraps(), 2, "PTS never wrapped: \(log.played.compactMap(\.pts))", file: file, line: line)
        // Frames keep coming: no freeze anywhere, not only at the seam (the known failure is a
        // 0.4-1.8 s freeze; the bound leaves room for a busy 2-core CI machine).
        let arrivals = log.played.map(\.arrivalUs)
        let worstGap = zip(arrivals, arrivals.dropFirst()).map { $1 - $0 }.max() ?? 0
        print("\(url.lastPathComponent): worst frame gap \(worstGap) µs over \(arrivals.count) frames")
        XCTAssertLessThan(worstGap, 300_000, "a frame gap of \(worstGap) µs", file: file, line: line)
        XCTAssertGreaterThanOrEqual(log.playedCount, 55, file: file, line: line)
    }

    func testVideoOnlyClipLoopsSeamlessly() throws {
        try onMain {
            try assertLoops(clips.portrait)
        }
    }

    func testAudioVideoClipLoopsSeamlessly() throws {
        try onMain {
            try assertLoops(clips.audioVideo)
        }
    }

    func testATrimmedLoopPlaysOnlyItsRangeAndWraps() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            player.setLoop(start: 0.3, stop: 0.7)
            XCTAssertEqual(load(player, clips.portrait), .ready)
            player.setLoop(start: 0.3, stop: 0.7)
            let mark = log.count
            player.play()
            func wraps() -> Int {
                let pts = log.entries.dropFirst(mark).filter { !$0.isPreroll }.compactMap(\.pts)
                return zip(pts, pts.dropFirst()).filter { $1 < $0 }.count
            }
            XCTAssertTrue(MainLoop.run(until: { wraps() >= 2 }, timeoutSeconds: 4), "the 0.4 s range did not loop twice")
            let played = log.entries.dropFirst(mark).filter { !$0.isPreroll }.compactMap(\.pts)
            XCTAssertGreaterThanOrEqual(played.min() ?? 0, 266_000_000, "a frame before the trim start: \(played)")
            XCTAssertLessThan(played.max() ?? .max, 700_000_000, "a frame past the trim end: \(played)")
            XCTAssertEqual(player.phase, .ready, "a trimmed loop is not an incomplete file")
        }
    }

    // MARK: - Transport

    func testPauseStopsFramesAndPlayResumes() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            XCTAssertEqual(load(player, clips.portrait), .ready)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= 5 }, timeoutSeconds: 3))
            player.pause()
            XCTAssertFalse(player.wantsPlaying)
            spin(seconds: 0.1) // a frame already in flight may still land
            let paused = log.playedCount
            spin(seconds: 0.4)
            XCTAssertEqual(log.playedCount, paused, "frames kept coming while paused")
            XCTAssertEqual(player.phase, .ready)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= paused + 3 }, timeoutSeconds: 3), "play() did not resume")
        }
    }

    func testRewindGoesBackToTheFirstFrame() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            XCTAssertEqual(load(player, clips.portrait), .ready)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { (log.played.last?.pts ?? 0) >= 300_000_000 }, timeoutSeconds: 3))
            let mark = log.count
            player.rewind()
            XCTAssertFalse(player.wantsPlaying)
            XCTAssertTrue(MainLoop.run(until: {
                log.entries.dropFirst(mark).contains { $0.isPreroll && $0.pts == 0 }
            }, timeoutSeconds: 3), "no first frame after rewind: \(log.entries.dropFirst(mark).map { ($0.pts, $0.isPreroll) })")
            spin(seconds: 0.2)
            let after = Array(log.entries.dropFirst(mark))
            let firstFrameIndex = after.firstIndex { $0.isPreroll && $0.pts == 0 }!
            XCTAssertFalse(after[(firstFrameIndex + 1)...].contains { !$0.isPreroll }, "rewind must leave it paused")
            XCTAssertLessThan(Double(player.position ?? .max) / 1e9, 0.05)

            let resumeMark = log.count
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.entries.dropFirst(resumeMark).contains { !$0.isPreroll } }, timeoutSeconds: 3))
            let firstPlayed = log.entries.dropFirst(resumeMark).first { !$0.isPreroll }
            XCTAssertLessThan(firstPlayed?.pts ?? .max, 100_000_000, "playback after rewind must start at the beginning")
        }
    }

    /// Issue 21: the progress bar seeks. Playing, the frames go on from the point asked for,
    /// the pass it lands in is not told as a loop, and the loop after it is as seamless as ever.
    func testASeekPlaysOnFromThePointAndTheLoopStaysSeamless() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            let loops = Locked<[LoopPass]>([])
            player.onLoop = { pass in loops.mutate { $0.append(pass) } }
            XCTAssertEqual(load(player, clips.audioVideo), .ready)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { (log.played.last?.pts ?? 0) >= 100_000_000 }, timeoutSeconds: 3))
            let mark = log.count, loopsBefore = loops.value.count
            player.seek(toNanoseconds: 700_000_000)
            XCTAssertTrue(MainLoop.run(until: {
                log.entries.dropFirst(mark).contains { ($0.pts ?? 0) >= 690_000_000 && ($0.pts ?? 0) < 800_000_000 }
            }, timeoutSeconds: 3), "no frame at 0.7 s after the seek: \(log.entries.dropFirst(mark).map(\.pts))")
            XCTAssertTrue(MainLoop.run(until: { loops.value.count >= loopsBefore + 2 }, timeoutSeconds: 4),
                          "the loop did not come round twice after the seek: \(loops.value)")
            let after = Array(loops.value.dropFirst(loopsBefore))
            print("after the seek: loops (seam µs, frames) = \(after.map { ($0.seamUs, $0.framesDecoded) })")
            for pass in after {
                XCTAssertLessThan(pass.seamUs, 100_000, "a seam after the seek: \(pass)")
                XCTAssertGreaterThanOrEqual(pass.framesDecoded, 25, "a pass told as a loop was not whole: \(pass)")
            }
            let arrivals = log.entries.dropFirst(mark).filter { !$0.isPreroll }.map(\.arrivalUs)
            let worstGap = zip(arrivals, arrivals.dropFirst()).map { $1 - $0 }.max() ?? 0
            XCTAssertLessThan(worstGap, 300_000, "frames stood still \(worstGap) µs after the seek")
            XCTAssertEqual(player.phase, .ready)
        }
    }

    /// Paused, a seek shows the frame it landed on and stays paused.
    func testASeekWhilePausedShowsThatFrameAndStaysPaused() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            XCTAssertEqual(load(player, clips.portrait), .ready)
            let mark = log.count
            player.seek(toNanoseconds: 500_000_000)
            XCTAssertTrue(MainLoop.run(until: {
                log.entries.dropFirst(mark).contains { $0.isPreroll && ($0.pts ?? 0) >= 466_000_000 }
            }, timeoutSeconds: 3), "no frame at 0.5 s: \(log.entries.dropFirst(mark).map { ($0.pts, $0.isPreroll) })")
            spin(seconds: 0.3)
            XCTAssertFalse(log.entries.dropFirst(mark).contains { !$0.isPreroll }, "a seek while paused played")
            XCTAssertGreaterThanOrEqual(player.position ?? 0, 466_000_000)
        }
    }

    /// A player knows whether its clip has a sound track once it is ready (issue 21: a video
    /// without sound was credited one).
    func testAPlayerKnowsWhetherTheClipHasSound() throws {
        try onMain {
            let player = try makePlayer(FrameLog())
            XCTAssertNil(player.hasAudio)
            XCTAssertEqual(load(player, clips.audioVideo), .ready)
            XCTAssertEqual(player.hasAudio, true)
            player.load(uri: clips.portrait.fileURI)
            XCTAssertNil(player.hasAudio, "not the last clip's")
            _ = MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 5)
            XCTAssertEqual(player.hasAudio, false)
        }
    }

    func testReusingThePlayerForASecondClipKeepsThePipelineAndDropsOldFrames() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            let pipeline = try XCTUnwrap(playbin(of: player))
            XCTAssertEqual(load(player, clips.portrait), .ready)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= 3 }, timeoutSeconds: 3))
            let firstGeneration = log.generation

            let readySizes = Locked<[PixelSize?]>([])
            player.onReady = { size in readySizes.mutate { $0.append(size) } }
            player.load(uri: clips.landscape.fileURI)
            XCTAssertEqual(log.generation, firstGeneration + 1, "load must reset the receiver")
            XCTAssertFalse(player.wantsPlaying, "a new clip starts paused")
            XCTAssertNil(player.displaySize)
            XCTAssertTrue(MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 5))
            XCTAssertEqual(player.phase, .ready)
            XCTAssertEqual(readySizes.value, [PixelSize(width: 640, height: 360)])
            player.play()
            XCTAssertTrue(MainLoop.run(until: {
                log.played.filter { $0.generation == firstGeneration + 1 }.count >= 5
            }, timeoutSeconds: 3))
            XCTAssertEqual(playbin(of: player), pipeline, "load must reuse the playbin")

            let old = log.entries.filter { $0.generation == firstGeneration }
            let new = log.entries.filter { $0.generation == firstGeneration + 1 }
            XCTAssertEqual(Set(old.map { [$0.width, $0.height] }), [[320, 568]])
            XCTAssertEqual(Set(new.map { [$0.width, $0.height] }), [[640, 360]],
                           "a frame of the previous clip arrived after reset()")

            // Reloading the same URI keeps the loaded clip (no reset).
            player.load(uri: clips.landscape.fileURI)
            XCTAssertEqual(log.generation, firstGeneration + 1)
            XCTAssertEqual(player.phase, .ready)
        }
    }

    func testUnloadEmptiesThePlayerAndItCanLoadAgain() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            XCTAssertEqual(load(player, clips.portrait), .ready)
            let generation = log.generation
            player.unload()
            XCTAssertEqual(player.phase, .empty)
            XCTAssertNil(player.uri)
            XCTAssertEqual(log.generation, generation + 1)
            let mark = log.count
            spin(seconds: 0.1)
            XCTAssertEqual(log.count, mark)
            XCTAssertEqual(load(player, clips.portrait), .ready, "the same URI must load again after unload")
        }
    }

    func testDroppingThePlayerFreesThePipelineAndTheReceiver() throws {
        try onMain {
            let receiverDeinits = Locked(0)
            var log: FrameLog? = FrameLog(deinitCounter: receiverDeinits)
            var player: LoopingPlayer? = try makePlayer(log!)
            let weakPipeline = player!.pipelineReference
            XCTAssertEqual(load(player!, clips.audioVideo), .ready)
            player!.play()
            XCTAssertTrue(MainLoop.run(until: { log!.playedCount >= 3 }, timeoutSeconds: 3))
            player = nil
            log = nil
            // The player thread takes the pipeline down after the window has let go.
            _ = MainLoop.run(until: { !weakPipeline.isAlive && receiverDeinits.value == 1 }, timeoutSeconds: 3)
            XCTAssertFalse(weakPipeline.isAlive, "the playbin leaked")
            XCTAssertEqual(receiverDeinits.value, 1, "the receiver leaked (held by the appsink callback)")
        }
    }

    // MARK: - Errors

    /// Loads `url` in a fresh player and returns the error, checking it is reported once.
    @MainActor
    private func loadError(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> MediaError? {
        let log = FrameLog()
        let player = try makePlayer(log)
        let errors = Locked<[MediaError]>([])
        player.onError = { error in errors.mutate { $0.append(error) } }
        let phase = load(player, url)
        spin(seconds: 0.1) // let any further bus messages arrive
        print("\(url.lastPathComponent): phase \(phase), errors \(errors.value)")
        guard let error = phase.error else {
            XCTFail("\(url.lastPathComponent) did not fail; phase \(phase)", file: file, line: line)
            return nil
        }
        XCTAssertEqual(errors.value, [error], "onError must fire exactly once", file: file, line: line)
        XCTAssertFalse(error.message.isEmpty, file: file, line: line)
        XCTAssertEqual(log.playedCount, 0, file: file, line: line)
        return error
    }

    func testMissingFileIsNotFound() throws {
        try onMain {
            XCTAssertEqual(try loadError(clips.missing)?.kind, .notFound)
        }
    }

    func testRandomBytesAreCorrupt() throws {
        try onMain {
            XCTAssertEqual(try loadError(clips.corrupt)?.kind, .corrupt)
        }
    }

    func testTruncatedMP4IsCorrupt() throws {
        try onMain {
            // The moov atom is written last: half a file has no index at all. qtdemux's error can
            // be dropped by decodebin (a race with its state change); the load timeout catches that.
            let error = try loadError(clips.truncated)
            XCTAssertTrue(error?.kind == .corrupt || (error?.kind == .other && error?.detail.contains("no first frame") == true),
                          "\(String(describing: error))")
        }
    }

    func testTruncatedFaststartMP4FailsAtTheFirstWrap() throws {
        try onMain {
            // The index is at the front: the clip plays part-way and wraps like a whole one.
            let log = FrameLog()
            let player = try makePlayer(log)
            let loops = Locked(0)
            let errors = Locked<[MediaError]>([])
            player.onLoop = { _ in loops.mutate { $0 += 1 } }
            player.onError = { error in errors.mutate { $0.append(error) } }
            XCTAssertEqual(load(player, clips.truncatedFaststart), .ready)
            XCTAssertGreaterThan(Double(player.duration ?? 0) / 1e9, 2.9)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { player.phase.isFailed }, timeoutSeconds: 6),
                          "a clip that stops at ~1.2 s of 3 s must fail at its second wrap; phase \(player.phase)")
            print("truncated-faststart.mp4: \(player.phase)")
            XCTAssertEqual(player.phase.error?.kind, .corrupt)
            XCTAssertEqual(errors.value.count, 1)
            XCTAssertEqual(loops.value, 0, "an early wrap is never reported as a loop")
        }
    }

    func testAClipThatNeverPrerollsTimesOut() throws {
        try onMain {
            // A live source never prerolls: nothing but the load timeout ends the wait.
            let log = FrameLog()
            let player = try makePlayer(log)
            player.loadTimeoutMilliseconds = 300
            let start = Date()
            player.load(uri: "udp://127.0.0.1:\(Int.random(in: 40_000...49_000))")
            XCTAssertTrue(MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 3))
            XCTAssertEqual(player.phase.error?.kind, .other)
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.29)
            // A clip loaded while an earlier load's timer is pending is not failed by it.
            player.loadTimeoutMilliseconds = 600
            player.load(uri: "udp://127.0.0.1:\(Int.random(in: 40_000...49_000))")
            player.loadTimeoutMilliseconds = 2_500
            XCTAssertEqual(load(player, clips.portrait), .ready)
            spin(seconds: 0.7)
            XCTAssertEqual(player.phase, .ready)
        }
    }

    func testTextFileIsNotPlayable() throws {
        try onMain {
            let error = try loadError(clips.text)
            XCTAssertNotNil(error)
            XCTAssertNotEqual(error?.kind, .other, "a text file should be reported as a kind a person understands")
        }
    }

    func testAudioOnlyFileHasNoVideo() throws {
        try onMain {
            XCTAssertEqual(try loadError(clips.audioOnly)?.kind, .noVideo)
        }
    }

    func testPlayerKeepsWorkingAfterErrors() throws {
        try onMain {
            let log = FrameLog()
            let player = try makePlayer(log)
            for url in [clips.missing, clips.corrupt, clips.audioOnly, clips.truncated, clips.text] {
                XCTAssertTrue(load(player, url).isFailed, "\(url.lastPathComponent) should fail")
            }
            let readyCount = Locked(0)
            player.onReady = { _ in readyCount.mutate { $0 += 1 } }
            XCTAssertEqual(load(player, clips.portrait), .ready, "the player must recover after errors")
            XCTAssertEqual(readyCount.value, 1)
            player.play()
            XCTAssertTrue(MainLoop.run(until: { log.playedCount >= 3 }, timeoutSeconds: 3))
            XCTAssertEqual(Set(log.entries.filter { $0.generation == log.generation }.map { [$0.width, $0.height] }), [[320, 568]])
            spin(seconds: 0.1)
            XCTAssertEqual(player.phase, .ready, "a late error from a previous clip must not fail the new one")
        }
    }
}
