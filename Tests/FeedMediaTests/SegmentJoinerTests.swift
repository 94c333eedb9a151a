import FeedMedia
import Foundation
import XCTest

final class SegmentJoinerTests: XCTestCase {
    func testSegmentsJoinIntoOneClipWithoutReencoding() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-join-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two 1.5 s recordings made the way the capture session makes them.
        for index in 1...2 {
            let path = SegmentJoiner.segmentURL(in: folder, index: index).path
            let description = CaptureGraph(device: .test).standaloneRecording(path: path)
                .replacingOccurrences(of: "is-live=true", with: "is-live=true num-buffers=45")
                .replacingOccurrences(of: "wave=ticks", with: "wave=ticks num-buffers=70")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
            process.arguments = ["-q", "-e"] + description.split(separator: " ").map(String.init)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        XCTAssertEqual(SegmentJoiner.segments(in: folder).map(\.lastPathComponent), ["seg-001.mp4", "seg-002.mp4"])
        let output = folder.appendingPathComponent("clip.mp4")
        guard case .success(let joined) = SegmentJoiner.joinNow(folder: folder, into: output) else {
            return XCTFail("join failed")
        }
        let info = try DiscoveredMedia.probe(joined)
        XCTAssertTrue(info.hasH264 && info.hasAAC, info.report)
        XCTAssertEqual(info.seconds, 3.0, accuracy: 0.15, info.report)
    }

    func testNothingRecordedIsAnError() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-empty-\(UUID().uuidString)")
        XCTAssertEqual(SegmentJoiner.joinNow(folder: folder, into: folder.appendingPathComponent("x.mp4")),
                       .failure(.noSegments))
    }
}
