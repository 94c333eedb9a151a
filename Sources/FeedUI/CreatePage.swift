import FeedCore
import FeedPresentation
import FeedMedia
import Foundation
import GLibKit
import GtkKit
import Localization
import VideoBridge

/// The Create tab. Camera: a live preview; hold the record button (or R) to record, as many
/// holds as you like (each a segment, the last can be undone), with a sound, speed, timer,
/// looks and mirror chosen first, or Album to start from a video file. Enter or Next joins
/// the segments into the editor (text, sound, trim, speed), then the posting page (caption,
/// cover, allow comments, save a copy), then Post. Without a camera it shows the devices and
/// a Retry.
@MainActor
final class CreatePage {
    struct Dependencies {
        /// Made on the first visit to the tab: a device monitor running from launch would
        /// watch the sound server through every page change of the feed for nothing.
        var makeDevices: @MainActor () -> RecordingDevices
        var makeCaptureSession: @MainActor (CaptureDevice, _ mirrored: Bool, VideoFrameReceiver) throws -> any CaptureSessionControl
        var repository: FeedRepository
        var events: EventSink?
        var clock: MonotonicClock
        var dataDirectory: URL
        var audioSinkDescription: String?
        var preferences: PreferencesStore
        var sounds: [RecordingSound]
        /// Where "Save a copy" puts videos (~/Videos).
        var videosFolder: URL
        var publisher: ClipPublishing
        /// Joining, probing, covers, rendering and the clip's files, off the main thread.
        var clipJobs: ClipJobs
    }

    /// The pages, with a toast above them.
    let root = Overlay()
    let pages = Stack()
    let toast = Label()
    var toastTimer: SourceHandle?
    /// The window, for the file choosers.
    var parentWindow: Widget?
    /// Called after a post is stored.
    var onPosted: ((Post) -> Void)?
    /// A short message for the feed's toast after posting.
    var onNotice: ((String) -> Void)?

    let deps: Dependencies
    // Camera.
    let cameraPage = Overlay()
    let previewSurface = VideoSurface()
    let previewPicture = Picture()
    let recordButton = RecordButton()
    let status = Label(tr("Hold to record"))
    let countdown = Label()
    let segmentBar = Box(.horizontal, spacing: 8)
    let toolbar: CaptureToolbar
    let sounds: SoundPicker
    /// Where this clip's segments are written (recordings/clip-<id>/seg-NNN.mp4).
    var clipFolder: URL?
    // No camera.
    let missing: StatusPage
    let deviceRows = Box(.vertical, spacing: 6)
    // Editing and posting.
    let editor: ClipEditorPage
    let posting: PostingPage
    var chooser: FileChooser?

    /// The camera and microphone, and the capture session on them.
    let camera: LiveCamera
    /// A video file probed to post instead of a recording.
    let album: AlbumImport
    var releasedUs: Int64 = 0
    var recorder: Recorder
    var tick: SourceHandle?
    /// Where the clip is, from the camera to the stored post, and what waits on what.
    var flow: CreateFlow
    var noticeTimer: SourceHandle?
    var clip: CreateFlow.Clip? { flow.clip }
    var edit: ClipEdit?
    var coverFrames: [URL] = []
    var coverTicket: WorkTicket?
    /// Post was pressed before the cover frames were made: the post waits for them (a post
    /// stored without its cover would show a blank tile until a thumbnail is made).
    var publishWhenCovered: (() -> Void)?
    var renderTicket: WorkTicket?
    /// The last render of this clip, kept until it is posted.
    var rendered: (edit: ClipEdit, url: URL)?
    var isActive = false


    init(_ deps: Dependencies) {
        self.deps = deps
        camera = LiveCamera(makeDevices: deps.makeDevices) { [previewSurface] device, mirrored in
            try deps.makeCaptureSession(device, mirrored, previewSurface)
        }
        album = AlbumImport(clipJobs: deps.clipJobs)
        let limit = deps.preferences.load().recordingLimitSeconds
        recorder = Recorder(maximumSeconds: Double(limit))
        flow = CreateFlow(leftover: LeftoverRecordings.tidy(deps.dataDirectory.appendingPathComponent("recordings")))
        toolbar = CaptureToolbar(limitSeconds: limit)
        editor = ClipEditorPage(audioSinkDescription: deps.audioSinkDescription)
        sounds = SoundPicker(sounds: deps.sounds, audioSinkDescription: deps.audioSinkDescription,
                             clipJobs: deps.clipJobs, camera: cameraPage, editor: editor.root)
        posting = PostingPage(copyFolderName: Self.displayPath(deps.videosFolder))
        missing = StatusPage(iconName: "camera-disabled-symbolic", title: tr("Shoot a video"),
                             detail: tr("Loopfeed needs a camera and a microphone to record."))
        root.addCSSClass("create-page")
        buildCamera()
        buildMissing()
        wireEditing()
        wireCamera()
        pages.add(cameraPage, name: "camera", title: tr("Camera"))
        pages.add(missing.root, name: "missing", title: tr("No camera"))
        // TRANSLATORS: the title of the recorder's editing page.
        pages.add(editor.root, name: "edit", title: tr("Edit"))
        // TRANSLATORS: the title of the recorder's posting page.
        pages.add(posting.root, name: "posting", title: tr("Post"))
        pages.setExpand(horizontal: true, vertical: true)
        root.setChild(pages)
        toast.addCSSClass("toast")
        toast.setAlign(horizontal: .center, vertical: .start)
        toast.setWrap(true)
        toast.canTarget = false
        toast.isVisible = false
        root.addOverlay(toast)
    }

