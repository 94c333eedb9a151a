public import FeedCore
import Localization

/// The capture pipeline described as data: one live source per device (a V4L2 device opens
/// only once), teed to the preview and, while recording, to a record branch.
public struct CaptureGraph: Sendable, Equatable {
    public var device: CaptureDevice
    /// The clip's size (portrait) and rate.
    public var size = PixelSize(width: 720, height: 1280)
    public var framesPerSecond = 30
    /// Mirror the picture, as a selfie camera is usually shown.
    public var mirrored = false

    public init(device: CaptureDevice, mirrored: Bool = false) {
        self.device = device
        self.mirrored = mirrored
    }

    var rawVideo: String { "video/x-raw,width=\(size.width),height=\(size.height),framerate=\(framesPerSecond)/1" }

    /// Live video cropped to the portrait frame (cameras are landscape), then the mirror and
    /// the look, which can change while the camera runs.
    var videoSource: String {
        let flip = " ! videoflip name=mirror method=\(mirrored ? "horizontal-flip" : "none") "
            + "! videoconvert ! videobalance name=balance ! coloreffects name=look preset=none ! videoconvert"
        switch device.camera.source {
        case .testPattern(let index):
            let patterns = Self.testPatterns
            return "videotestsrc name=camera is-live=true \(patterns[(index % patterns.count + patterns.count) % patterns.count]) "
                + "! \(rawVideo)\(flip)"
        case .v4l2(let path):
            return "v4l2src name=camera device=\(Self.quoted(path)) ! videoconvert ! aspectratiocrop aspect-ratio=\(size.width)/\(size.height) "
                + "! videoscale ! videorate ! \(rawVideo)\(flip)"
        }
    }

    /// One look per test camera, so a flip between them shows; the third, random grey snow,
    /// is what x264 compresses worst (`CameraDevice.testNoise`).
    static let testPatterns = [
        "pattern=ball foreground-color=0xffffb800 background-color=0xff3a0ca3",
        "pattern=smpte",
        "pattern=snow",
    ]

    var audioSource: String {
        switch device.microphone.source {
        case .testTone:
            "audiotestsrc name=microphone is-live=true wave=ticks volume=0.3 ! audio/x-raw,rate=48000,channels=2"
        case .pulse(let sourceName):
            "pulsesrc name=microphone device=\(Self.quoted(sourceName)) ! audioconvert ! audioresample "
                + "! audio/x-raw,rate=48000,channels=2"
        }
    }

    /// A property value as gst-launch reads it, whatever characters a device name holds.
    static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Sources, tees, and the preview: frames for the page at `preview` size; sound kept
    /// flowing into a fakesink so the audio tee always has a consumer.
    public func pipelineDescription(preview: PixelSize) -> String {
        "\(videoSource) ! tee name=video allow-not-linked=true "
            + "! queue leaky=downstream max-size-buffers=2 ! videoconvert ! videoscale "
            + "! video/x-raw,format=BGRA,width=\(preview.width),height=\(preview.height),pixel-aspect-ratio=1/1 "
            + "! appsink name=preview max-buffers=2 drop=true sync=false enable-last-sample=false "
            + "\(audioSource) ! tee name=audio allow-not-linked=true ! queue leaky=downstream ! fakesink sync=false async=false"
    }

    /// The record branch, a bin whose two sink pads the tees feed: H.264 Main + AAC in MP4,
    /// written with a moov reserved at the start and rewritten every second, so a crash or
    /// kill -9 leaves a playable file of what was recorded.
    public func recordBranch(path: String) -> PipelineText {
        PipelineText(recordBranchText(fileSink: "filesink name=file"), locations: ["file": path])
    }

    private func recordBranchText(fileSink: String) -> String {
        "queue name=videoin max-size-time=3000000000 ! videoconvert ! video/x-raw,format=I420 "
            + "! x264enc speed-preset=veryfast tune=zerolatency key-int-max=\(framesPerSecond) "
            + "! video/x-h264,profile=main ! h264parse ! mp4mux name=mux reserved-max-duration=\(200 * 1_000_000_000) "
            + "reserved-moov-update-period=1000000000 ! \(fileSink) "
            + "queue name=audioin max-size-time=3000000000 ! audioconvert ! audioresample ! avenc_aac ! aacparse ! mux."
    }

    /// A whole recording as one gst-launch command line (sources straight into the record
    /// branch), for tests that kill the process mid-recording; the path is a test's own.
    public func standaloneRecording(path: String) -> String {
        "\(videoSource) ! videoin. \(audioSource) ! audioin. " + recordBranchText(fileSink: "filesink name=file location=\(path)")
    }
}

/// How each look is made in the capture graph.
extension CaptureFilter {
    /// videobalance (saturation, contrast, brightness, hue) and the coloreffects preset.
    var settings: (saturation: String, contrast: String, brightness: String, hue: String, preset: String) {
        switch self {
        case .none: ("1", "1", "0", "0", "none")
        case .warm: ("1.25", "1.05", "0.03", "-0.04", "none")
        case .mono: ("0", "1.1", "0", "0", "none")
        case .vivid: ("1.6", "1.15", "0", "0", "none")
        case .vintage: ("0.8", "0.9", "0.02", "0", "sepia")
        }
    }
}
