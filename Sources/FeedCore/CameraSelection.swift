/// Which camera records, as cameras come and go: the flip button cycles through them, a
/// selection survives hot-plug while its camera is still there, and otherwise the first camera
/// takes over. `--camera /dev/videoN` pins one camera: only that one is used, and while it is
/// absent there is no camera ("not found"), rather than a different one.
public struct CameraSelection: Sendable, Equatable {
    /// The camera named on the command line.
    public let pinnedPath: String?
    /// The chosen camera's `path`; nil until there was a camera to choose.
    public private(set) var selectedPath: String?

    public init(pinnedPath: String? = nil) {
        self.pinnedPath = pinnedPath
        selectedPath = pinnedPath
    }

    /// The camera to record from among `cameras`, nil when there is none (or the pinned one
    /// is absent).
    public func camera(in cameras: [CameraDevice]) -> CameraDevice? {
        if let pinnedPath { return cameras.first { $0.path == pinnedPath } }
        return cameras.first { $0.path == selectedPath } ?? cameras.first
    }

    /// The cameras changed: keeps the selected one if it is still present, else the first.
    public mutating func update(cameras: [CameraDevice]) {
        guard pinnedPath == nil else { return }
        selectedPath = camera(in: cameras)?.path
    }

    /// There is another camera to flip to.
    public func canFlip(in cameras: [CameraDevice]) -> Bool {
        pinnedPath == nil && cameras.count > 1
    }

    /// Moves to the next camera, after the last back to the first.
    public mutating func flip(in cameras: [CameraDevice]) {
        guard canFlip(in: cameras) else { return }
        let index = camera(in: cameras).flatMap { current in cameras.firstIndex(of: current) } ?? -1
        selectedPath = cameras[(index + 1) % cameras.count].path
    }
}
