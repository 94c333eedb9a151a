import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

private let webcam = CameraDevice(name: "Integrated Camera", path: "/dev/video0")
private let usb = CameraDevice(name: "USB Camera", path: "/dev/video2")
private let headset = MicrophoneDevice(name: "Headset", pulseSourceName: "alsa_input.usb-headset")

/// The Create tab's camera without a display or a device: FeedTesting's fake directory and
/// capture session stand in for GstDeviceMonitor and the capture pipeline.
final class LiveCameraTests: XCTestCase {
    /// A camera over `directory` whose sessions are fakes, kept in `sessions` with what they
    /// were opened on.
    @MainActor
    private final class Rig {
        let directory: FakeCaptureDeviceDirectory
        var sessions: [(device: CaptureDevice, mirrored: Bool, session: FakeCaptureSession)] = []
        lazy var camera = LiveCamera(makeDevices: { [directory] in RecordingDevices(directory: directory) }) { [unowned self] device, mirrored in
            let session = FakeCaptureSession()
            sessions.append((device, mirrored, session))
            return session
        }

        init(cameras: [CameraDevice], microphones: [MicrophoneDevice]) {
            directory = FakeCaptureDeviceDirectory(cameras: cameras, microphones: microphones)
        }
    }

    func testWithoutACameraOrAMicrophoneNothingOpensAndThePageSaysWhich() throws {
        try onMain {
            let noCamera = Rig(cameras: [], microphones: [headset])
            XCTAssertEqual(try noCamera.camera.open(mirrored: false, filter: .none), .missing(.noCamera))
            let noMicrophone = Rig(cameras: [webcam], microphones: [])
            XCTAssertEqual(try noMicrophone.camera.open(mirrored: false, filter: .none), .missing(.noMicrophone))
            XCTAssertTrue(noCamera.sessions.isEmpty && noMicrophone.sessions.isEmpty, "no session without both devices")
            XCTAssertEqual(noCamera.camera.rows.map(\.sentence), ["No camera found", "Microphone: Headset"])
        }
    }

    func testOpeningStartsOneSessionOnTheSelectedPairWithTheLookChosen() throws {
        try onMain {
            let rig = Rig(cameras: [webcam, usb], microphones: [headset])
            XCTAssertEqual(try rig.camera.open(mirrored: true, filter: .vintage), .opened)
            XCTAssertEqual(try rig.camera.open(mirrored: true, filter: .vintage), .alreadyOpen)
            XCTAssertEqual(rig.sessions.count, 1)
            let (device, mirrored, session) = try XCTUnwrap(rig.sessions.first)
            XCTAssertEqual(device, CaptureDevice(camera: webcam, microphone: headset))
            XCTAssertTrue(mirrored)
            XCTAssertEqual(session.calls, [.filter(.vintage), .start], "the look is on before the first frame")
            rig.camera.setFilter(.mono)
            rig.camera.setMirrored(false)
            rig.camera.close()
            XCTAssertEqual(session.calls.suffix(3), [.filter(.mono), .mirrored(false), .stop])
            XCTAssertFalse(rig.camera.isOpen)
        }
    }

    func testTheSessionsNewsReachThePage() throws {
        try onMain {
            let rig = Rig(cameras: [webcam], microphones: [headset])
            var news: [String] = []
            rig.camera.onLive = { news.append("live") }
            rig.camera.onSegmentFinished = { url, seconds in news.append("\(url.lastPathComponent) \(seconds)") }
            rig.camera.onSegmentDiscarded = { news.append("discarded") }
            rig.camera.onError = { news.append("\($0)") }
            _ = try rig.camera.open(mirrored: false, filter: .none)
            let session = try XCTUnwrap(rig.sessions.first?.session)
            session.goLive()
            try rig.camera.startSegment(path: URL(fileURLWithPath: "/tmp/seg-001.mp4"))
            rig.camera.finishSegment(discard: false)
            session.endSegment(seconds: 2.5)
            try rig.camera.startSegment(path: URL(fileURLWithPath: "/tmp/seg-002.mp4"))
            session.endSegment(seconds: 0.1, discarded: true)
            session.fail(.pipeline("gone"))
            XCTAssertEqual(news, ["live", "seg-001.mp4 2.5", "discarded", "\(RecorderError.pipeline("gone"))"])
        }
    }

    func testAStartThatFailsOnAFullDiskThrowsItsError() throws {
        try onMain {
            let rig = Rig(cameras: [webcam], microphones: [headset])
            _ = try rig.camera.open(mirrored: false, filter: .none)
            let session = try XCTUnwrap(rig.sessions.first?.session)
            session.segmentError = .diskFull(path: "/tmp")
            XCTAssertThrowsError(try rig.camera.startSegment(path: URL(fileURLWithPath: "/tmp/seg-001.mp4"))) {
                XCTAssertEqual($0 as? RecorderError, .diskFull(path: "/tmp"))
            }
            XCTAssertFalse(session.isRecording)
        }
    }

    func testABusyCameraIsLetGoAndMarkedInUseUntilRetry() throws {
        try onMain {
            let rig = Rig(cameras: [webcam], microphones: [headset])
            _ = try rig.camera.open(mirrored: false, filter: .none)
            rig.camera.failed(.deviceBusy("/dev/video0"))
            XCTAssertEqual(rig.sessions.first?.session.calls.last, .stop)
            XCTAssertFalse(rig.camera.isOpen)
            XCTAssertEqual(rig.camera.rows.first?.state, .inUse)
            rig.camera.retry()
            XCTAssertEqual(rig.camera.rows.first?.state, .available)
            XCTAssertEqual(try rig.camera.open(mirrored: false, filter: .none), .opened, "Retry opens a new session")
            XCTAssertEqual(rig.sessions.count, 2)
        }
    }

    func testUnpluggingTheCameraInUseMovesTheSelectionAndFlipNamesTheNextOne() throws {
        try onMain {
            let rig = Rig(cameras: [webcam, usb], microphones: [headset])
            var changes = 0
            rig.camera.onDevicesChanged = { changes += 1 }
            XCTAssertEqual(rig.camera.flip(), "USB Camera")
            _ = try rig.camera.open(mirrored: false, filter: .none)
            XCTAssertEqual(rig.sessions.first?.device.camera, usb)
            XCTAssertFalse(rig.camera.selectionMoved)
            rig.directory.cameras = [webcam]
            XCTAssertEqual(changes, 1)
            XCTAssertTrue(rig.camera.selectionMoved, "the session runs on a camera that is gone")
            XCTAssertFalse(rig.camera.canFlip)
        }
    }
}
