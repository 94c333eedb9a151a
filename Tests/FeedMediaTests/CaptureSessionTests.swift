import FeedCore
import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// Recording with the test sources (no camera here): one capture pipeline, a record branch
/// attached on press and finalised with EOS on release; files checked with gst-discoverer.
final class CaptureSessionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testPreviewIsLiveAndAHoldMakesAPlayableClip() throws {
        let folder = folder!
        // A name with quotes and a backslash: paths are properties, never pipeline text.
        let path = folder.appendingPathComponent(#"segment "one" \ it's.mp4"#)
        try onMain {
            let frames = FrameLog()
            let session = try CaptureSession(graph: CaptureGraph(device: .test), preview: PixelSize(width: 180, height: 320),
                                             receiver: frames, runtime: MediaRuntime())
            var live = false
            var finished: (URL, Double)?
            session.onLive = { live = true }
            session.onSegmentFinished = { finished = ($0, $1) }
            session.start()
            XCTAssertTrue(MainLoop.run(until: { live && frames.playedCount > 3 }, timeoutSeconds: 10))
            XCTAssertEqual(frames.entries.last?.width, 180)
            try session.startSegment(path: path)
            // Held for 60 frames of the 30 fps test camera: two seconds of its own clock.
            let held = frames.playedCount
            XCTAssertTrue(MainLoop.run(until: { frames.playedCount >= held + 60 }, timeoutSeconds: 6))
            session.finishSegment(discard: false)
            let releasedUs = SystemMonotonicClock().nowMicroseconds()
            XCTAssertTrue(MainLoop.run(until: { finished != nil }, timeoutSeconds: 5))
            let finalUs = SystemMonotonicClock().nowMicroseconds() - releasedUs
            XCTAssertLessThan(finalUs, 3_000_000, "final long before the timeout")
            XCTAssertEqual(finished?.1 ?? 0, 2.0, accuracy: 0.3)
            // The preview keeps running after the segment.
            let before = frames.playedCount
            XCTAssertTrue(MainLoop.run(until: { frames.playedCount > before + 5 }, timeoutSeconds: 3),
                          "the preview stopped after the segment")
            session.stop()
        }
        let info = try DiscoveredMedia.probe(path)
        XCTAssertTrue(info.hasH264)
        XCTAssertTrue(info.hasAAC)
        XCTAssertEqual(info.seconds, 2.0, accuracy: 0.4)
    }

    func testDiscardedHoldLeavesNoFile() throws {
        let path = folder!.appendingPathComponent("short.mp4")
        try onMain {
            let frames = FrameLog()
            let session = try CaptureSession(graph: CaptureGraph(device: .test), preview: PixelSize(width: 90, height: 160),
                                             receiver: frames, runtime: MediaRuntime())
            var live = false
            session.onLive = { live = true }
            session.start()
            XCTAssertTrue(MainLoop.run(until: { live }, timeoutSeconds: 10))
            var discarded = false
            var finished = false
            session.onSegmentDiscarded = { discarded = true }
            session.onSegmentFinished = { _, _ in finished = true }
            try session.startSegment(path: path)
            let tapped = frames.playedCount
            XCTAssertTrue(MainLoop.run(until: { frames.playedCount >= tapped + 9 }, timeoutSeconds: 3)) // a 0.3 s tap
            session.finishSegment(discard: true)
            session.finishSegment(discard: false) // a second release changes nothing
            // Until the tap's branch is gone a new segment is refused, not silently dropped.
            XCTAssertThrowsError(try session.startSegment(path: path.deletingLastPathComponent().appendingPathComponent("next.mp4")))
            XCTAssertTrue(MainLoop.run(until: { discarded }, timeoutSeconds: 5))
            XCTAssertFalse(session.isRecording)
            XCTAssertFalse(finished)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path.path))
            session.stop()
        }
    }

    func testStoppingMidSegmentFinishesTheFileFirst() throws {
        let path = folder!.appendingPathComponent("cut.mp4")
        try onMain {
            let frames = FrameLog()
            let session = try CaptureSession(graph: CaptureGraph(device: .test), preview: PixelSize(width: 90, height: 160),
                                             receiver: frames, runtime: MediaRuntime())
            var live = false
            var finished: Double?
            session.onLive = { live = true }
            session.onSegmentFinished = { _, seconds in finished = seconds }
            session.start()
            XCTAssertTrue(MainLoop.run(until: { live }, timeoutSeconds: 10))
            try session.startSegment(path: path)
            let held = frames.playedCount
            XCTAssertTrue(MainLoop.run(until: { frames.playedCount >= held + 45 }, timeoutSeconds: 5)) // 1.5 s of camera
            session.stop() // leaving the tab while recording
            XCTAssertTrue(MainLoop.run(until: { finished != nil }, timeoutSeconds: 5), "the segment was never finished")
            XCTAssertEqual(finished ?? 0, 1.5, accuracy: 0.4)
        }
        let info = try DiscoveredMedia.probe(path)
        XCTAssertTrue(info.hasH264 && info.hasAAC)
        XCTAssertEqual(info.seconds, 1.5, accuracy: 0.5)
    }

    func testUnwritableFolderIsATypedError() throws {
        try onMain {
            let session = try CaptureSession(graph: CaptureGraph(device: .test), preview: PixelSize(width: 90, height: 160),
                                             receiver: FrameLog(), runtime: MediaRuntime())
            XCTAssertThrowsError(try session.startSegment(path: URL(fileURLWithPath: "/nonexistent/folder/x.mp4"))) { error in
                XCTAssertEqual(error as? RecorderError, .notWritable(path: "/nonexistent/folder"))
            }
        }
    }

    /// A recording killed with SIGKILL mid-way still plays (the moov is reserved at the start
    /// and rewritten every second).
    func testKillNineMidRecordingLeavesAPlayableFile() throws {
        let path = folder.appendingPathComponent("killed.mp4")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        process.arguments = ["-q"] + CaptureGraph(device: .test).standaloneRecording(path: path.path)
            .split(separator: " ").map(String.init)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 3.5)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        let info = try DiscoveredMedia.probe(path)
        XCTAssertTrue(info.hasH264, "the killed file must still be readable")
        XCTAssertGreaterThan(info.seconds, 1.0)
    }
}
