import FeedCore
import FeedMedia
import Foundation
import GLibKit
import GtkKit
import VideoBridge

/// The Create tab: a live camera preview; hold the record button (or R) to record, as many
/// holds as you like (each a segment, the last can be undone); Enter or Next joins them and
/// shows the clip looping with a caption, and Post. Without a camera it shows the devices and
/// a Retry.
@MainActor
final class CreatePage {
    struct Dependencies {
        var device: () -> CaptureDevice?
        var repository: FeedRepository
        var events: EventSink?
        var clock: MonotonicClock
        var dataDirectory: URL
        var audioSinkDescription: String?
        var maximumSeconds: Double = 60
    }

    let root = Stack()
    private let deps: Dependencies
    // Camera.
    private let cameraPage = Overlay()
    private let previewSurface = VideoSurface()
    private let previewPicture = Picture()
    private let recordButton = Button(label: "")
    private let status = Label("Hold to record")
    private let segmentBar = Box(.horizontal, spacing: 8)
    /// Where this clip's segments are written (recordings/<id>/seg-NNN.mp4).
    private var clipFolder: URL?
    // No camera.
    private let missing: StatusPage
    private let deviceRows = Box(.vertical, spacing: 6)
    // Review.
    private let reviewPage = Overlay()
    private let reviewSurface = VideoSurface()
    private var reviewPlayer: LoopingPlayer?
    private let caption = Entry(placeholder: "Describe your video… #hashtags @mentions")
    private let reviewMessage = Label()

    private var session: CaptureSession?
    private var filter: CaptureFilter = .none
    private var releasedUs: Int64 = 0
    private var mirrored = false
    private var recorder: Recorder
    private var tick: UInt32?
    private var clip: (url: URL, seconds: Double)?
    private(set) var isActive = false
    /// Called after a post is stored.
    var onPosted: ((Post) -> Void)?

    init(_ deps: Dependencies) {
        self.deps = deps
        recorder = Recorder(maximumSeconds: deps.maximumSeconds)
        missing = StatusPage(iconName: "camera-disabled-symbolic", title: "Shoot a video",
                             detail: "Loopfeed needs a camera and a microphone to record.")
        root.addCSSClass("create-page")
        buildCamera()
        buildMissing()
        buildReview()
        root.add(cameraPage, name: "camera", title: "Camera")
        root.add(missing.root, name: "missing", title: "No camera")
        root.add(reviewPage, name: "review", title: "Review")
    }

    private func buildCamera() {
        previewPicture.setPaintable(previewSurface.paintable)
        previewPicture.setFit(.cover)
        previewPicture.setExpand(horizontal: true, vertical: true)
        previewPicture.setAccessibleLabel("Camera preview")
        cameraPage.setChild(previewPicture)
        let controls = Box(.vertical, spacing: 10)
        controls.setAlign(horizontal: .center, vertical: .end)
        controls.setMargins(bottom: 28)
        status.addCSSClass("record-status")
        recordButton.addCSSClass("record-button")
        recordButton.setSizeRequest(width: 90, height: 90)
        recordButton.setAlign(horizontal: .center)
        recordButton.setAccessibleLabel("Record: hold to record, release to stop")
        recordButton.tooltip = "Hold to record (or hold R)"
        let hold = ClickGesture()
        hold.setPhase(.capture)
        hold.onPressed { [weak self] _, _, _ in self?.press() }
        hold.onReleased { [weak self] _, _, _ in self?.release() }
        recordButton.addController(hold)
        let undo = Button(label: "Undo last")
        undo.setAccessibleLabel("Remove the last segment")
        undo.onClicked { [weak self] in self?.undoSegment() }
        let next = Button(label: "Next")
        next.addCSSClass("suggested-action")
        next.tooltip = "Next (Enter)"
        next.onClicked { [weak self] in self?.next() }
        segmentBar.append(undo)
        segmentBar.append(next)
        segmentBar.setAlign(horizontal: .center)
        segmentBar.isVisible = false
        // Looks and mirror, on the right like the rail in the feed.
        let tools = Box(.vertical, spacing: 6)
        tools.setAlign(horizontal: .end, vertical: .start)
        tools.setMargins(top: 16, end: 10)
        for filter in CaptureFilter.allCases {
            let button = Button(label: filter.title)
            button.addCSSClass("capture-tool")
            button.setAccessibleLabel("Filter: \(filter.title)")
            button.tooltip = "Filter: \(filter.title)"
            button.onClicked { [weak self] in
                self?.filter = filter
                self?.session?.setFilter(filter)
            }
            tools.append(button)
        }
        let mirror = Button(label: "Mirror")
        mirror.addCSSClass("capture-tool")
        mirror.setAccessibleLabel("Mirror the picture")
        mirror.tooltip = "Mirror the picture"
        mirror.onClicked { [weak self, weak mirror] in
            guard let self else { return }
            mirrored.toggle()
            mirror?.setCSSClass("selected", mirrored)
            session?.setMirrored(mirrored)
        }
        tools.append(mirror)
        cameraPage.addOverlay(tools)
        controls.append(status)
        controls.append(recordButton)
        controls.append(segmentBar)
        cameraPage.addOverlay(controls)
    }

