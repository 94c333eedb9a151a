import Localization

/// One line of the "Shoot a video" screen: a device the recording needs, and its state.
public struct DeviceRow: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case camera, microphone

        public var title: String {
            switch self {
            case .camera: tr("Camera")
            case .microphone: tr("Microphone")
            }
        }
    }

    public enum State: Sendable, Equatable {
        case available
        case notFound
        /// Another program holds it (a V4L2 node opens only once).
        case inUse

        public var title: String {
            switch self {
            // TRANSLATORS: the state of a camera or microphone.
            case .available: tr("available")
            // TRANSLATORS: the state of a camera or microphone.
            case .notFound: tr("not found")
            // TRANSLATORS: the state of a camera or microphone (another program has it).
            case .inUse: tr("in use")
            }
        }
    }

    public var kind: Kind
    /// The device's name, or the pinned path that was not found; nil when there is none at all.
    public var name: String?
    public var state: State

    public init(kind: Kind, name: String?, state: State) {
        self.kind = kind
        self.name = name
        self.state = state
    }

    /// The row as a sentence: "Camera: Integrated Camera", "No microphone found",
    /// "/dev/video7 not found", "Integrated Camera is in use by another app".
    public var sentence: String {
        let camera = kind == .camera
        switch (state, name) {
        case (.available, let name?):
            // TRANSLATORS: {name} is the device's name, like “Integrated Camera”.
            return camera ? tr("Camera: {name}", ["name": name]) : tr("Microphone: {name}", ["name": name])
        case (.available, nil):
            return camera ? tr("Camera: ready") : tr("Microphone: ready")
        case (.notFound, let name?):
            // TRANSLATORS: {name} is the device asked for, like “/dev/video7”.
            return camera ? tr("Camera {name} not found", ["name": name]) : tr("Microphone {name} not found", ["name": name])
        case (.notFound, nil):
            return camera ? tr("No camera found") : tr("No microphone found")
        case (.inUse, let name?):
            // TRANSLATORS: {name} is the device's name, like “Integrated Camera”.
            return tr("{name} is in use by another app", ["name": name])
        case (.inUse, nil):
            return camera ? tr("The camera is in use by another app") : tr("The microphone is in use by another app")
        }
    }

    /// The camera that would record and the microphone: one row each. `inUse` holds the
    /// `path` of cameras and `identifier` of microphones that failed to open as busy.
    public static func rows(cameras: [CameraDevice], microphones: [MicrophoneDevice],
                            selection: CameraSelection, inUse: Set<String> = []) -> [DeviceRow] {
        let camera: DeviceRow = if let device = selection.camera(in: cameras) {
            DeviceRow(kind: .camera, name: device.name, state: inUse.contains(device.path) ? .inUse : .available)
        } else {
            DeviceRow(kind: .camera, name: selection.pinnedPath, state: .notFound)
        }
        let microphone: DeviceRow = if let device = microphones.first {
            DeviceRow(kind: .microphone, name: device.name,
                      state: inUse.contains(device.identifier) ? .inUse : .available)
        } else {
            DeviceRow(kind: .microphone, name: nil, state: .notFound)
        }
        return [camera, microphone]
    }
}
