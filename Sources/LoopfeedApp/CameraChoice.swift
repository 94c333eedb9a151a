import FeedMedia

/// Which devices to record from, by `--camera`: "test" for two test-pattern cameras and a test
/// tone; "test-noise" for one camera whose picture is noise (big recordings) and the tone; a
/// device node (/dev/videoN) to use that camera only; nothing for whatever cameras and
/// microphones GstDeviceMonitor finds, plugged in now or later. The media runtime makes them.
enum CameraChoice {
    static func devices(option: String?) -> CaptureDeviceChoice {
        switch option {
        case "test": .test
        case "test-noise": .testNoise
        case let path? where !path.isEmpty: .monitored(pinnedCameraPath: path)
        default: .monitored(pinnedCameraPath: nil)
        }
    }
}
