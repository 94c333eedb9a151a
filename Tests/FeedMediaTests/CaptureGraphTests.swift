import FeedCore
import FeedMedia
import GLibKit
import GStreamerKit
import XCTest

/// The capture pipeline's description for each kind of camera and microphone, parsed by
/// GStreamer (no device is opened: the pipelines stay in NULL).
final class CaptureGraphTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { GStreamer.initialize() }
    }

    private func parsed(_ device: CaptureDevice) throws -> Pipeline {
        try Pipeline.parse(CaptureGraph(device: device).pipelineDescription(preview: PixelSize(width: 90, height: 160)))
    }

    func testTestSourcesAreVideoAndAudioTestSources() throws {
        let pipeline = try parsed(.test)
        XCTAssertEqual(pipeline.child(named: "camera")?.factoryName, "videotestsrc")
        XCTAssertEqual(pipeline.child(named: "microphone")?.factoryName, "audiotestsrc")
    }

    func testTheTwoTestCamerasShowDifferentPatterns() throws {
        let front = try XCTUnwrap(parsed(.test).child(named: "camera"))
        let back = try XCTUnwrap(parsed(CaptureDevice(camera: .testBack, microphone: .testTone)).child(named: "camera"))
        XCTAssertEqual(front.handle.int("pattern"), 18, "ball")
        XCTAssertEqual(back.handle.int("pattern"), 0, "smpte")
    }

    /// `--camera test-noise`: snow, which x264 cannot compress (the big upload's e2e case).
    func testTheNoiseCameraShowsSnow() throws {
        let noise = try XCTUnwrap(parsed(CaptureDevice(camera: .testNoise, microphone: .testTone)).child(named: "camera"))
        XCTAssertEqual(noise.factoryName, "videotestsrc")
        XCTAssertEqual(noise.handle.int("pattern"), 1, "snow")
    }

    func testACameraAndAMicrophoneOpenTheirDevices() throws {
        try XCTSkipUnless(GStreamer.hasElement("v4l2src") && GStreamer.hasElement("pulsesrc"))
        let device = CaptureDevice(camera: CameraDevice(name: "Cam", path: "/dev/video3"),
                                   microphone: MicrophoneDevice(name: "Mic", pulseSourceName: "alsa_input.usb \"mic\""))
        let pipeline = try parsed(device)
        let camera = try XCTUnwrap(pipeline.child(named: "camera"))
        let microphone = try XCTUnwrap(pipeline.child(named: "microphone"))
        XCTAssertEqual(camera.factoryName, "v4l2src")
        XCTAssertEqual(camera.handle.string("device"), "/dev/video3")
        XCTAssertEqual(microphone.factoryName, "pulsesrc")
        XCTAssertEqual(microphone.handle.string("device"), "alsa_input.usb \"mic\"",
                       "spaces and quotes in a source name survive gst-launch parsing")
    }

    func testATestCameraCanRecordWithARealMicrophone() throws {
        try XCTSkipUnless(GStreamer.hasElement("pulsesrc"))
        let pipeline = try parsed(CaptureDevice(camera: .testFront, microphone: MicrophoneDevice(name: "Mic", pulseSourceName: "ci_mic")))
        XCTAssertEqual(pipeline.child(named: "camera")?.factoryName, "videotestsrc")
        XCTAssertEqual(pipeline.child(named: "microphone")?.handle.string("device"), "ci_mic")
    }
}