    private func buildMissing() {
        deviceRows.setAlign(horizontal: .center)
        let retry = Button(label: "Retry")
        retry.setAlign(horizontal: .center)
        retry.onClicked { [weak self] in self?.activate() }
        let box = Box(.vertical, spacing: 10)
        box.setAlign(horizontal: .center, vertical: .end)
        box.setMargins(bottom: 80)
        box.append(deviceRows)
        box.append(retry)
        missing.root.append(box)
    }

    private func buildReview() {
        let picture = Picture()
        picture.setPaintable(reviewSurface.paintable)
        picture.setFit(.cover)
        picture.setExpand(horizontal: true, vertical: true)
        reviewPage.setChild(picture)
        let form = Box(.vertical, spacing: 8)
        form.addCSSClass("post-form")
        form.setAlign(horizontal: .fill, vertical: .end)
        caption.setAccessibleLabel("Caption")
        caption.onActivate { [weak self] in self?.post() }
        reviewMessage.addCSSClass("composer-message")
        reviewMessage.setWrap(true)
        reviewMessage.isVisible = false
        let buttons = Box(.horizontal, spacing: 8)
        buttons.setAlign(horizontal: .end)
        let discard = Button(label: "Discard")
        discard.onClicked { [weak self] in self?.discardClip() }
        let postButton = Button(label: "Post")
        postButton.addCSSClass("suggested-action")
        postButton.tooltip = "Post (Ctrl+Enter)"
        postButton.onClicked { [weak self] in self?.post() }
        buttons.append(discard)
        buttons.append(postButton)
        form.append(caption)
        form.append(reviewMessage)
        form.append(buttons)
        reviewPage.addOverlay(form)
    }

    // MARK: - Camera

    /// The page is shown: open the camera (or say there is none). A clip left in the
    /// recordings folder by a crash (it plays: the moov is reserved) comes back for review.
    func activate() {
        isActive = true
        if clip == nil, let orphan = recoverOrphan() {
            clip = orphan
            showReview(orphan.url)
            reviewMessage.text = "Recovered a clip from last time. Post it or discard it."
            reviewMessage.isVisible = true
            return
        }
        guard clip == nil else { return }
        guard session == nil else { return }
        guard let device = deps.device() else {
            showMissing()
            return
        }
        do {
            let capture = try CaptureSession(graph: CaptureGraph(device: device, mirrored: mirrored),
                                             preview: PixelSize(width: 450, height: 800), receiver: previewSurface)
            capture.setFilter(filter)
            capture.onLive = { [weak self] in
                guard let self else { return }
                status.text = "Hold to record"
                apply(recorder.cameraReady(nowUs: deps.clock.nowMicroseconds()))
            }
            capture.onError = { [weak self] error in self?.failed(error) }
            capture.onSegmentFinished = { [weak self] url, seconds in self?.segmentFinished(url, seconds) }
            session = capture
            _ = recorder.cameraRequested()
            root.visibleName = "camera"
            capture.start()
        } catch {
            failed(error as? RecorderError ?? .pipeline("\(error)"))
        }
    }

