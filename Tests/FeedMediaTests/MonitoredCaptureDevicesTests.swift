import FeedCore
import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

/// Sorting GstDeviceMonitor's devices into cameras and microphones, and the live directory
/// under the session's PulseAudio (no camera on these machines).
final class MonitoredCaptureDevicesTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { GStreamer.initialize() }
    }

    private func v4l2(_ name: String, _ path: String, key: String = "device.path") -> MediaDeviceInfo {
        MediaDeviceInfo(displayName: name, deviceClass: "Video/Source", properties: [key: path, "device.api": "v4l2"])
    }

    private func pulse(_ name: String, _ sourceName: String, deviceClass: String = "sound",
                       isDefault: Bool = false) -> MediaDeviceInfo {
        MediaDeviceInfo(displayName: name, deviceClass: "Audio/Source", properties: ["device.class": deviceClass],
                        pulseName: sourceName, isDefault: isDefault)
    }

    func testCamerasAreV4L2NodesOncePerNodeInNodeOrder() {
        let catalog = MonitoredCaptureDevices.catalog([
            v4l2("Capture card", "/dev/video10"),
            v4l2("USB Camera", "/dev/video2", key: "api.v4l2.path"),
            v4l2("Integrated Camera", "/dev/video0"),
            v4l2("Integrated Camera (H.264)", "/dev/video0"), // uvch264's copy of the same node
            MediaDeviceInfo(displayName: "Screen", deviceClass: "Video/Source"), // nothing v4l2src can open
        ])
        XCTAssertEqual(catalog.cameras, [
            CameraDevice(name: "Integrated Camera", path: "/dev/video0"),
            CameraDevice(name: "USB Camera", path: "/dev/video2"),
            CameraDevice(name: "Capture card", path: "/dev/video10"),
        ])
        XCTAssertEqual(catalog.microphones, [])
    }

    func testMicrophonesSkipMonitorsAndPutTheDefaultFirst() {
        let catalog = MonitoredCaptureDevices.catalog([
            pulse("Monitor of Null Output", "ci_sink.monitor", deviceClass: "monitor", isDefault: true),
            pulse("Webcam Mic", "alsa_input.usb-cam"),
            pulse("Headset", "alsa_input.usb-headset", isDefault: true),
            MediaDeviceInfo(displayName: "Line in (no PulseAudio)", deviceClass: "Audio/Source"),
            MediaDeviceInfo(displayName: "Speakers", deviceClass: "Audio/Sink", pulseName: "alsa_output.pci"),
        ])
        XCTAssertEqual(catalog.microphones, [
            MicrophoneDevice(name: "Headset", pulseSourceName: "alsa_input.usb-headset"),
            MicrophoneDevice(name: "Webcam Mic", pulseSourceName: "alsa_input.usb-cam"),
        ])
        XCTAssertEqual(catalog.cameras, [])
    }

    func testOnlyAnOutputsMonitorIsNoMicrophone() {
        let catalog = MonitoredCaptureDevices.catalog([
            pulse("Monitor of Null Output", "ci_sink.monitor", deviceClass: "monitor", isDefault: true),
        ])
        XCTAssertEqual(catalog.microphones, [])
    }

    /// Whatever this session has: the directory lists no monitor source, and every camera it
    /// lists is a device node.
    func testLiveDirectoryListsNoMonitorSource() {
        onMain {
            let directory = MonitoredCaptureDevices()
            XCTAssertTrue(directory.isMonitoring, "the v4l2 provider starts even without cameras")
            for microphone in directory.microphones {
                XCTAssertFalse(microphone.pulseSourceName?.hasSuffix(".monitor") ?? true, "\(microphone)")
            }
            for camera in directory.cameras { XCTAssertTrue(camera.path.hasPrefix("/dev/"), "\(camera)") }
        }
    }

    /// A microphone plugged in while the page is open: the directory reports it, the Create
    /// page's devices pick it up, and it goes again when unplugged, with no restart.
    func testAMicrophonePluggedInLaterIsPickedUp() throws {
        try PulseAudioControl.requireServer()
        let name = "loopfeed_test_mic_\(getpid())"
        try onMain {
            let devices = RecordingDevices(directory: MonitoredCaptureDevices())
            var changes = 0
            devices.onChange = { changes += 1 }
            XCTAssertFalse(devices.directory.microphones.contains { $0.pulseSourceName == name })
            let module = try PulseAudioControl.loadNullSource(named: name)
            defer { PulseAudioControl.unload(module) }
            XCTAssertTrue(MainLoop.run(until: {
                devices.directory.microphones.contains { $0.pulseSourceName == name }
            }, timeoutSeconds: 5), "the new source was never listed")
            XCTAssertGreaterThan(changes, 0)
            XCTAssertNotNil(devices.microphone)
            XCTAssertEqual(devices.rows.last?.state, .available)
            PulseAudioControl.unload(module)
            XCTAssertTrue(MainLoop.run(until: {
                !devices.directory.microphones.contains { $0.pulseSourceName == name }
            }, timeoutSeconds: 5), "the removed source is still listed")
        }
    }

    /// The test camera with a real PulseAudio source goes live: pulsesrc opens the source by
    /// the name the monitor found.
    func testCaptureGoesLiveWithAMonitoredMicrophone() throws {
        try PulseAudioControl.requireServer()
        let name = "loopfeed_capture_mic_\(getpid())"
        let module = try PulseAudioControl.loadNullSource(named: name)
        defer { PulseAudioControl.unload(module) }
        try onMain {
            let directory = MonitoredCaptureDevices()
            XCTAssertTrue(MainLoop.run(until: { directory.microphones.contains { $0.pulseSourceName == name } },
                                       timeoutSeconds: 5))
            let microphone = try XCTUnwrap(directory.microphones.first { $0.pulseSourceName == name })
            let session = try CaptureSession(graph: CaptureGraph(device: CaptureDevice(camera: .testBack, microphone: microphone)),
                                             preview: PixelSize(width: 90, height: 160), receiver: FrameLog(), runtime: MediaRuntime())
            var live = false
            var failure: RecorderError?
            session.onLive = { live = true }
            session.onError = { failure = $0 }
            session.start()
            XCTAssertTrue(MainLoop.run(until: { live || failure != nil }, timeoutSeconds: 10))
            XCTAssertTrue(live, "not live: \(String(describing: failure))")
            session.stop()
        }
    }
}
