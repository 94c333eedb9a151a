import FeedCore
import FeedMedia
import Foundation
import GLibKit
import GtkKit
import VideoBridge

/// The Create tab: a live camera preview; hold the record button (or R) to record; then a
/// preview of the clip with a caption, and Post. Without a camera it shows the devices and a
/// Retry. One hold makes one clip in this version.
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
        controls.append(status)
        controls.append(recordButton)
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
            let capture = try CaptureSession(graph: CaptureGraph(device: device), preview: PixelSize(width: 450, height: 800),
                                             receiver: previewSurface)
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
            let folder = deps.dataDirectory.appendingPathComponent("recordings")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            do {
                try session?.startSegment(path: folder.appendingPathComponent("clip-\(UUID().uuidString).mp4"))
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
            session?.finishSegment(discard: discard)
            if discard {
                recorder.segmentDiscarded()
                status.text = "Hold to record"
            } else {
                status.text = "Saving…"
            }
        case .none:
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
        deps.events?.emit(.recordFinished(path: url.path, duration: seconds))
        clip = (url, seconds)
        session?.stop()
        session = nil
        showReview(url)
    }

    /// The newest file in the recordings folder not written by this run, if any.
    private func recoverOrphan() -> (url: URL, seconds: Double)? {
        guard !orphansChecked else { return nil }
        orphansChecked = true
        let folder = deps.dataDirectory.appendingPathComponent("recordings")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey])) ?? []
        let clips = files.filter { $0.pathExtension == "mp4" }
        // Empty files (a crash before the first frame) are of no use to anyone.
        for empty in clips where ((try? empty.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) < 1024 {
            try? FileManager.default.removeItem(at: empty)
        }
        let usable = clips.filter { FileManager.default.fileExists(atPath: $0.path) }
        guard let newest = usable.max(by: { a, b in
            let da = (try? a.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            let db = (try? b.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            return da < db
        }) else { return nil }
        return (newest, 0)
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
        if let clip { try? FileManager.default.removeItem(at: clip.url) }
        clip = nil
        reviewPlayer?.unload()
        recorder.reset()
        activate()
    }

    /// Stores the clip in the data directory and the library; on failure the clip stays here.
    func post() {
        guard let clip else { return }
        let folder = deps.dataDirectory.appendingPathComponent("videos")
        let target = folder.appendingPathComponent(clip.url.lastPathComponent)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.copyItem(at: clip.url, to: target)
            let me = try deps.repository.selfAuthor()
            let stored = try deps.repository.insertPost(NewPost(
                authorHandle: me?.handle ?? "you", caption: caption.text.trimmingCharacters(in: .whitespacesAndNewlines),
                music: "Original sound — \(me?.name ?? "You")", videoURI: target.absoluteString,
                width: 720, height: 1280, duration: clip.seconds, created: Date()))
            try? FileManager.default.removeItem(at: clip.url)
            deps.events?.emit(.posted(postID: stored.id))
            self.clip = nil
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
