public import FeedCore
public import Foundation
import Localization

/// The Create tab's state and decisions, from the camera to a stored post: holding to record
/// (`Recorder`: the self-timer and hands-free recording, the limit, segments saved and undone),
/// the clip's way through joining, editing and posting (`CreateFlow`), the jobs on its files
/// and their answers (a stale one dropped), the tab left and come back to, and what is said.
/// CreatePage only binds its widgets to what this reports (`onChange`) and forwards input; the
/// editor, the posting page and the sound picker are driven through small view protocols.
@MainActor
public final class CreateSession {
    public struct Dependencies {
        /// Made on the first visit to the tab: a device monitor running from launch would
        /// watch the sound server through every page change of the feed for nothing.
        public var makeDevices: @MainActor () -> RecordingDevices
        /// A capture session on a device, mirrored or not (its preview goes where the page shows it).
        public var makeCaptureSession: @MainActor (CaptureDevice, _ mirrored: Bool) throws -> any CaptureSessionControl
        public var repository: FeedRepository
        public var events: EventSink?
        public var clock: MonotonicClock
        public var timers: Timers
        /// Clips are recorded under its recordings/ folder (recordings/clip-<id>/seg-NNN.mp4).
        public var dataDirectory: URL
        /// A clip left in recordings/ by an earlier run (a crash), reviewed on the first visit.
        public var leftover: URL?
        public var preferences: PreferencesStore
        /// Where "Save a copy" puts videos (~/Videos).
        public var videosFolder: URL
        /// The user's home folder: a folder under it is said "~/…".
        public var homeFolder: URL
        public var publisher: ClipPublishing
        /// Joining, probing, covers, rendering and the clip's files, off the main thread.
        public var clipJobs: ClipJobs
        /// Posts to the signed-in accounts' channels; nil: this computer only.
        public var uploads: PostUploading?

        public init(makeDevices: @escaping @MainActor () -> RecordingDevices,
                    makeCaptureSession: @escaping @MainActor (CaptureDevice, _ mirrored: Bool) throws -> any CaptureSessionControl,
                    repository: FeedRepository, events: EventSink?, clock: MonotonicClock, timers: Timers,
                    dataDirectory: URL, leftover: URL?, preferences: PreferencesStore, videosFolder: URL,
                    homeFolder: URL, publisher: ClipPublishing, clipJobs: ClipJobs, uploads: PostUploading? = nil) {
            self.makeDevices = makeDevices
            self.makeCaptureSession = makeCaptureSession
            self.repository = repository
            self.events = events
            self.clock = clock
            self.timers = timers
            self.dataDirectory = dataDirectory
            self.leftover = leftover
            self.preferences = preferences
            self.videosFolder = videosFolder
            self.homeFolder = homeFolder
            self.publisher = publisher
            self.clipJobs = clipJobs
            self.uploads = uploads
        }
    }

    /// The tab's pages (their names are the `create_page` event's).
    public enum Page: String, Sendable {
        case camera, missing, edit, posting
    }

    /// What the capture tools allow: nothing that would change the clip mid-way while recording
    /// or counting down; the clip's own choices (limit, sound, Album) once it has a segment.
    public struct ToolLock: Equatable, Sendable {
        public var recording: Bool
        public var hasSegments: Bool
    }

    /// Which part of what the page shows changed (read it from the property of that name).
    public enum Change: Equatable, Sendable {
        case status, countdown, recording, progress, tools, canFlip, segmentBar, page, deviceRows, toast, limitSeconds
    }

    // MARK: - What the page shows

    /// The line above the record button.
    public internal(set) var status = tr("Hold to record") { didSet { report(.status, status != oldValue) } }
    /// The self-timer's big number; nil hides it.
    public internal(set) var countdown: String? { didSet { report(.countdown, countdown != oldValue) } }
    /// The record button's recording look.
    public internal(set) var isRecording = false { didSet { report(.recording, isRecording != oldValue) } }
    /// The clip's length against the limit, 0...1 (the ring around the record button).
    public internal(set) var progress = 0.0 { didSet { report(.progress, progress != oldValue) } }
    public internal(set) var tools = ToolLock(recording: false, hasSegments: false) { didSet { report(.tools, tools != oldValue) } }
    /// More than one camera: Flip can be pressed.
    public internal(set) var canFlip = true { didSet { report(.canFlip, canFlip != oldValue) } }
    /// Undo last and Next under the record button.
    public internal(set) var showsSegmentBar = false { didSet { report(.segmentBar, showsSegmentBar != oldValue) } }
    public internal(set) var page = Page.camera { didSet { report(.page, page != oldValue) } }
    /// The no-camera page's rows, as they were when it was last shown.
    public internal(set) var deviceRows: [DeviceRow] = [] { didSet { report(.deviceRows, true) } }
    /// A short message over the tab (the feed's own toast is not on screen here); nil hides it.
    public internal(set) var toast: String?
    /// The recording limit chosen (the toolbar's chips).
    public internal(set) var limitSeconds: Int { didSet { report(.limitSeconds, limitSeconds != oldValue) } }

    public var onChange: ((Change) -> Void)?
    /// A post was stored.
    public var onPosted: ((Post) -> Void)?
    /// A short message for the feed's toast after posting.
    public var onFeedNotice: ((String) -> Void)?

    // MARK: - Choices made on the camera (the toolbar's)

    /// How fast the clip will play (0.5, 1, 2).
    public var speed = 1.0
    /// The self-timer: 0 (off), 3 or 10 seconds.
    public var timerSeconds = 0
    public internal(set) var filter = CaptureFilter.none
    public internal(set) var mirrored = false

    // MARK: - The clip under way

