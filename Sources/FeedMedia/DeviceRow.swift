/// One line of the "Shoot a video" screen: a device the recording needs, and its state.
public struct DeviceRow: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case camera, microphone

        public var title: String {
            switch self {
            case .camera: "Camera"
            case .microphone: "Microphone"
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
            case .available: "available"
            case .notFound: "not found"
            case .inUse: "in use"
            }
        }
    }

    public var kind: Kind
    /// The device's name; the pinned path or the kind's title when there is no device.
    public var name: String
    public var state: State

    public init(kind: Kind, name: String, state: State) {
        self.kind = kind
        self.name = name
        self.state = state
    }

    /// The camera that would record and the microphone: one row each. `inUse` holds the
    /// `path` of cameras and `identifier` of microphones that failed to open as busy.
    public static func rows(cameras: [CameraDevice], microphones: [MicrophoneDevice],
                            selection: CameraSelection, inUse: Set<String> = []) -> [DeviceRow] {
        let camera: DeviceRow = if let device = selection.camera(in: cameras) {
            DeviceRow(kind: .camera, name: device.name, state: inUse.contains(device.path) ? .inUse : .available)
        } else {
            DeviceRow(kind: .camera, name: selection.pinnedPath ?? Kind.camera.title, state: .notFound)
        }
        let microphone: DeviceRow = if let device = microphones.first {
            DeviceRow(kind: .microphone, name: device.name,
                      state: inUse.contains(device.identifier) ? .inUse : .available)
        } else {
            DeviceRow(kind: .microphone, name: Kind.microphone.title, state: .notFound)
        }
        return [camera, microphone]
    }
}
