public import FeedCore
public import Foundation

/// The camera and microphone behind the Create tab: the devices (looked for on first use: a
/// device monitor running from launch would follow the sound server through every page change
/// of the feed for nothing), the capture session on the chosen pair, and what it reports.
/// CreateSession decides when to open, close and follow; this type only does it.
@MainActor
public final class LiveCamera {
    public enum Opening: Equatable {
        case opened
        /// A session is running already.
        case alreadyOpen
        /// No camera or no microphone: the page says which.
        case missing(RecorderError)
    }

    public private(set) var session: (any CaptureSessionControl)?
    /// The camera and microphone the session runs on.
    public private(set) var activeDevice: CaptureDevice?

    public var onLive: (() -> Void)?
    public var onError: ((RecorderError) -> Void)?
    public var onSegmentFinished: ((URL, Double) -> Void)?
    public var onSegmentDiscarded: (() -> Void)?
    /// A camera or microphone came or went.
    public var onDevicesChanged: (() -> Void)?

    private let makeDevices: @MainActor () -> RecordingDevices
    /// Opens a session on a device, mirrored or not (its preview goes where the page shows it).
    private let makeSession: @MainActor (CaptureDevice, _ mirrored: Bool) throws -> any CaptureSessionControl

    public init(makeDevices: @escaping @MainActor () -> RecordingDevices,
         makeSession: @escaping @MainActor (CaptureDevice, _ mirrored: Bool) throws -> any CaptureSessionControl) {
        self.makeDevices = makeDevices
        self.makeSession = makeSession
    }

    private lazy var devices: RecordingDevices = {
        let devices = makeDevices()
        devices.onChange = { [weak self] in self?.onDevicesChanged?() }
        return devices
    }()

    public var isOpen: Bool { session != nil }
    public var canFlip: Bool { devices.canFlip }
    public var canRecord: Bool { devices.canRecord }
    public var rows: [DeviceRow] { devices.rows }
    public var cameraName: String? { devices.camera?.name }
    /// The selection no longer is the pair in use (it went away, or a pinned one came back).
    public var selectionMoved: Bool { isOpen && devices.captureDevice != activeDevice }
    /// Why there is nothing to record with.
    public var missingError: RecorderError { devices.camera == nil ? .noCamera : .noMicrophone }

    /// Opens the selected camera and microphone with the looks chosen.
    public func open(mirrored: Bool, filter: CaptureFilter) throws -> Opening {
        guard session == nil else { return .alreadyOpen }
        guard let device = devices.captureDevice else { return .missing(missingError) }
        let capture = try makeSession(device, mirrored)
        capture.setFilter(filter)
        capture.onLive = { [weak self] in self?.onLive?() }
        capture.onError = { [weak self] error in self?.onError?(error) }
        capture.onSegmentFinished = { [weak self] url, seconds in self?.onSegmentFinished?(url, seconds) }
        capture.onSegmentDiscarded = { [weak self] in self?.onSegmentDiscarded?() }
        session = capture
        activeDevice = device
        capture.start()
        return .opened
    }

    /// Lets go of the session (a segment being saved finishes first: CaptureSession sees to it).
    public func close() {
        session?.stop()
        session = nil
        activeDevice = nil
    }

    /// Looks for devices again (Retry on the no-camera page).
    public func retry() {
        close()
        devices.retry()
    }

    /// The next camera; its name, to say which one is on.
    public func flip() -> String? {
        _ = devices.flipCamera()
        return devices.camera?.name
    }

    /// The session failed: it is let go, and a camera that was busy is remembered as in use.
    public func failed(_ error: RecorderError) {
        session?.stop()
        session = nil
        if case .deviceBusy = error, let camera = devices.camera { devices.markInUse(camera) }
    }

    public func startSegment(path: URL) throws(RecorderError) {
        guard let session else { return }
        try session.startSegment(path: path)
    }

    public func finishSegment(discard: Bool) { session?.finishSegment(discard: discard) }
    public func setFilter(_ filter: CaptureFilter) { session?.setFilter(filter) }
    public func setMirrored(_ mirrored: Bool) { session?.setMirrored(mirrored) }
}
