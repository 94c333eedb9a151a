/// Which devices a runtime records from: the test sources (`--camera test`), the noise camera
/// and the test tone (`--camera test-noise`, for recordings too big to compress), or whatever
/// GstDeviceMonitor finds, plugged in now or later, with one camera pinned (`--camera /dev/videoN`).
public enum CaptureDeviceChoice: Equatable, Sendable {
    case test
    case testNoise
    case monitored(pinnedCameraPath: String?)
}
