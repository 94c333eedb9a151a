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
/// a Retry. What happens when is `CreateSession`'s; this page binds widgets to it.
@MainActor
final class CreatePage {
    /// The live preview's size: frames are scaled in GStreamer to a page's size.
    private static let previewSize = PixelSize(width: 450, height: 800)

    /// The pages, with a toast above them.
    let root = Overlay()
    let pages = Stack()
    let toast = Label()
    /// The window, for the file choosers.
    var parentWindow: Widget?
    // Camera.
    let cameraPage = Overlay()
    let previewSurface = VideoSurface()
    let previewPicture = Picture()
    let recordButton = RecordButton()
    let status = Label()
    let countdown = Label()
    let segmentBar = Box(.horizontal, spacing: 8)
    let toolbar: CaptureToolbar
    let sounds: SoundPicker
    // No camera.
    let missing: StatusPage
    let deviceRows = Box(.vertical, spacing: 6)
    // Editing and posting.
    let editor: ClipEditorPage
    let posting: PostingPage
    /// The file chooser open (Album's or a sound's; one at a time).
    var chooser: FileChooser?
    let session: CreateSession

    init(_ deps: CreateDependencies) {
        editor = ClipEditorPage(media: deps.media)
        sounds = SoundPicker(sounds: deps.sounds, media: deps.media,
                             clipJobs: deps.clipJobs, camera: cameraPage, editor: editor.root)
        posting = PostingPage(copyFolderName: CreateSession.displayPath(deps.videosFolder, home: deps.homeFolder))
        missing = StatusPage(iconName: "camera-disabled-symbolic", title: tr("Shoot a video"),
                             detail: tr("Loopfeed needs a camera and a microphone to record."))
        let media = deps.media
        session = CreateSession(CreateSession.Dependencies(
            makeDevices: { media.recordingDevices() },
            makeCaptureSession: { [previewSurface] device, mirrored in
                try media.makeCaptureSession(on: device, mirrored: mirrored, preview: Self.previewSize, receiver: previewSurface)
            },
            repository: deps.repository, events: deps.events, clock: deps.clock, timers: deps.timers,
            dataDirectory: deps.dataDirectory,
            leftover: LeftoverRecordings.tidy(deps.dataDirectory.appendingPathComponent("recordings")),
            preferences: deps.preferences, videosFolder: deps.videosFolder, homeFolder: deps.homeFolder, publisher: deps.publisher,
            clipJobs: deps.clipJobs, uploads: deps.uploads), editor: editor, posting: posting, sounds: sounds)
        toolbar = CaptureToolbar(limitSeconds: session.limitSeconds)
        root.addCSSClass("create-page")
        buildCamera()
        buildMissing()
        wireEditing()
        pages.add(cameraPage, name: CreateSession.Page.camera.rawValue, title: tr("Camera"))
        pages.add(missing.root, name: CreateSession.Page.missing.rawValue, title: tr("No camera"))
        // TRANSLATORS: the title of the recorder's editing page.
        pages.add(editor.root, name: CreateSession.Page.edit.rawValue, title: tr("Edit"))
        // TRANSLATORS: the title of the recorder's posting page.
        pages.add(posting.root, name: CreateSession.Page.posting.rawValue, title: tr("Post"))
        pages.setExpand(horizontal: true, vertical: true)
        root.setChild(pages)
        toast.addCSSClass("toast")
        toast.setAlign(horizontal: .center, vertical: .start)
        toast.setWrap(true)
        toast.canTarget = false
        toast.isVisible = false
        root.addOverlay(toast)
        status.text = session.status
        session.onChange = { [weak self] change in self?.show(change) }
    }

