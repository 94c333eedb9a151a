public import FeedCore
import Foundation
package import GStreamerKit

/// The cameras (v4l2src) and microphones (pulsesrc) GstDeviceMonitor finds, kept up to date
/// while devices are plugged in and taken away. The monitor runs for this object's lifetime.
@MainActor
public final class MonitoredCaptureDevices: CaptureDeviceDirectory {
    public private(set) var cameras: [CameraDevice] = []
    public private(set) var microphones: [MicrophoneDevice] = []
    public var onChange: (() -> Void)?
    /// False when no device provider could start (then nothing will ever be found).
    public let isMonitoring: Bool

    private let monitor: DeviceMonitor

    public init() {
        monitor = DeviceMonitor(classes: ["Video/Source", "Audio/Source"])
        isMonitoring = monitor.start()
        monitor.onChange = { [weak self] _ in self?.refresh() }
        (cameras, microphones) = Self.catalog(monitor.devices)
    }

    private func refresh() {
        let (cameras, microphones) = Self.catalog(monitor.devices)
        // A sink's monitor or a second provider's copy of a camera changes nothing we show.
        guard cameras != self.cameras || microphones != self.microphones else { return }
        self.cameras = cameras
        self.microphones = microphones
        onChange?()
    }

    /// Sorts what the monitor reports into what can be recorded from: video sources with a
    /// V4L2 node (one per node, even when two providers list it), ordered by node number; and
    /// PulseAudio sources that are not an output's monitor, the server's default first.
    nonisolated package static func catalog(_ devices: [MediaDeviceInfo]) -> (cameras: [CameraDevice], microphones: [MicrophoneDevice]) {
        var cameras: [CameraDevice] = []
        for device in devices where device.hasClasses("Video/Source") {
            guard let path = device.v4l2Path, !cameras.contains(where: { $0.path == path }) else { continue }
            cameras.append(CameraDevice(name: device.displayName, path: path))
        }
        cameras.sort { $0.path.compare($1.path, options: .numeric) == .orderedAscending }
        let sources = devices.filter { $0.hasClasses("Audio/Source") && !$0.isOutputMonitor && $0.pulseName != nil }
        let ordered = sources.filter(\.isDefault) + sources.filter { !$0.isDefault }
        let microphones = ordered.compactMap { device in
            device.pulseName.map { MicrophoneDevice(name: device.displayName, pulseSourceName: $0) }
        }
        return (cameras, microphones)
    }
}
