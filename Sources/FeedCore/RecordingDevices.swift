/// What the Create page needs to know about devices: the camera and microphone a recording
/// would use, the rows of the "Shoot a video" screen, the flip button, and a call when a
/// device is plugged in or taken away (no restart needed).
@MainActor
public final class RecordingDevices {
    public let directory: CaptureDeviceDirectory
    public private(set) var selection: CameraSelection
    /// Called on the main loop after the devices changed (the selection already follows).
    public var onChange: (() -> Void)?
    /// Devices that failed to open because another program holds them.
    private var inUse: Set<String> = []

    /// Takes over `directory.onChange` (listen to this object's `onChange` instead).
    /// `pinnedCameraPath`: `--camera /dev/videoN`, the only camera to use.
    public init(directory: CaptureDeviceDirectory, pinnedCameraPath: String? = nil) {
        self.directory = directory
        selection = CameraSelection(pinnedPath: pinnedCameraPath)
        selection.update(cameras: directory.cameras)
        directory.onChange = { [weak self] in self?.devicesChanged() }
    }

    public var camera: CameraDevice? { selection.camera(in: directory.cameras) }
    public var microphone: MicrophoneDevice? { directory.microphones.first }

    /// A camera and a microphone are present.
    public var canRecord: Bool { camera != nil && microphone != nil }

    /// What to build the capture pipeline from; nil unless recording is possible.
    public var captureDevice: CaptureDevice? {
        guard let camera, let microphone else { return nil }
        return CaptureDevice(camera: camera, microphone: microphone)
    }

    public var rows: [DeviceRow] {
        DeviceRow.rows(cameras: directory.cameras, microphones: directory.microphones,
                       selection: selection, inUse: inUse)
    }

    public var canFlip: Bool { selection.canFlip(in: directory.cameras) }

    /// Moves to the next camera; returns what to restart the capture with.
    @discardableResult
    public func flipCamera() -> CaptureDevice? {
        selection.flip(in: directory.cameras)
        return captureDevice
    }

    /// The capture session reported the camera busy (`RecorderError.deviceBusy`): its row
    /// says "in use" until Retry or until it is plugged in again.
    public func markInUse(_ camera: CameraDevice) {
        inUse.insert(camera.path)
    }

    /// Retry: forget which devices were busy and try them again.
    public func retry() {
        inUse.removeAll()
    }

    private func devicesChanged() {
        selection.update(cameras: directory.cameras)
        // A device that went away and came back is worth trying again.
        let present = Set(directory.cameras.map(\.path) + directory.microphones.map(\.identifier))
        inUse.formIntersection(present)
        onChange?()
    }
}