    func buildCamera() {
        previewPicture.setPaintable(previewSurface.paintable)
        previewSurface.onFrame = { [weak self] in self?.session.frameShown() }
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
        recordButton.onPress = { [weak self] in self?.session.press() }
        recordButton.onRelease = { [weak self] in self?.session.release() }
        let undo = Button(label: tr("Undo last"))
        undo.setAccessibleLabel(tr("Remove the last segment"))
        undo.onClicked { [weak self] in self?.session.undoSegment() }
        let next = Button(label: tr("Next"))
        next.addCSSClass("suggested-action")
        next.tooltip = tr("Next (Enter)")
        next.onClicked { [weak self] in self?.session.next() }
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
        toolbar.onFlip = { [weak self] in self?.session.flipCamera() }
        toolbar.onSpeed = { [weak self] speed in self?.session.speed = speed }
        toolbar.onTimer = { [weak self] seconds in self?.session.timerSeconds = seconds }
        toolbar.onFilter = { [weak self] look in self?.session.setFilter(look) }
        toolbar.onMirror = { [weak self] mirrored in self?.session.setMirrored(mirrored) }
        toolbar.onLimit = { [weak self] seconds in self?.session.changeLimit(seconds) }
        toolbar.onAlbum = { [weak self] in self?.chooseAlbumVideo() }
        wireSounds()
    }

    func buildMissing() {
        deviceRows.setAlign(horizontal: .center)
        let retry = Button(label: tr("Retry"))
        retry.setAlign(horizontal: .center)
        retry.onClicked { [weak self] in self?.session.retry() }
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
        editor.onDiscard = { [weak self] in self?.session.discardClip() }
        editor.onNext = { [weak self] edit in self?.session.openPosting(edit) }
        editor.onSound = { [weak self] in self?.openSounds(for: .editor) }
        posting.onBack = { [weak self] in self?.session.backToEditor() }
        posting.onPost = { [weak self] choices in self?.session.post(choices) }
    }

    /// Shows what the session says changed.
    private func show(_ change: CreateSession.Change) {
        switch change {
        case .status:
            status.text = session.status
        case .countdown:
            if let number = session.countdown { countdown.text = number }
            countdown.isVisible = session.countdown != nil
        case .recording:
            recordButton.setRecording(session.isRecording)
        case .progress:
            recordButton.setProgress(session.progress)
        case .tools:
            toolbar.setRecording(session.tools.recording, hasSegments: session.tools.hasSegments)
        case .canFlip:
            toolbar.setCameraCount(session.canFlip ? 2 : 1)
        case .segmentBar:
            segmentBar.isVisible = session.showsSegmentBar
        case .page:
            pages.visibleName = session.page.rawValue
        case .deviceRows:
            showDeviceRows()
        case .toast:
            if let text = session.toast { toast.text = text }
            toast.isVisible = session.toast != nil
        case .limitSeconds:
            toolbar.chooseLimit(session.limitSeconds, notify: false)
        }
    }

    private func showDeviceRows() {
        deviceRows.removeAll()
        for row in session.deviceRows {
            let label = Label(row.sentence)
            label.addCSSClass(row.state == .available ? "device-ok" : "device-missing")
            deviceRows.append(label)
        }
    }

    // MARK: - What the window asks of the tab

    var isActive: Bool { session.isActive }
    var isReviewing: Bool { session.isReviewing }
    var leftoverClip: URL? { session.leftoverClip }
    /// Called after a post is stored.
    var onPosted: ((Post) -> Void)? {
        get { session.onPosted }
        set { session.onPosted = newValue }
    }
    /// A short message for the feed's toast after posting.
    var onNotice: ((String) -> Void)? {
        get { session.onFeedNotice }
        set { session.onFeedNotice = newValue }
    }

    func activate() { session.activate() }
    func deactivate() { session.deactivate() }
    func press() { session.press() }
    func release() { session.release() }
    func returnPressed() -> Bool { session.returnPressed() }
    func startCaption(with character: Character) -> Bool { session.startCaption(with: character) }
    func postShortcut() -> Bool { session.postShortcut() }
    func applyRecordingLimit(_ seconds: Int) { session.applyRecordingLimit(seconds) }
}
