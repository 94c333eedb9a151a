public import FeedCore

/// Devices set by the test; setting them reports a change, as a hot-plug would.
@MainActor
public final class FakeCaptureDeviceDirectory: CaptureDeviceDirectory {
    public var cameras: [CameraDevice] { didSet { onChange?() } }
    public var microphones: [MicrophoneDevice] { didSet { onChange?() } }
    public var onChange: (() -> Void)?

    public init(cameras: [CameraDevice] = [], microphones: [MicrophoneDevice] = []) {
        self.cameras = cameras
        self.microphones = microphones
    }
}
