import FeedCore
import FeedMedia
import Foundation
import XCTest
@testable import LoopfeedApp

final class CameraChoiceTests: XCTestCase {
    func testOptionPicksTheDevices() {
        XCTAssertEqual(CameraChoice.devices(option: "test"), .test)
        XCTAssertEqual(CameraChoice.devices(option: "test-noise"), .testNoise)
        XCTAssertEqual(CameraChoice.devices(option: "/dev/video3"), .monitored(pinnedCameraPath: "/dev/video3"))
        XCTAssertEqual(CameraChoice.devices(option: nil), .monitored(pinnedCameraPath: nil))
        XCTAssertEqual(CameraChoice.devices(option: ""), .monitored(pinnedCameraPath: nil))
    }

    func testCameraTestRecordsFromTheTestSourcesAndFlipsBetweenTwoPatterns() {
        MainActor.assumeIsolated {
            let devices = MediaRuntime(captureDevices: CameraChoice.devices(option: "test")).recordingDevices()
            XCTAssertTrue(devices.directory is TestCaptureDevices)
            XCTAssertTrue(devices.canRecord)
            XCTAssertEqual(devices.captureDevice, .test)
            XCTAssertTrue(devices.canFlip)
            XCTAssertEqual(devices.flipCamera()?.camera, .testBack)
            XCTAssertEqual(devices.flipCamera()?.camera, .testFront)
        }
    }

    /// `--camera test-noise`: the noise camera alone (nothing to flip to) and the test tone.
    func testCameraTestNoiseRecordsFromTheNoiseCameraOnly() {
        MainActor.assumeIsolated {
            let devices = MediaRuntime(captureDevices: CameraChoice.devices(option: "test-noise")).recordingDevices()
            XCTAssertEqual((devices.directory as? TestCaptureDevices)?.cameras, [.testNoise])
            XCTAssertEqual(devices.captureDevice, CaptureDevice(camera: .testNoise, microphone: .testTone))
            XCTAssertFalse(devices.canFlip)
        }
    }

    /// `--camera /dev/videoN` for a node that isn't there: nothing to record from, and the
    /// row names the path as not found (the e2e "no camera" case relies on the nil).
    func testAMissingPinnedCameraIsNotFound() {
        let path = "/dev/video-loopfeed-missing"
        MainActor.assumeIsolated {
            let runtime = MediaRuntime(captureDevices: CameraChoice.devices(option: path))
            let devices = runtime.recordingDevices()
            XCTAssertTrue(devices.directory is MonitoredCaptureDevices)
            XCTAssertFalse(devices.canRecord)
            XCTAssertEqual(devices.rows.first, DeviceRow(kind: .camera, name: path, state: .notFound))
            XCTAssertFalse(devices.canFlip)
            _ = runtime.shutDown(within: 1)
        }
    }

    /// No camera on the build machines: without an option the camera row says "not found".
    func testWithoutCamerasTheCameraRowIsNotFound() throws {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        try XCTSkipIf(nodes.contains { $0.hasPrefix("video") }, "this machine has a camera")
        MainActor.assumeIsolated {
            let runtime = MediaRuntime(captureDevices: CameraChoice.devices(option: nil))
            let devices = runtime.recordingDevices()
            XCTAssertEqual(devices.rows.first, DeviceRow(kind: .camera, name: nil, state: .notFound))
            XCTAssertNil(devices.captureDevice)
            _ = runtime.shutDown(within: 1)
        }
    }
}