    /// The page is hidden: the camera is released.
    func deactivate() {
        isActive = false
        if recorder.holding { release() }
        session?.stop()
        session = nil
        recorder = Recorder(maximumSeconds: deps.maximumSeconds)
        reviewPlayer?.pause()
    }

    private func showMissing() {
        deviceRows.removeAll()
        for (name, found) in [("Camera", false), ("Microphone", true)] {
            let row = Label("\(name): \(found ? "available" : "not found")")
            row.addCSSClass(found ? "device-ok" : "device-missing")
            deviceRows.append(row)
        }
        root.visibleName = "missing"
        recorder.cameraFailed(.noCamera)
        deps.events?.emit(.error(kind: "camera", message: RecorderError.noCamera.description, postID: nil))
    }

    private func failed(_ error: RecorderError) {
        recorder.cameraFailed(error)
        session?.stop()
        session = nil
        status.text = error.description
        if error == .noCamera { showMissing() }
        deps.events?.emit(.error(kind: "recording", message: error.description, postID: nil))
    }

    /// Press of the button or R (autorepeat is harmless).
    func press() {
        apply(recorder.press(nowUs: deps.clock.nowMicroseconds()))
    }

    func release() {
        apply(recorder.release(nowUs: deps.clock.nowMicroseconds()))
    }

    private func apply(_ action: Recorder.Action) {
        switch action {
        case .openCamera:
            activate()
        case .startSegment:
            let folder = clipFolder ?? deps.dataDirectory.appendingPathComponent("recordings/clip-\(UUID().uuidString)")
            clipFolder = folder
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            do {
                try session?.startSegment(path: SegmentJoiner.segmentURL(in: folder, index: recorder.segments.count + 1))
                recordButton.addCSSClass("recording")
                deps.events?.emit(.recordStarted)
                startTicking()
            } catch {
                failed(error)
            }
        case .finishSegment, .discardSegment:
            recordButton.removeCSSClass("recording")
            stopTicking()
            let discard = action == .discardSegment
            releasedUs = deps.clock.nowMicroseconds()
            session?.finishSegment(discard: discard)
            if discard {
                recorder.segmentDiscarded()
                status.text = recorder.segments.isEmpty ? "Hold to record" : segmentSummary
            } else {
                status.text = "Saving…"
            }
        case .cancelCountdown, .none:
            break
        }
    }

    private func startTicking() {
        tick = recordButton.addTickCallback { [weak self] _ in
            guard let self else { return false }
            let now = deps.clock.nowMicroseconds()
            let seconds = recorder.progress(atUs: now) * Double(recorder.maximumUs) / 1_000_000
            status.text = String(format: "%.1f s / %.0f s", seconds, Double(recorder.maximumUs) / 1_000_000)
            apply(recorder.tick(nowUs: now))
            return recorder.state != .finishing
        }
    }

    private func stopTicking() {
        if let tick { recordButton.removeTickCallback(tick) }
        tick = nil
    }

    private func segmentFinished(_ url: URL, _ seconds: Double) {
        recorder.segmentFinished(seconds: seconds)
        deps.events?.emit(.recordFinished(path: url.path, duration: seconds,
                                          finalizeUs: deps.clock.nowMicroseconds() - releasedUs))
        status.text = segmentSummary
        segmentBar.isVisible = true
    }

    private var segmentSummary: String {
        let count = recorder.segments.count
        return String(format: "%d segment%@ · %.1f s — hold again to add, Enter for next", count, count == 1 ? "" : "s",
                      recorder.segments.reduce(0, +))
    }

    private func undoSegment() {
        guard let folder = clipFolder, recorder.removeLastSegment() else { return }
        if let last = SegmentJoiner.segments(in: folder).last { try? FileManager.default.removeItem(at: last) }
        segmentBar.isVisible = !recorder.segments.isEmpty
        status.text = recorder.segments.isEmpty ? "Hold to record" : segmentSummary
    }

