import Localization

/// A camera that can be recorded from.
public struct CameraDevice: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// A V4L2 device node, opened by v4l2src.
        case v4l2(path: String)
        /// videotestsrc; the index picks the pattern, so two test cameras look different and
        /// flipping between them can be seen.
        case testPattern(index: Int)
    }

    /// What the person sees: "Integrated Camera", "Test pattern — front".
    public var name: String
    public var source: Source

    public init(name: String, source: Source) {
        self.name = name
        self.source = source
    }

    /// A V4L2 camera.
    public init(name: String, path: String) {
        self.init(name: name, source: .v4l2(path: path))
    }

    /// What identifies the camera across hot-plug and in the selection: the device node, or
    /// "test:N" for a test pattern.
    public var path: String {
        switch source {
        case .v4l2(let path): path
        case .testPattern(let index): "test:\(index)"
        }
    }

    public var isTestPattern: Bool {
        if case .testPattern = source { true } else { false }
    }

    // TRANSLATORS: the name of the first test camera (`--camera test`).
    public static let testFront = CameraDevice(name: tr("Test pattern — front"), source: .testPattern(index: 0))
    // TRANSLATORS: the name of the second test camera (`--camera test`).
    public static let testBack = CameraDevice(name: tr("Test pattern — back"), source: .testPattern(index: 1))
    /// Noise, which H.264 cannot compress: a minute of it is a recording of ~17 MB (x264enc's
    /// 2 Mbit/s, reached at once), where the other patterns give ~2 MB (tests of big uploads;
    /// `--camera test-noise`).
    // TRANSLATORS: the name of the test camera whose picture is noise (`--camera test-noise`).
    public static let testNoise = CameraDevice(name: tr("Test pattern — noise"), source: .testPattern(index: 2))
}

/// A microphone that can be recorded from.
public struct MicrophoneDevice: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// A PulseAudio source, by the name pulsesrc's `device` takes.
        case pulse(sourceName: String)
        /// audiotestsrc.
        case testTone
    }

    public var name: String
    public var source: Source

    public init(name: String, source: Source) {
        self.name = name
        self.source = source
    }

    public init(name: String, pulseSourceName: String) {
        self.init(name: name, source: .pulse(sourceName: pulseSourceName))
    }

    public var pulseSourceName: String? {
        if case .pulse(let name) = source { name } else { nil }
    }

    /// What identifies the microphone across hot-plug: the PulseAudio source name, or "test".
    public var identifier: String { pulseSourceName ?? "test" }

    // TRANSLATORS: the name of the test microphone (`--camera test`).
    public static let testTone = MicrophoneDevice(name: tr("Test tone"), source: .testTone)
}

/// The cameras and microphones present now. The seam between what the Create page shows and
/// where devices come from: GstDeviceMonitor (`MonitoredCaptureDevices`), the test sources
/// (`TestCaptureDevices`), or a fake in tests.
@MainActor
public protocol CaptureDeviceDirectory: AnyObject {
    /// In a stable order (by device node), so "the first camera" means the same one each time.
    var cameras: [CameraDevice] { get }
    /// The preferred one first (the sound server's default source).
    var microphones: [MicrophoneDevice] { get }
    /// Called on the main loop after a device was plugged in or taken away.
    var onChange: (() -> Void)? { get set }
}
