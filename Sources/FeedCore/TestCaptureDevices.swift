/// `--camera test`: two test-pattern cameras (so the flip button has something to flip to)
/// and a test tone, present from the start and never going away. `--camera test-noise`: the
/// noise camera alone, with the same tone.
@MainActor
public final class TestCaptureDevices: CaptureDeviceDirectory {
    public let cameras: [CameraDevice]
    public let microphones = [MicrophoneDevice.testTone]
    /// Never called: nothing is ever plugged in or taken away.
    public var onChange: (() -> Void)?

    public init(cameras: [CameraDevice] = [.testFront, .testBack]) {
        self.cameras = cameras
    }
}