    static func displayPath(_ url: URL) -> String {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return url.path.hasPrefix(home + "/") ? "~" + url.path.dropFirst(home.count) : url.path
    }

    func buildCamera() {
        previewPicture.setPaintable(previewSurface.paintable)
        previewSurface.onFrame = { [weak self] in self?.showProgress() }
        previewPicture.setFit(.cover)
        previewPicture.setExpand(horizontal: true, vertical: true)
        previewPicture.setAccessibleLabel(tr("Camera preview"))
        cameraPage.setChild(previewPicture)
        countdown.addCSSClass("countdown")
        countdown.setAlign(horizontal: .center, vertical: .center)
        countdown.canTarget = false
        countdown.isVisible = false
        cameraPage.addOverlay(countdown)
        let controls = Box(.vertical, spacing: 8)
        controls.setAlign(horizontal: .center, vertical: .end)
        controls.setMargins(bottom: 16)
        status.addCSSClass("record-status")
        recordButton.onPress = { [weak self] in self?.press() }
        recordButton.onRelease = { [weak self] in self?.release() }
        let undo = Button(label: tr("Undo last"))
        undo.setAccessibleLabel(tr("Remove the last segment"))
        undo.onClicked { [weak self] in self?.undoSegment() }
        let next = Button(label: tr("Next"))
        next.addCSSClass("suggested-action")
        next.tooltip = tr("Next (Enter)")
        next.onClicked { [weak self] in self?.next() }
        segmentBar.append(undo)
        segmentBar.append(next)
        segmentBar.setAlign(horizontal: .center)
        segmentBar.isVisible = false
        controls.append(status)
        controls.append(toolbar.limits)
        controls.append(recordButton.root)
        controls.append(segmentBar)
        cameraPage.addOverlay(toolbar.top)
        cameraPage.addOverlay(toolbar.rail)
        cameraPage.addOverlay(controls)
        cameraPage.addOverlay(toolbar.album)
        cameraPage.addOverlay(sounds.sheet.root)

        toolbar.onSound = { [weak self] in self?.openSounds(for: .camera) }
        toolbar.onFlip = { [weak self] in self?.flipCamera() }
        toolbar.onFilter = { [weak self] look in self?.camera.setFilter(look) }
        toolbar.onMirror = { [weak self] mirrored in self?.camera.setMirrored(mirrored) }
        toolbar.onLimit = { [weak self] seconds in self?.changeLimit(seconds) }
        toolbar.onAlbum = { [weak self] in self?.chooseAlbumVideo() }
        wireSounds()
    }

    func buildMissing() {
        deviceRows.setAlign(horizontal: .center)
        let retry = Button(label: tr("Retry"))
        retry.setAlign(horizontal: .center)
        retry.onClicked { [weak self] in self?.retry() }
        let album = Button(label: tr("Post a video file instead"))
        album.setAlign(horizontal: .center)
        album.onClicked { [weak self] in self?.chooseAlbumVideo() }
        let box = Box(.vertical, spacing: 10)
        box.setAlign(horizontal: .center, vertical: .end)
        box.setMargins(bottom: 80)
        box.append(deviceRows)
        box.append(retry)
        box.append(album)
        missing.root.append(box)
    }

    func wireEditing() {
        editor.onDiscard = { [weak self] in self?.discardClip() }
        editor.onNext = { [weak self] edit in self?.openPosting(edit) }
        editor.onSound = { [weak self] in self?.openSounds(for: .editor) }
        posting.onBack = { [weak self] in self?.backToEditor() }
        posting.onPost = { [weak self] choices in self?.post(choices) }
    }

    // MARK: - Joining and editing

    /// Enter or Next: the segments become one clip, shown in the editor.
    func next() {
        guard let folder = clipFolder, flow.next(recorder: recorder) == .join else { return }
        closeCamera()
        join(folder, message: nil)
    }

