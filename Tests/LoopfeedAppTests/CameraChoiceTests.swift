import FeedCore
import FeedMedia
import Foundation
import XCTest
@testable import LoopfeedApp

final class CameraChoiceTests: XCTestCase {
    func testOptionPicksTheDirectory() {
        XCTAssertEqual(CameraChoice.kind(option: "test"), .test)
        XCTAssertEqual(CameraChoice.kind(option: "/dev/video3"), .monitored(pinnedPath: "/dev/video3"))
        XCTAssertEqual(CameraChoice.kind(option: nil), .monitored(pinnedPath: nil))
        XCTAssertEqual(CameraChoice.kind(option: ""), .monitored(pinnedPath: nil))
    }

    func testCameraTestRecordsFromTheTestSourcesAndFlipsBetweenTwoPatterns() {
        MainActor.assumeIsolated {
            let devices = CameraChoice.recordingDevices(option: "test")
            XCTAssertTrue(devices.directory is TestCaptureDevices)
            XCTAssertTrue(devices.canRecord)
            XCTAssertEqual(devices.captureDevice, .test)
            XCTAssertTrue(devices.canFlip)
            XCTAssertEqual(devices.flipCamera()?.camera, .testBack)
            XCTAssertEqual(devices.flipCamera()?.camera, .testFront)
        }
        MainActor.assumeIsolated {
            XCTAssertEqual(CameraChoice.recordingDevices(option: "test").captureDevice, .test,
                           "what the Create page records from")
        }
    }

    /// `--camera /dev/videoN` for a node that isn't there: nothing to record from, and the
    /// row names the path as not found (the e2e "no camera" case relies on the nil).
    func testAMissingPinnedCameraIsNotFound() {
        let path = "/dev/video-loopfeed-missing"
        MainActor.assumeIsolated {
            let devices = CameraChoice.recordingDevices(option: path)
            XCTAssertTrue(devices.directory is MonitoredCaptureDevices)
            XCTAssertFalse(devices.canRecord)
            XCTAssertEqual(devices.rows.first, DeviceRow(kind: .camera, name: path, state: .notFound))
            XCTAssertFalse(devices.canFlip)
        }
    }

    func testTheCompositionRootGetsOneLongLivedDirectoryPerOption() {
        MainActor.assumeIsolated {
            defer { CameraChoice.sharedDevices = [:] }
            XCTAssertTrue(CameraChoice.shared(option: "test") === CameraChoice.shared(option: "test"))
            XCTAssertFalse(CameraChoice.shared(option: "test") === CameraChoice.shared(option: "/dev/video-loopfeed-missing"))
        }
    }

    /// No camera on the build machines: without an option the camera row says "not found".
    func testWithoutCamerasTheCameraRowIsNotFound() throws {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        try XCTSkipIf(nodes.contains { $0.hasPrefix("video") }, "this machine has a camera")
        MainActor.assumeIsolated {
            let devices = CameraChoice.recordingDevices(option: nil)
            XCTAssertEqual(devices.rows.first, DeviceRow(kind: .camera, name: nil, state: .notFound))
            XCTAssertNil(devices.captureDevice)
        }
    }
}
