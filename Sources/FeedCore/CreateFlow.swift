public import Foundation

/// The Create tab's workflow from the camera to a stored post, as an explicit state machine
/// (holding to record is `Recorder`'s). It decides what Enter, Ctrl+Enter, typing, leaving the
/// tab, a saved segment or a finished join mean at each stage; CreateSession carries them out.
/// Guards first, mutation last.
public struct CreateFlow: Sendable, Equatable {
    /// The clip being edited: the joined recording or an album file, and its length.
    public struct Clip: Sendable, Equatable {
        public let url: URL
        public let seconds: Double
        /// Recorded here (the sound chosen on the camera goes with it), not an album file.
        public let recorded: Bool

        public init(url: URL, seconds: Double, recorded: Bool) {
            self.url = url
            self.seconds = seconds
            self.recorded = recorded
        }
    }

    public enum Stage: Sendable, Equatable {
        /// The camera or the no-camera page: segments may be recorded.
        case capturing
        /// The segments are being joined. What was typed meanwhile (and a Ctrl+Enter) is kept
        /// for the caption, not taken as shortcuts on the camera page.
        case joining(typed: String, post: Bool)
        /// A clip is in the editor or on the posting page.
        case reviewing(Clip)
        /// The clip is being rendered and stored.
        case publishing(Clip)
    }

    /// What to do once the segment being saved is on disk.
    public enum AfterSave: Sendable, Equatable {
        case nothing
        /// The tab was left while saving: the camera closes then (cutting it before the
        /// muxer's EOS would cut the file short). `thenNext`: an Enter came before leaving,
        /// and it still counts if the user is back before the segment is saved.
        case closeCamera(thenNext: Bool)
        /// Enter came right after a release: join once the segment is saved.
        case next
    }

    /// What opening the tab leads to.
    public enum Opening: Sendable, Equatable {
        /// A clip left by an earlier run (a crash): join it into the editor to review.
        case recoverLeftover(URL)
        case resumeEditor
        case openCamera
        /// Segments are being joined: the editor opens when they are.
        case waitForJoin
    }

    /// What Enter on the camera page leads to.
    public enum NextStep: Sendable, Equatable {
        case join
        case waitForSave
        case none
    }

    /// What was typed while joining, played back on the editor once it is up.
    public struct Replay: Sendable, Equatable {
        public let typed: String
        public let post: Bool
        public init(typed: String, post: Bool) {
            self.typed = typed
            self.post = post
        }
        public var isEmpty: Bool { typed.isEmpty && !post }
    }

    public private(set) var stage: Stage = .capturing
    public private(set) var afterSave: AfterSave = .nothing
    /// A clip found in the recordings folder at launch, reviewed on the first visit.
    public private(set) var leftover: URL?

    public init(leftover: URL? = nil) {
        self.leftover = leftover
    }

    public var clip: Clip? {
        switch stage {
        case .reviewing(let clip), .publishing(let clip): clip
        case .capturing, .joining: nil
        }
    }

    public var isJoining: Bool { if case .joining = stage { true } else { false } }
    public var isPublishing: Bool { if case .publishing = stage { true } else { false } }

    /// Holding R or the button records only on the camera, and not once the camera is closing.
    public var canRecord: Bool {
        guard stage == .capturing else { return false }
        if case .closeCamera = afterSave { return false }
        return true
    }

    /// An album file may replace the clip only before anything was recorded.
    public func canStartFromAlbum(_ recorder: Recorder) -> Bool {
        guard canRecord, recorder.segments.isEmpty, !recorder.holding, !recorder.handsFree else { return false }
        switch recorder.state {
        case .recording, .countingDown, .finishing: return false
        case .idle, .starting, .ready, .failed: return true
        }
    }

    /// Undo of the last segment: only on the camera.
    public var canUndoSegment: Bool { stage == .capturing }

    public mutating func open() -> Opening {
        // Back before the last segment was saved: the camera stays after all.
        if case .closeCamera(let thenNext) = afterSave { afterSave = thenNext ? .next : .nothing }
        switch stage {
        case .joining: return .waitForJoin
        case .reviewing, .publishing: return .resumeEditor
        case .capturing:
            guard let folder = leftover else { return .openCamera }
            leftover = nil
            stage = .joining(typed: "", post: false)
            return .recoverLeftover(folder)
        }
    }

    /// The camera is asked to close; false: not yet, a segment is being saved.
    public mutating func closeCamera(recorder: Recorder) -> Bool {
        guard recorder.state == .finishing else { return true }
        afterSave = .closeCamera(thenNext: afterSave == .next || afterSave == .closeCamera(thenNext: true))
        return false
    }

    /// Enter or Next on the camera page.
    public mutating func next(recorder: Recorder) -> NextStep {
        guard stage == .capturing, !recorder.segments.isEmpty else { return .none }
        if recorder.state == .finishing {
            afterSave = .next
            return .waitForSave
        }
        guard recorder.state == .ready, !recorder.holding else { return .none }
        stage = .joining(typed: "", post: false)
        return .join
    }

    /// The segment being saved is on disk (or was dropped): what was waiting for it.
    public mutating func segmentSaved() -> AfterSave {
        let waiting = afterSave
        afterSave = .nothing
        return waiting
    }

    /// A key typed on the Create tab; true when it is kept for the caption.
    public mutating func typed(_ character: Character) -> Bool {
        guard case .joining(let typed, let post) = stage else { return false }
        stage = .joining(typed: typed + String(character), post: post)
        return true
    }

    /// Ctrl+Enter; true when it is kept to post once the editor is up.
    public mutating func postShortcut() -> Bool {
        guard case .joining(let typed, _) = stage else { return false }
        stage = .joining(typed: typed, post: true)
        return true
    }

    /// The segments became `clip`; returns what was typed meanwhile.
    public mutating func joined(_ clip: Clip) -> Replay? {
        guard case .joining(let typed, let post) = stage else { return nil }
        stage = .reviewing(clip)
        return Replay(typed: typed, post: post)
    }

    /// Joining failed: back to the camera, what was typed is dropped with it.
    public mutating func joinFailed() {
        guard isJoining else { return }
        stage = .capturing
    }

    /// An album file was probed and can be edited.
    public mutating func albumOpened(_ clip: Clip, recorder: Recorder) -> Bool {
        guard canStartFromAlbum(recorder) else { return false }
        stage = .reviewing(clip)
        return true
    }

    /// Post was pressed: the clip to render and store, nil when one is already on its way.
    public mutating func beginPublishing() -> Clip? {
        guard case .reviewing(let clip) = stage else { return nil }
        stage = .publishing(clip)
        return clip
    }

    /// Rendering or storing failed: the clip is still there to post again.
    public mutating func publishingFailed() {
        guard case .publishing(let clip) = stage else { return }
        stage = .reviewing(clip)
    }

    /// The clip was posted or thrown away: a new one starts on the camera.
    public mutating func finishClip() {
        stage = .capturing
        afterSave = .nothing
    }
}