    /// Enter or Next: the segments become one clip, shown for review.
    func next() {
        guard let folder = clipFolder, !recorder.segments.isEmpty, recorder.state == .ready else { return }
        status.text = "Joining…"
        let seconds = recorder.segments.reduce(0, +)
        let output = folder.appendingPathComponent("clip.mp4")
        SegmentJoiner.join(folder: folder, into: output) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let url):
                session?.stop()
                session = nil
                clip = (url, seconds)
                showReview(url)
            case .failure(let error):
                status.text = error.description
            }
        }
    }

    var hasSegments: Bool { !recorder.segments.isEmpty && clip == nil }

    /// The newest clip folder left in recordings/ by an earlier run: its segments (playable even
    /// after a crash) are joined and offered for review. Empty leftovers are removed.
    private func recoverOrphan() -> (url: URL, seconds: Double)? {
        guard !orphansChecked else { return nil }
        orphansChecked = true
        let root = deps.dataDirectory.appendingPathComponent("recordings")
        let folders = (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        var candidates: [(URL, Date)] = []
        for folder in folders where folder.lastPathComponent.hasPrefix("clip-") {
            let segments = SegmentJoiner.segments(in: folder).filter {
                ((try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) >= 1024
            }
            if segments.isEmpty {
                try? FileManager.default.removeItem(at: folder)
                continue
            }
            let date = (try? folder.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            candidates.append((folder, date))
        }
        guard let newest = candidates.max(by: { $0.1 < $1.1 })?.0 else { return nil }
        let output = newest.appendingPathComponent("clip.mp4")
        guard case .success(let url) = SegmentJoiner.joinNow(folder: newest, into: output) else { return nil }
        clipFolder = newest
        return (url, 0)
    }

    private var orphansChecked = false

    // MARK: - Review and posting

    private func showReview(_ url: URL) {
        root.visibleName = "review"
        reviewMessage.isVisible = false
        if reviewPlayer == nil {
            reviewPlayer = try? LoopingPlayer(receiver: reviewSurface, audioSinkDescription: deps.audioSinkDescription)
        }
        reviewPlayer?.viewport = PixelSize(width: 450, height: 800)
        reviewPlayer?.load(uri: url.absoluteString)
        reviewPlayer?.play()
        caption.grabFocus()
    }

    private func discardClip() {
        if let clip { try? FileManager.default.removeItem(at: clip.url.deletingLastPathComponent()) }
        clip = nil
        clipFolder = nil
        segmentBar.isVisible = false
        reviewPlayer?.unload()
        recorder.reset()
        activate()
    }

    /// Stores the clip in the data directory and the library; on failure the clip stays here.
    func post() {
        guard let clip else { return }
        let folder = deps.dataDirectory.appendingPathComponent("videos")
        let target = folder.appendingPathComponent("\(UUID().uuidString).mp4")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.copyItem(at: clip.url, to: target)
            let me = try deps.repository.selfAuthor()
            let stored = try deps.repository.insertPost(NewPost(
                authorHandle: me?.handle ?? "you", caption: caption.text.trimmingCharacters(in: .whitespacesAndNewlines),
                music: "Original sound — \(me?.name ?? "You")", videoURI: target.absoluteString,
                width: 720, height: 1280, duration: clip.seconds, created: Date()))
            try? FileManager.default.removeItem(at: clip.url.deletingLastPathComponent())
            deps.events?.emit(.posted(postID: stored.id))
            self.clip = nil
            clipFolder = nil
            segmentBar.isVisible = false
            caption.text = ""
            reviewPlayer?.unload()
            recorder.reset()
            onPosted?(stored)
        } catch {
            try? FileManager.default.removeItem(at: target)
            reviewMessage.text = "Couldn’t save the video: \(error.localizedDescription). It is still here; free some space and try again."
            reviewMessage.isVisible = true
        }
    }

    var isReviewing: Bool { clip != nil }
}