    let deps: Dependencies
    let editor: ClipEditorView
    let posting: PostingView
    let sounds: SoundPickerView
    /// The camera and microphone, and the capture session on them.
    let camera: LiveCamera
    /// A video file probed to post instead of a recording.
    let album: AlbumImport
    var recorder: Recorder
    /// Where the clip is, from the camera to the stored post, and what waits on what.
    var flow: CreateFlow
    /// Where this clip's segments are written (recordings/clip-<id>/seg-NNN.mp4).
    var clipFolder: URL?
    /// When the last segment was released (the `record_finished` event's finalising time).
    var releasedUs: Int64 = 0
    /// The countdown's and the limit's clock while counting down or recording.
    var tick: TimerToken?
    /// Brings the segment summary back after a passing status line.
    var statusTimer: TimerToken?
    var toastTimer: TimerToken?
    /// The edit handed to the posting page.
    var edit: ClipEdit?
    var coverFrames: [URL] = []
    var coverTicket: WorkTicket?
    /// Post was pressed before the cover frames were made: the post waits for them (a post
    /// stored without its cover would show a blank tile until a thumbnail is made).
    var publishWhenCovered: (() -> Void)?
    var renderTicket: WorkTicket?
    /// The last render of this clip, kept until it is posted.
    var rendered: (edit: ClipEdit, url: URL)?
    /// The tab is on screen.
    public internal(set) var isActive = false

    public init(_ deps: Dependencies, editor: ClipEditorView, posting: PostingView, sounds: SoundPickerView) {
        self.deps = deps
        self.editor = editor
        self.posting = posting
        self.sounds = sounds
        camera = LiveCamera(makeDevices: deps.makeDevices, makeSession: deps.makeCaptureSession)
        album = AlbumImport(clipJobs: deps.clipJobs)
        let limit = deps.preferences.load().recordingLimitSeconds
        limitSeconds = limit
        recorder = Recorder(maximumSeconds: Double(limit))
        flow = CreateFlow(leftover: deps.leftover)
        wireCamera()
    }

    func report(_ change: Change, _ changed: Bool) {
        if changed { onChange?(change) }
    }

    // MARK: - Where the tab is

    var clip: CreateFlow.Clip? { flow.clip }

    /// A clip left in the recordings folder by an earlier run (its segments play even after a
    /// crash): joined into the editor when the tab opens.
    public var leftoverClip: URL? { flow.leftover }

    /// A clip is being edited or posted (R does not record then).
    public var isReviewing: Bool { clip != nil }

    /// Segments are recorded and not yet joined.
    var hasSegments: Bool { !recorder.segments.isEmpty && clip == nil }

    /// Shows one of the tab's pages and says so (`create_page`: the end-to-end tests wait for
    /// the editor or the posting page instead of sleeping through a join or a probe).
    func showPage(_ shown: Page) {
        guard page != shown else { return }
        page = shown
        deps.events?.emit(.createPage(name: shown.rawValue))
    }

    // MARK: - Keys

    /// Enter on the Create tab: join the segments, or go on from the editor.
    public func returnPressed() -> Bool {
        switch page {
        case .camera where hasSegments:
            next()
        case .edit where !editor.isTyping:
            editor.activateNext()
        default:
            return false
        }
        return true
    }

    /// Typing on the editor (no text field focused) starts the caption: the posting page opens
    /// with what was typed, so "Enter, a caption, Ctrl+Enter" posts straight from the camera.
    public func startCaption(with character: Character) -> Bool {
        // Typed while the segments are still being joined: kept for the caption, not taken
        // as shortcuts on the camera page (f would go fullscreen, r would record).
        if flow.typed(character) { return true }
        guard page == .edit, !editor.isTyping, !sounds.isOpen else { return false }
        editor.activateNext()
        guard page == .posting else { return false }
        posting.continueCaption(with: String(character))
        return true
    }

    /// Ctrl+Enter: post from the posting page (or go there from the editor).
    public func postShortcut() -> Bool {
        if flow.postShortcut() { return true }
        switch page {
        case .posting:
            posting.post()
        case .edit:
            editor.activateNext()
        default:
            return false
        }
        return true
    }

    /// What was typed (and whether Ctrl+Enter came) while joining, played back once the
    /// editor is up.
    func replayTyped(_ replay: CreateFlow.Replay) {
        guard !replay.isEmpty, page == .edit else { return }
        editor.activateNext()
        guard page == .posting else { return }
        if !replay.typed.isEmpty { posting.continueCaption(with: replay.typed) }
        if replay.post { posting.post() }
    }

    /// The sound sheet closed over the editor, which plays again.
    public func soundSheetClosedOverEditor() {
        guard page == .edit else { return }
        editor.resume()
    }

    // MARK: - Saying things

    /// A short message over the Create tab for 3 s.
    public func notice(_ text: String) {
        toast = text
        report(.toast, true)
        toastTimer?.cancel()
        toastTimer = deps.timers.after(milliseconds: 3_000) { [weak self] in
            guard let self else { return }
            toast = nil
            report(.toast, true)
        }
    }

    /// Writes the recorder's preferences; one that could not be kept (a full disk) is said over
    /// the camera and in the events, and holds until Loopfeed closes.
    func keep(_ preferences: Preferences) {
        do {
            try deps.preferences.save(preferences)
        } catch {
            let message = tr("This setting can’t be kept: {error}", ["error": error])
            notice(message)
            deps.events?.emit(.error(kind: "preferences", message: message, postID: nil))
        }
    }

    /// A folder as people write it: under `home`, "~/…".
    public static func displayPath(_ url: URL, home: URL) -> String {
        let home = home.path
        return url.path.hasPrefix(home + "/") ? "~" + url.path.dropFirst(home.count) : url.path
    }
}
