/// `--camera test`: two test-pattern cameras (so the flip button has something to flip to)
/// and a test tone, present from the start and never going away.
@MainActor
public final class TestCaptureDevices: CaptureDeviceDirectory {
    public let cameras = [CameraDevice.testFront, CameraDevice.testBack]
    public let microphones = [MicrophoneDevice.testTone]
    /// Never called: nothing is ever plugged in or taken away.
    public var onChange: (() -> Void)?

    public init() {}
}