    /// Joins the segments in `folder` on a worker and opens the result in the editor; its
    /// length is probed from the file, which is what was really recorded.
    func join(_ folder: URL, message: String?) {
        status.text = tr("Joining…")
        deps.clipJobs.join(segmentsIn: folder) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let joined):
                let clip = CreateFlow.Clip(url: joined.url, seconds: joined.durationSeconds, recorded: true)
                guard let replay = flow.joined(clip) else { return }
                showEditor()
                if let message { editor.show(message) }
                if !isActive { editor.pause() }
                replayTyped(replay)
            case .failure(let error):
                flow.joinFailed()
                status.text = error.description
                notice(error.description)
                if isActive { openCamera() }
            }
        }
    }

    /// Shows one of the tab's pages and says so (`create_page`: the end-to-end tests wait for
    /// the editor or the posting page instead of sleeping through a join or a probe).
    func showPage(_ name: String) {
        guard pages.visibleName != name else { return }
        pages.visibleName = name
        deps.events?.emit(.createPage(name: name))
    }

    func showEditor() {
        guard let clip else { return }
        let speed = ClipEdit.Speed(rawValue: toolbar.speed) ?? .normal
        editor.show(clip: clip.url, seconds: clip.seconds, speed: speed, sound: clip.recorded ? sounds.cameraSound : nil)
        // Said once the editor holds the clip.
        showPage("edit")
    }

    var hasSegments: Bool { !recorder.segments.isEmpty && clip == nil }

    /// Enter on the Create tab: join the segments, or go on from the editor.
    func returnPressed() -> Bool {
        switch pages.visibleName {
        case "camera" where hasSegments:
            next()
        case "edit" where !editor.isTyping:
            editor.activateNext()
        default:
            return false
        }
        return true
    }

    /// Typing on the editor (no text field focused) starts the caption: the posting page opens
    /// with what was typed, so "Enter, a caption, Ctrl+Enter" posts straight from the camera.
    func startCaption(with character: Character) -> Bool {
        // Typed while the segments are still being joined: kept for the caption, not taken
        // as shortcuts on the camera page (f would go fullscreen, r would record).
        if flow.typed(character) { return true }
        guard pages.visibleName == "edit", !editor.isTyping, !sounds.isOpen else { return false }
        editor.activateNext()
        guard pages.visibleName == "posting" else { return false }
        posting.continueCaption(with: String(character))
        return true
    }

    /// What was typed (and whether Ctrl+Enter came) while joining, played back once the
    /// editor is up.
    func replayTyped(_ replay: CreateFlow.Replay) {
        guard !replay.isEmpty, pages.visibleName == "edit" else { return }
        editor.activateNext()
        guard pages.visibleName == "posting" else { return }
        if !replay.typed.isEmpty { posting.continueCaption(with: replay.typed) }
        if replay.post { posting.post() }
    }

    /// Ctrl+Enter: post from the posting page (or go there from the editor).
    func postShortcut() -> Bool {
        if flow.postShortcut() { return true }
        switch pages.visibleName {
        case "posting":
            posting.post()
        case "edit":
            editor.activateNext()
        default:
            return false
        }
        return true
    }

    /// A clip left in recordings/ by an earlier run (its segments play even after a crash),
    /// found (and the rest tidied) when the app starts; joined into the editor when the tab opens.
    var leftoverClip: URL? { flow.leftover }

    func discardClip() {
        renderTicket?.cancel()
        renderTicket = nil
        startOver()
        openCamera()
    }

    /// The clip was posted or thrown away: its folder goes and the recorder starts afresh.
    func startOver() {
        if let folder = clipFolder { deps.clipJobs.discard(folder) }
        coverTicket?.cancel()
        coverTicket = nil
        publishWhenCovered = nil
        editor.unload()
        flow.finishClip()
        edit = nil
        rendered = nil
        clipFolder = nil
        coverFrames = []
        segmentBar.isVisible = false
        toolbar.setRecording(false, hasSegments: false)
        posting.reset()
        recorder = Recorder(maximumSeconds: Double(toolbar.limitSeconds))
        recordButton.setProgress(0)
        status.text = tr("Hold to record")
    }

    /// A clip is being edited or posted (R does not record then).
    var isReviewing: Bool { clip != nil }

    /// A short message over the Create tab (the feed's own toast is not on screen here).
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

    func notice(_ text: String) {
        toast.text = text
        toast.isVisible = true
        toastTimer?.cancel()
        toastTimer = MainLoop.after(milliseconds: 3_000) { [weak self] in self?.toast.isVisible = false }
    }
}
