import Localization

/// Hold-to-record as an explicit state machine: guards first, mutation last, typed errors.
/// The capture pipeline and the UI drive it; it decides what a press, a release, a tick of the
/// clock or a finished file means. Several holds append segments to one clip.
public struct Recorder: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        /// No camera open.
        case idle
        /// The camera is starting; holding R now waits for it.
        case starting
        /// The preview is live; `segments` were recorded before (0 for a new clip).
        case ready
        /// The self-timer runs; recording starts by itself at `endsUs`.
        case countingDown(endsUs: Int64)
        /// Recording since `startedUs`.
        case recording(startedUs: Int64)
        /// The segment's file is being finalised (EOS sent, waiting for the muxer).
        case finishing
        case failed(RecorderError)
    }

    public enum Action: Sendable, Equatable {
        case openCamera
        case startSegment
        /// Finalise the current segment (it was long enough).
        case finishSegment
        /// Drop the current segment: it was shorter than the minimum ("Hold to record").
        case discardSegment
        /// A press during the self-timer called it off.
        case cancelCountdown
        case none
    }

    public private(set) var state: State = .idle
    /// Seconds of each finished segment, in order.
    public private(set) var segments: [Double] = []
    /// The user is holding the button or R (the camera may not be live yet).
    public private(set) var holding = false
    /// The segment was started by the self-timer: it runs until the next press (or the
    /// maximum), not until a release.
    public private(set) var handsFree = false
    public let minimumSegmentUs: Int64
    public private(set) var maximumUs: Int64

    public init(minimumSegmentSeconds: Double = 0.5, maximumSeconds: Double = 60) {
        minimumSegmentUs = Int64(minimumSegmentSeconds * 1_000_000)
        maximumUs = Int64(min(180, max(5, maximumSeconds)) * 1_000_000)
    }

    /// The length limit belongs to the whole clip: it can change only before the first segment.
    @discardableResult
    public mutating func setMaximum(seconds: Double) -> Bool {
        guard segments.isEmpty, !isBusy else { return false }
        maximumUs = Int64(min(180, max(5, seconds)) * 1_000_000)
        return true
    }

    private var isBusy: Bool {
        switch state {
        case .recording, .finishing, .countingDown: true
        default: false
        }
    }

    public var recordedUs: Int64 { Int64(segments.reduce(0, +) * 1_000_000) }
    public var canRecordMore: Bool { recordedUs < maximumUs }

    /// Elapsed against the maximum (0...1), for the progress ring.
    public func progress(atUs now: Int64) -> Double {
        var total = recordedUs
        if case .recording(let start) = state { total += now - start }
        return min(1, Double(total) / Double(maximumUs))
    }

    public mutating func cameraRequested() -> Action {
        guard state == .idle || isFailed else { return .none }
        state = .starting
        return .openCamera
    }

    public mutating func cameraReady(nowUs: Int64) -> Action {
        guard state == .starting else { return .none }
        state = .ready
        // A hold that began while the camera was starting records from the moment it is live.
        return holding ? begin(nowUs: nowUs) : .none
    }

    public mutating func cameraFailed(_ error: RecorderError) {
        state = .failed(error)
        holding = false
        handsFree = false
    }

    /// Press (or key-down; autorepeat presses change nothing).
    public mutating func press(nowUs: Int64) -> Action {
        guard !holding else { return .none }
        switch state {
        case .countingDown:
            state = .ready
            return .cancelCountdown
        case .recording where handsFree:
            handsFree = false
            return end(nowUs: nowUs)
        default:
            break
        }
        holding = true
        switch state {
        case .ready: return begin(nowUs: nowUs)
        case .idle, .failed: return cameraRequested()
        default: return .none
        }
    }

    public mutating func release(nowUs: Int64) -> Action {
        guard holding else { return .none }
        holding = false
        return end(nowUs: nowUs)
    }

    /// The segment's file really started at `nowUs` (attaching the record branch takes a
    /// moment): the limit and the progress count from there, as the file does.
    public mutating func segmentBegan(nowUs: Int64) {
        guard case .recording = state else { return }
        state = .recording(startedUs: nowUs)
    }

    /// Starts the self-timer (3 s or 10 s); a press calls it off.
    public mutating func startCountdown(nowUs: Int64, seconds: Int) -> Action {
        guard state == .ready, !holding, canRecordMore, seconds > 0 else { return .none }
        state = .countingDown(endsUs: nowUs + Int64(seconds) * 1_000_000)
        return .none
    }

    /// Whole seconds left on the self-timer, for the big number on screen (nil when not counting).
    public func countdownRemaining(nowUs: Int64) -> Int? {
        guard case .countingDown(let ends) = state else { return nil }
        return Int(((max(0, ends - nowUs)) + 999_999) / 1_000_000)
    }

    /// Called on every clock tick while counting down or recording: the self-timer starts
    /// recording, and recording stops by itself at the maximum.
    public mutating func tick(nowUs: Int64) -> Action {
        if case .countingDown(let ends) = state, nowUs >= ends {
            state = .ready
            handsFree = true
            return begin(nowUs: nowUs)
        }
        guard case .recording(let start) = state, recordedUs + (nowUs - start) >= maximumUs else { return .none }
        holding = false
        handsFree = false
        return end(nowUs: nowUs)
    }

    /// The segment's file is final; `seconds` is its real duration. A hold that began while it
    /// was being saved records from now.
    @discardableResult
    public mutating func segmentFinished(seconds: Double, nowUs: Int64) -> Action {
        guard state == .finishing else { return .none }
        segments.append(seconds)
        state = .ready
        return holding ? begin(nowUs: nowUs) : .none
    }

    /// The too-short segment's file is gone (the pipeline let go of it).
    @discardableResult
    public mutating func segmentDiscarded(nowUs: Int64) -> Action {
        guard state == .finishing else { return .none }
        state = .ready
        return holding ? begin(nowUs: nowUs) : .none
    }

    /// A segment already on disk from before the camera was closed (the tab was left and
    /// came back): it stays part of the clip.
    public mutating func restoreSegment(seconds: Double) {
        guard state == .idle || state == .ready || isFailed, seconds > 0 else { return }
        segments.append(seconds)
    }

    /// Undo of the last segment.
    @discardableResult
    public mutating func removeLastSegment() -> Bool {
        guard state == .ready, !segments.isEmpty else { return false }
        segments.removeLast()
        return true
    }

    /// The clip was posted or thrown away: a new one starts.
    public mutating func reset() {
        segments.removeAll()
        if state != .idle && !isFailed { state = .ready }
    }

    private var isFailed: Bool {
        if case .failed = state { return true }
        return false
    }

    private mutating func begin(nowUs: Int64) -> Action {
        guard state == .ready, canRecordMore else { return .none }
        state = .recording(startedUs: nowUs)
        return .startSegment
    }

    private mutating func end(nowUs: Int64) -> Action {
        guard case .recording(let start) = state else { return .none }
        state = .finishing
        return nowUs - start < minimumSegmentUs ? .discardSegment : .finishSegment
    }
}

/// Why recording can't go on, in words for people.
public enum RecorderError: Error, Sendable, Equatable, CustomStringConvertible {
    case noCamera
    case noMicrophone
    case deviceBusy(String)
    case diskFull(path: String)
    case notWritable(path: String)
    /// The library refused the post (the video was not kept).
    case notSaved(String)
    case pipeline(String)

    public var description: String {
        switch self {
        case .noCamera: tr("No camera was found. Plug one in, or start Loopfeed with --camera test.")
        case .noMicrophone: tr("No microphone was found.")
        case .deviceBusy(let device): tr("The camera {device} is in use by another program.", ["device": device])
        case .diskFull(let path): tr("The disk is full: the clip can’t be saved to {path}.", ["path": path])
        case .notWritable(let path): tr("Loopfeed can’t write to {path}.", ["path": path])
        case .notSaved(let detail): tr("The post couldn’t be saved in the library ({detail}).", ["detail": detail])
        case .pipeline(let message): tr("Recording failed: {reason}", ["reason": message])
        }
    }
}
