public import FeedCore
public import Foundation

/// A `CaptureSessionControl` that records the calls made on it; the test says when it goes
/// live, fails, or finishes a segment.
@MainActor
public final class FakeCaptureSession: CaptureSessionControl {
    public enum Call: Equatable, Sendable {
        case start, stop, mirrored(Bool), filter(CaptureFilter), startSegment(URL), finishSegment(discard: Bool)
    }

    public private(set) var calls: [Call] = []
    public var onLive: (() -> Void)?
    public var onError: ((RecorderError) -> Void)?
    public var onSegmentFinished: ((URL, Double) -> Void)?
    public var onSegmentDiscarded: (() -> Void)?
    /// The error `startSegment` throws, if any (a full disk, say).
    public var segmentError: RecorderError?
    public private(set) var segmentPath: URL?

    public init() {}

    public var isRecording: Bool { segmentPath != nil }

    public func start() { calls.append(.start) }
    public func stop() { calls.append(.stop) }
    public func setMirrored(_ mirrored: Bool) { calls.append(.mirrored(mirrored)) }
    public func setFilter(_ filter: CaptureFilter) { calls.append(.filter(filter)) }

    public func startSegment(path: URL) throws(RecorderError) {
        calls.append(.startSegment(path))
        if let segmentError { throw segmentError }
        segmentPath = path
    }

    public func finishSegment(discard: Bool) {
        calls.append(.finishSegment(discard: discard))
    }

    public func goLive() { onLive?() }
    public func fail(_ error: RecorderError) { onError?(error) }

    /// The segment being recorded is final, `seconds` long (or, `discarded`, let go of).
    public func endSegment(seconds: Double, discarded: Bool = false) {
        guard let path = segmentPath else { return }
        segmentPath = nil
        if discarded { onSegmentDiscarded?() } else { onSegmentFinished?(path, seconds) }
    }
}
