/// Which devices a runtime records from: the test sources (`--camera test`), or whatever
/// GstDeviceMonitor finds, plugged in now or later, with one camera pinned (`--camera /dev/videoN`).
public enum CaptureDeviceChoice: Equatable, Sendable {
    case test
    case monitored(pinnedCameraPath: String?)
}
