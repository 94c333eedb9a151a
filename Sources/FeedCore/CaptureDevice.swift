/// Where pictures and sound come from when recording: a camera and a microphone, each real or
/// a test source, in any combination.
public struct CaptureDevice: Sendable, Equatable {
    public var camera: CameraDevice
    public var microphone: MicrophoneDevice

    public init(camera: CameraDevice, microphone: MicrophoneDevice) {
        self.camera = camera
        self.microphone = microphone
    }

    /// `videotestsrc` and `audiotestsrc`: every flow works without hardware.
    public static let test = CaptureDevice(camera: .testFront, microphone: .testTone)
}
