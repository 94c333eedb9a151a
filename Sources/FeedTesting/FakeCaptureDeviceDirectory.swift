import FeedMedia

/// Devices set by the test; setting them reports a change, as a hot-plug would.
@MainActor
final class FakeCaptureDeviceDirectory: CaptureDeviceDirectory {
    var cameras: [CameraDevice] { didSet { onChange?() } }
    var microphones: [MicrophoneDevice] { didSet { onChange?() } }
    var onChange: (() -> Void)?

    init(cameras: [CameraDevice] = [], microphones: [MicrophoneDevice] = []) {
        self.cameras = cameras
        self.microphones = microphones
    }
}
