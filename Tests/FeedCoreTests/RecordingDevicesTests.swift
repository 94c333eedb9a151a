import FeedCore
import FeedTesting
import TestSupport
import XCTest

private let webcam = CameraDevice(name: "Integrated Camera", path: "/dev/video0")
private let usb = CameraDevice(name: "USB Camera", path: "/dev/video2")
private let headset = MicrophoneDevice(name: "Headset", pulseSourceName: "alsa_input.usb-headset")

/// The Create page's view of devices: rows, whether it can record, flipping, hot-plug.
final class RecordingDevicesTests: XCTestCase {
    func testRowsSayWhatIsMissing() {
        XCTAssertEqual(DeviceRow.rows(cameras: [], microphones: [], selection: CameraSelection()), [
            DeviceRow(kind: .camera, name: nil, state: .notFound),
            DeviceRow(kind: .microphone, name: nil, state: .notFound),
        ])
        XCTAssertEqual(DeviceRow.rows(cameras: [webcam], microphones: [], selection: CameraSelection()), [
            DeviceRow(kind: .camera, name: "Integrated Camera", state: .available),
            DeviceRow(kind: .microphone, name: nil, state: .notFound),
        ])
        XCTAssertEqual(DeviceRow.rows(cameras: [], microphones: [headset], selection: CameraSelection()), [
            DeviceRow(kind: .camera, name: nil, state: .notFound),
            DeviceRow(kind: .microphone, name: "Headset", state: .available),
        ])
    }

    /// Issue 9: the row read "Camera: Camera — not found".
    func testRowsReadAsSentences() {
        let rows = DeviceRow.rows(cameras: [], microphones: [headset], selection: CameraSelection())
        XCTAssertEqual(rows.map(\.sentence), ["No camera found", "Microphone: Headset"])
        XCTAssertEqual(DeviceRow(kind: .camera, name: "/dev/video7", state: .notFound).sentence, "Camera /dev/video7 not found")
        XCTAssertEqual(DeviceRow(kind: .camera, name: "Integrated Camera", state: .inUse).sentence,
                       "Integrated Camera is in use by another app")
        XCTAssertEqual(DeviceRow(kind: .microphone, name: nil, state: .notFound).sentence, "No microphone found")
    }

    func testRowsNameThePinnedPathAndTheSelectedCamera() {
        XCTAssertEqual(DeviceRow.rows(cameras: [webcam], microphones: [headset],
                                      selection: CameraSelection(pinnedPath: "/dev/video7")).first,
                       DeviceRow(kind: .camera, name: "/dev/video7", state: .notFound))
        var selection = CameraSelection()
        selection.update(cameras: [webcam, usb])
        selection.flip(in: [webcam, usb])
        XCTAssertEqual(DeviceRow.rows(cameras: [webcam, usb], microphones: [headset], selection: selection).first?.name,
                       "USB Camera")
    }

    func testRowsMarkBusyDevicesInUse() {
        let rows = DeviceRow.rows(cameras: [webcam], microphones: [headset], selection: CameraSelection(),
                                  inUse: ["/dev/video0", "alsa_input.usb-headset"])
        XCTAssertEqual(rows.map(\.state), [.inUse, .inUse])
        XCTAssertEqual(rows.map(\.state.title), ["in use", "in use"])
        XCTAssertEqual(DeviceRow.State.notFound.title, "not found")
        XCTAssertEqual(DeviceRow.State.available.title, "available")
    }

    func testRecordingNeedsACameraAndAMicrophone() {
        onMain {
            let directory = FakeCaptureDeviceDirectory()
            let devices = RecordingDevices(directory: directory)
            XCTAssertFalse(devices.canRecord)
            XCTAssertNil(devices.captureDevice)
            directory.cameras = [webcam]
            XCTAssertFalse(devices.canRecord, "a camera without a microphone can't record")
            XCTAssertNil(devices.captureDevice)
            directory.microphones = [headset]
            XCTAssertTrue(devices.canRecord)
            XCTAssertEqual(devices.captureDevice, CaptureDevice(camera: webcam, microphone: headset))
            directory.cameras = []
            XCTAssertFalse(devices.canRecord)
        }
    }

    func testACameraPluggedInLaterIsReportedAndUsed() {
        onMain {
            let directory = FakeCaptureDeviceDirectory(microphones: [headset])
            let devices = RecordingDevices(directory: directory)
            var changes = 0
            devices.onChange = { changes += 1 }
            XCTAssertEqual(devices.rows.first?.state, .notFound)
            directory.cameras = [usb]
            XCTAssertEqual(changes, 1)
            XCTAssertEqual(devices.camera, usb)
            XCTAssertEqual(devices.rows.first, DeviceRow(kind: .camera, name: "USB Camera", state: .available))
        }
    }

    func testFlipFollowsTheDirectoryAndKeepsTheChoiceAcrossHotPlug() {
        onMain {
            let directory = FakeCaptureDeviceDirectory(cameras: [webcam, usb], microphones: [headset])
            let devices = RecordingDevices(directory: directory)
            XCTAssertTrue(devices.canFlip)
            XCTAssertEqual(devices.flipCamera()?.camera, usb)
            directory.cameras = [CameraDevice(name: "Capture", path: "/dev/video1"), webcam, usb]
            XCTAssertEqual(devices.camera, usb, "a new camera doesn't take the selection away")
            directory.cameras = [webcam]
            XCTAssertEqual(devices.camera, webcam)
            XCTAssertFalse(devices.canFlip)
        }
    }

    func testInUseLastsUntilRetryOrReplug() {
        onMain {
            let directory = FakeCaptureDeviceDirectory(cameras: [webcam], microphones: [headset])
            let devices = RecordingDevices(directory: directory)
            devices.markInUse(webcam)
            XCTAssertEqual(devices.rows.first?.state, .inUse)
            devices.retry()
            XCTAssertEqual(devices.rows.first?.state, .available)
            devices.markInUse(webcam)
            directory.cameras = []
            directory.cameras = [webcam]
            XCTAssertEqual(devices.rows.first?.state, .available, "plugged in again: worth another try")
        }
    }

    func testTheTestDirectoryRecordsWithTheTestSources() {
        onMain {
            let devices = RecordingDevices(directory: TestCaptureDevices())
            XCTAssertEqual(devices.captureDevice, .test)
            XCTAssertEqual(devices.rows, [
                DeviceRow(kind: .camera, name: "Test pattern — front", state: .available),
                DeviceRow(kind: .microphone, name: "Test tone", state: .available),
            ])
            XCTAssertEqual(devices.flipCamera(), CaptureDevice(camera: .testBack, microphone: .testTone))
        }
    }

    func testDroppedDevicesLeaveTheDirectoryUsable() {
        onMain {
            let directory = FakeCaptureDeviceDirectory()
            do {
                let devices = RecordingDevices(directory: directory)
                devices.onChange = { XCTFail("a dropped RecordingDevices must not be called") }
            }
            directory.cameras = [webcam] // the weak hook finds nothing to call
        }
    }
}
