import FeedCore
import FeedMedia

/// Which devices to record from, by `--camera`: "test" for two test-pattern cameras and a test
/// tone; a device node (/dev/videoN) to use that camera only; nothing for whatever cameras and
/// microphones GstDeviceMonitor finds, plugged in now or later.
enum CameraChoice {
    enum Kind: Equatable {
        case test
        case monitored(pinnedPath: String?)
    }

    static func kind(option: String?) -> Kind {
        switch option {
        case "test": .test
        case let path? where !path.isEmpty: .monitored(pinnedPath: path)
        default: .monitored(pinnedPath: nil)
        }
    }

    /// A new directory and selection for `option`; the monitor runs while the result lives.
    @MainActor
    static func recordingDevices(option: String?) -> RecordingDevices {
        switch kind(option: option) {
        case .test:
            RecordingDevices(directory: TestCaptureDevices())
        case .monitored(let pinnedPath):
            RecordingDevices(directory: MonitoredCaptureDevices(), pinnedCameraPath: pinnedPath)
        }
    }

    /// The devices for `option`, made once per process: the composition root asks each time
    /// the Create page opens, and one monitor kept running between those visits is what notices
    /// a camera plugged in meanwhile (and avoids re-probing every provider per visit).
    @MainActor
    static func shared(option: String?) -> RecordingDevices {
        let key = option ?? ""
        if let devices = sharedDevices[key] { return devices }
        let devices = recordingDevices(option: option)
        sharedDevices[key] = devices
        return devices
    }

    /// Internal so a test can let go of the monitors it made: a running monitor keeps the
    /// device providers (and their devices) alive for every later test in the process.
    @MainActor static var sharedDevices: [String: RecordingDevices] = [:]
}
