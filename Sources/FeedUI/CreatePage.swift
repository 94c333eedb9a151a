import FeedCore
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
    }

    /// The pages, with a toast above them.
    let root = Overlay()
    private let pages = Stack()
    private let toast = Label()
    private var toastTimer: SourceHandle?
    /// The window, for the file choosers.
    var parentWindow: Widget?
    /// Called after a post is stored.
    var onPosted: ((Post) -> Void)?
    /// A short message for the feed's toast after posting.
    var onNotice: ((String) -> Void)?

    private let deps: Dependencies
    // Camera.
    private let cameraPage = Overlay()
    private let previewSurface = VideoSurface()
    private let previewPicture = Picture()
    private let recordButton = RecordButton()
    private let status = Label(tr("Hold to record"))
    private let countdown = Label()
    private let segmentBar = Box(.horizontal, spacing: 8)
    private let toolbar: CaptureToolbar
    private let soundSheet: SoundSheet
    private var soundSheetTarget: SoundSheetTarget = .camera
    private enum SoundSheetTarget { case camera, editor }
    private let soundPlayer: SoundPlayer?
    private var sound: RecordingSound?
    /// Where this clip's segments are written (recordings/clip-<id>/seg-NNN.mp4).
    private var clipFolder: URL?
    // No camera.
    private let missing: StatusPage
    private let deviceRows = Box(.vertical, spacing: 6)
    // Editing and posting.
    private let editor: ClipEditorPage
    private let posting: PostingPage
    private var chooser: FileChooser?

    private var session: CaptureSession?
    private var releasedUs: Int64 = 0
    private var recorder: Recorder
    private var tick: SourceHandle?
    /// The segments are being joined into the clip: no recording, Undo or second Next meanwhile.
    private var joining = false
    private var noticeTimer: SourceHandle?
    /// The clip being edited: the joined recording or an album file, and its length.
    private var clip: (url: URL, seconds: Double, recorded: Bool)?
    private var edit: ClipEdit?
    private var coverFrames: [URL] = []
    private var coverSerial = 0
    private var renderer: ClipRenderer?
    private(set) var isActive = false

    init(_ deps: Dependencies) {
        self.deps = deps
        let limit = deps.preferences.load().recordingLimitSeconds
        recorder = Recorder(maximumSeconds: Double(limit))
        toolbar = CaptureToolbar(limitSeconds: limit)
        soundSheet = SoundSheet(sounds: deps.sounds)
        soundPlayer = try? SoundPlayer(audioSinkDescription: deps.audioSinkDescription)
        editor = ClipEditorPage(audioSinkDescription: deps.audioSinkDescription)
        posting = PostingPage(copyFolderName: Self.displayPath(deps.videosFolder))
        missing = StatusPage(iconName: "camera-disabled-symbolic", title: tr("Shoot a video"),
                             detail: tr("Loopfeed needs a camera and a microphone to record."))
        root.addCSSClass("create-page")
        buildCamera()
        buildMissing()
        wireEditing()
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
        leftoverClip = LeftoverRecordings.tidy(deps.dataDirectory.appendingPathComponent("recordings"))
    }

    private static func displayPath(_ url: URL) -> String {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return url.path.hasPrefix(home + "/") ? "~" + url.path.dropFirst(home.count) : url.path
    }

    private func buildCamera() {
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
        cameraPage.addOverlay(soundSheet.root)

        toolbar.onSound = { [weak self] in self?.openSounds(for: .camera) }
        toolbar.onFlip = { [weak self] in self?.flipCamera() }
        toolbar.onFilter = { [weak self] look in self?.session?.setFilter(look) }
        toolbar.onMirror = { [weak self] mirrored in self?.session?.setMirrored(mirrored) }
        toolbar.onLimit = { [weak self] seconds in self?.changeLimit(seconds) }
        toolbar.onAlbum = { [weak self] in self?.chooseAlbumVideo() }
        soundSheet.onChoose = { [weak self] chosen in self?.soundChosen(chosen) }
        soundSheet.onChooseFile = { [weak self] in self?.chooseSoundFile() }
        soundSheet.onClose = { [weak self] in
            guard let self, soundSheetTarget == .editor, pages.visibleName == "edit" else { return }
            editor.resume()
        }
        soundSheet.onPreview = { [weak self] preview in
            guard let self else { return }
            if let preview { soundPlayer?.play(preview.file, from: 0) } else { soundPlayer?.pause() }
        }
        soundPlayer?.onError = { [weak self] text in self?.notice(text) }
    }

    private func buildMissing() {
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

    private func wireEditing() {
        editor.onDiscard = { [weak self] in self?.discardClip() }
        editor.onNext = { [weak self] edit in self?.openPosting(edit) }
        editor.onSound = { [weak self] in self?.openSounds(for: .editor) }
        posting.onBack = { [weak self] in self?.backToEditor() }
        posting.onPost = { [weak self] choices in self?.post(choices) }
    }

    // MARK: - Camera

    /// The page is shown: open the camera (or say there is none). A clip left in the
    /// recordings folder by a crash (it plays: the moov is reserved) comes back for review.
    func activate() {
        isActive = true
        // Back before the last segment was saved: keep the camera after all.
        closeWhenSaved = false
        if clip == nil, !joining, let folder = leftoverClip {
            leftoverClip = nil
            clipFolder = folder
            join(folder, message: tr("Recovered a clip from last time. Post it or discard it."))
            return
        }
        if clip != nil {
            if pages.visibleName == "edit" { editor.resume() }
            return
        }
        guard !joining else { return }
        openCamera()
    }

    private func openCamera() {
        guard session == nil else { return }
        toolbar.setCameraCount(devices.canFlip ? 2 : 1)
        guard let device = devices.captureDevice else {
            showMissing()
            return
        }
        do {
            let graph = CaptureGraph(device: device, mirrored: toolbar.mirrored)
            let capture = try CaptureSession(graph: graph, preview: PixelSize(width: 450, height: 800),
                                             receiver: previewSurface)
            capture.setFilter(toolbar.filter)
            capture.onLive = { [weak self] in
                guard let self else { return }
                if recorder.segments.isEmpty { status.text = tr("Hold to record") }
                apply(recorder.cameraReady(nowUs: deps.clock.nowMicroseconds()))
            }
            capture.onError = { [weak self] error in self?.failed(error) }
            capture.onSegmentFinished = { [weak self] url, seconds in self?.segmentFinished(url, seconds) }
            capture.onSegmentDiscarded = { [weak self] in self?.segmentDiscarded() }
            session = capture
            activeDevice = device
            _ = recorder.cameraRequested()
            pages.visibleName = "camera"
            capture.start()
        } catch {
            failed(error as? RecorderError ?? .pipeline("\(error)"))
        }
    }

    /// The page is hidden: the camera is released and nothing plays.
    func deactivate() {
        isActive = false
        closeCamera()
        soundSheet.close()
        soundPlayer?.stop()
        editor.pause()
    }

    /// Lets go of the camera. A segment being recorded is finished first, and the camera
    /// closes once it is saved (cutting the pipeline before EOS would cut the file short).
    private func closeCamera() {
        let now = deps.clock.nowMicroseconds()
        if case .countingDown = recorder.state { apply(recorder.press(nowUs: now)) }
        if case .recording = recorder.state { release(force: true) }
        if recorder.state == .finishing {
            closeWhenSaved = true
            return
        }
        stopTicking()
        countdown.isVisible = false
        session?.stop()
        session = nil
        activeDevice = nil
        recorder = idleRecorder()
    }

    /// A recorder waiting for a camera; the clip's segments (already on disk) stay part of it.
    private func idleRecorder() -> Recorder {
        var fresh = Recorder(maximumSeconds: Double(toolbar.limitSeconds))
        for seconds in recorder.segments { fresh.restoreSegment(seconds: seconds) }
        return fresh
    }

    private var closeWhenSaved = false

    private lazy var devices: RecordingDevices = {
        let devices = deps.makeDevices()
        devices.onChange = { [weak self] in self?.devicesChanged() }
        return devices
    }()

    private func retry() {
        guard recorder.state != .finishing else { return }
        session?.stop()
        session = nil
        recorder = idleRecorder()
        devices.retry()
        openCamera()
    }

    /// A camera or microphone came or went: the missing page opens the camera by itself,
    /// and a camera that disappears while previewing is let go.
    private func devicesChanged() {
        toolbar.setCameraCount(devices.canFlip ? 2 : 1)
        guard isActive, clip == nil else { return }
        if pages.visibleName == "missing" {
            if devices.canRecord {
                retry()
            } else {
                showDeviceRows()
            }
        } else if session != nil, recorder.state == .ready, !recorder.holding,
                  devices.captureDevice != activeDevice {
            // The camera in use went away (or a pinned one came back): follow the selection.
            closeCamera()
            openCamera()
        }
    }

    private var activeDevice: CaptureDevice?

    private func flipCamera() {
        guard devices.canFlip, !recorder.holding, !recorder.handsFree, recorder.state == .ready else { return }
        devices.flipCamera()
        closeCamera()
        openCamera()
        if let camera = devices.camera { notice(tr("Camera: {name}", ["name": camera.name])) }
    }

    private func showMissing() {
        showDeviceRows()
        pages.visibleName = "missing"
        let error: RecorderError = devices.camera == nil ? .noCamera : .noMicrophone
        recorder.cameraFailed(error)
        deps.events?.emit(.error(kind: "camera", message: error.description, postID: nil))
    }

    private func showDeviceRows() {
        deviceRows.removeAll()
        for row in devices.rows {
            let label = Label(row.sentence)
            label.addCSSClass(row.state == .available ? "device-ok" : "device-missing")
            deviceRows.append(label)
        }
    }

    private func failed(_ error: RecorderError) {
        recorder.cameraFailed(error)
        closeWhenSaved = false
        countdown.isVisible = false
        stopTicking()
        recordButton.setRecording(false)
        soundPlayer?.pause()
        session?.stop()
        session = nil
        status.text = error.description
        if case .deviceBusy = error, let camera = devices.camera { devices.markInUse(camera) }
        switch error {
        case .noCamera, .noMicrophone, .deviceBusy: showMissing()
        default: break
        }
        deps.events?.emit(.error(kind: "recording", message: error.description, postID: nil))
    }

    // MARK: - Recording

    /// Press of the button or R (autorepeat is harmless). With the timer on, a press in the
    /// ready state starts the countdown instead; a press during it calls it off.
    func press() {
        guard clip == nil, !joining, !closeWhenSaved else { return }
        soundSheet.close()
        let now = deps.clock.nowMicroseconds()
        if toolbar.timerSeconds > 0, recorder.state == .ready, !recorder.handsFree {
            _ = recorder.startCountdown(nowUs: now, seconds: toolbar.timerSeconds)
            if case .countingDown = recorder.state {
                countdown.isVisible = true
                countdown.text = LocaleNumbers.whole(toolbar.timerSeconds)
                status.text = tr("Get ready… (press again to cancel)")
                toolbar.setRecording(true, hasSegments: !recorder.segments.isEmpty)
                startTicking()
            }
            return
        }
        apply(recorder.press(nowUs: now))
    }

    func release() { release(force: false) }

    private func release(force: Bool) {
        let now = deps.clock.nowMicroseconds()
        if force, recorder.handsFree {
            apply(recorder.press(nowUs: now))
            return
        }
        apply(recorder.release(nowUs: now))
    }

    private func apply(_ action: Recorder.Action) {
        switch action {
        case .openCamera:
            activate()
        case .startSegment:
            countdown.isVisible = false
            let folder = clipFolder ?? deps.dataDirectory.appendingPathComponent("recordings/clip-\(UUID().uuidString)")
            clipFolder = folder
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                failed(.notWritable(path: folder.deletingLastPathComponent().path))
                return
            }
            do {
                try session?.startSegment(path: SegmentJoiner.nextSegmentURL(in: folder))
                recorder.segmentBegan(nowUs: deps.clock.nowMicroseconds())
                recordButton.setRecording(true)
                toolbar.setRecording(true, hasSegments: true)
                if let sound {
                    // The clip will play `speed` times faster, so the sound plays that much
                    // slower now: in the posted clip it is back at its own speed, in step.
                    let speed = toolbar.speed
                    soundPlayer?.play(sound.file, from: Double(recorder.recordedUs) / 1_000_000 / speed, rate: 1 / speed)
                }
                deps.events?.emit(.recordStarted)
                if recorder.handsFree {
                    // TRANSLATORS: the recorder's status while recording hands-free (after the timer).
                    status.text = tr("Recording — press to stop")
                } else {
                    // TRANSLATORS: the recorder's status while a segment is being recorded.
                    status.text = tr("Recording")
                }
                startTicking()
            } catch {
                failed(error)
            }
        case .finishSegment, .discardSegment:
            recordButton.setRecording(false)
            soundPlayer?.pause()
            stopTicking()
            let discard = action == .discardSegment
            releasedUs = deps.clock.nowMicroseconds()
            session?.finishSegment(discard: discard)
            if discard {
                recordButton.setProgress(recorder.progress(atUs: releasedUs))
                flashStatus(tr("Hold to record — keep the button (or R) pressed for at least half a second"))
            } else {
                status.text = tr("Saving…")
            }
        case .cancelCountdown:
            stopTicking()
            countdown.isVisible = false
            toolbar.setRecording(false, hasSegments: !recorder.segments.isEmpty)
            status.text = recorder.segments.isEmpty ? tr("Hold to record") : segmentSummary
        case .none:
            break
        }
    }

    private func flashStatus(_ text: String) {
        status.text = text
        noticeTimer?.cancel()
        noticeTimer = MainLoop.after(milliseconds: 2_500) { [weak self] in
            guard let self, recorder.state == .ready else { return }
            status.text = recorder.segments.isEmpty ? tr("Hold to record") : segmentSummary
        }
    }

    /// A GLib timeout rather than a frame-clock tick: the frame clock stops while the window
    /// is minimised, and the countdown and the limit must not.
    private func startTicking() {
        stopTicking()
        tick = MainLoop.every(milliseconds: 33) { [weak self] in
            guard let self else { return false }
            let now = deps.clock.nowMicroseconds()
            if let left = recorder.countdownRemaining(nowUs: now), countdown.text != LocaleNumbers.whole(left) {
                countdown.text = LocaleNumbers.whole(left)
            }
            let action = recorder.tick(nowUs: now)
            if action != .none {
                tick = nil
                apply(action)
                // A countdown that turned into recording keeps ticking (apply started a new timer).
                return false
            }
            return true
        }
    }

    private func stopTicking() {
        tick?.cancel()
        tick = nil
    }

    /// With each preview frame (so it is drawn in that frame's paint, not in paints of its
    /// own): the progress ring, and the elapsed time when its tenth of a second changes.
    private func showProgress() {
        guard case .recording = recorder.state else { return }
        let progress = recorder.progress(atUs: deps.clock.nowMicroseconds())
        recordButton.setProgress(progress)
        let seconds = progress * Double(recorder.maximumUs) / 1_000_000
        let elapsed = DecimalText.fixed(seconds)
        let limit = DecimalText.fixed(Double(recorder.maximumUs) / 1_000_000, digits: 0)
        let text: String
        if recorder.handsFree {
            // TRANSLATORS: hands-free recording: the time recorded and the limit, in seconds.
            text = tr("Press to stop · {elapsed} s / {limit} s", ["elapsed": elapsed, "limit": limit])
        } else {
            // TRANSLATORS: the time recorded and the limit, in seconds ("1.5 s / 15 s").
            text = tr("{elapsed} s / {limit} s", ["elapsed": elapsed, "limit": limit])
        }
        if status.text != text { status.text = text }
    }

    private func segmentFinished(_ url: URL, _ seconds: Double) {
        let now = deps.clock.nowMicroseconds()
        let next = recorder.segmentFinished(seconds: seconds, nowUs: now)
        deps.events?.emit(.recordFinished(path: url.path, duration: seconds, finalizeUs: now - releasedUs))
        status.text = recorder.canRecordMore ? segmentSummary : tr("The clip is full — Enter for next")
        recordButton.setProgress(recorder.progress(atUs: now))
        toolbar.setRecording(false, hasSegments: true)
        segmentBar.isVisible = true
        afterSaving(next)
    }

    private func segmentDiscarded() {
        let next = recorder.segmentDiscarded(nowUs: deps.clock.nowMicroseconds())
        toolbar.setRecording(false, hasSegments: !recorder.segments.isEmpty)
        afterSaving(next)
    }

    /// A segment was saved or thrown away: a hold that began meanwhile starts recording now,
    /// a camera asked to close while saving closes, and an Enter that came meanwhile goes on.
    private func afterSaving(_ action: Recorder.Action) {
        if closeWhenSaved {
            closeWhenSaved = false
            closeCamera()
            return
        }
        apply(action)
        if nextWhenSaved {
            nextWhenSaved = false
            next()
        }
    }

    private var nextWhenSaved = false

    private var segmentSummary: String {
        // TRANSLATORS: the recorder's status between holds; {seconds} is the length so far ("4.5").
        trn("{count} segment · {seconds} s · hold to add · Enter for next",
            "{count} segments · {seconds} s · hold to add · Enter for next", recorder.segments.count,
            ["seconds": DecimalText.fixed(recorder.segments.reduce(0, +))])
    }

    private func undoSegment() {
        guard !joining, let folder = clipFolder, recorder.removeLastSegment() else { return }
        if let last = SegmentJoiner.segments(in: folder).last { try? FileManager.default.removeItem(at: last) }
        segmentBar.isVisible = !recorder.segments.isEmpty
        toolbar.setRecording(false, hasSegments: !recorder.segments.isEmpty)
        recordButton.setProgress(recorder.progress(atUs: deps.clock.nowMicroseconds()))
        status.text = recorder.segments.isEmpty ? tr("Hold to record") : segmentSummary
    }

    private func changeLimit(_ seconds: Int) {
        guard recorder.setMaximum(seconds: Double(seconds)) else { return }
        var preferences = deps.preferences.load()
        preferences.recordingLimitSeconds = seconds
        deps.preferences.save(preferences)
        if seconds >= 60 {
            // TRANSLATORS: the new recording limit, in whole minutes.
            notice(trn("Clips up to {count} min", "Clips up to {count} min", seconds / 60))
        } else {
            // TRANSLATORS: the new recording limit, in seconds.
            notice(trn("Clips up to {count} s", "Clips up to {count} s", seconds))
        }
    }

    // MARK: - Sounds

    private func openSounds(for target: SoundSheetTarget) {
        if target != soundSheetTarget {
            // One sheet, moved to the page that asked for it.
            (soundSheetTarget == .editor ? editor.root : cameraPage).removeOverlay(soundSheet.root)
            (target == .editor ? editor.root : cameraPage).addOverlay(soundSheet.root)
            soundSheetTarget = target
        }
        if target == .editor { editor.pause() }
        soundSheet.open()
    }

    private func soundChosen(_ chosen: RecordingSound?) {
        soundPlayer?.stop()
        switch soundSheetTarget {
        case .camera:
            sound = chosen
            toolbar.showSound(chosen)
        case .editor:
            editor.setSound(chosen)
            editor.resume()
        }
    }

    private func chooseSoundFile() {
        guard let parentWindow else { return }
        let chooser = FileChooser(title: tr("Choose a sound"), parent: parentWindow, kind: .audio)
        self.chooser = chooser
        chooser.choose { [weak self] path in
            // Done with this chooser, chosen or not: Album waits for `chooser` to be nil, and
            // kept, it did nothing for as long as the page lived (issue 9).
            self?.chooser = nil
            guard let self, let path else { return }
            let file = URL(fileURLWithPath: path)
            // Only a file GStreamer can play is accepted: a bad one is said now, not at posting.
            DispatchQueue.global(qos: .userInitiated).async { [weak self] in
                let probe = try? ClipProbe.probe(file)
                MainLoop.invoke { [weak self] in
                    guard let self else { return }
                    guard let probe, probe.hasAudio else {
                        notice(tr("“{file}” has no sound Loopfeed can play.", ["file": file.lastPathComponent]))
                        return
                    }
                    var picked = RecordingSound.picked(file)
                    picked.duration = probe.durationSeconds
                    soundChosen(picked)
                }
            }
        }
    }

    // MARK: - Album

    private var canStartFromAlbum: Bool {
        clip == nil && !joining && recorder.segments.isEmpty && !closeWhenSaved
            && recorder.state != .finishing && !recorder.holding && !recorder.handsFree
            && { if case .recording = recorder.state { false } else if case .countingDown = recorder.state { false } else { true } }()
    }

    private func chooseAlbumVideo() {
        guard let parentWindow, canStartFromAlbum, chooser == nil else { return }
        let chooser = FileChooser(title: tr("Choose a video to post"), parent: parentWindow, kind: .videos)
        self.chooser = chooser
        chooser.choose { [weak self] path in
            self?.chooser = nil
            guard let path else { return }
            self?.openAlbumVideo(URL(fileURLWithPath: path))
        }
    }

    /// A video file becomes the clip to edit, as a recording would.
    func openAlbumVideo(_ file: URL) {
        status.text = tr("Opening {file}…", ["file": file.lastPathComponent])
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let probe = Result { try ClipProbe.probe(file) }
            MainLoop.invoke { [weak self] in
                guard let self else { return }
                // Something else may have started meanwhile (a recording, another clip).
                guard canStartFromAlbum else { return }
                guard case .success(let info) = probe, info.size != nil, info.durationSeconds > 0 else {
                    let message = tr("“{file}” isn’t a video Loopfeed can open.", ["file": file.lastPathComponent])
                    status.text = message
                    notice(message)
                    deps.events?.emit(.error(kind: "album", message: message, postID: nil))
                    return
                }
                closeCamera()
                clipFolder = deps.dataDirectory.appendingPathComponent("recordings/album-\(UUID().uuidString)")
                showEditor(url: file, seconds: info.durationSeconds, recorded: false)
                editor.limitLength(to: Double(toolbar.limitSeconds))
                if !isActive { editor.pause() }
            }
        }
    }

    // MARK: - Joining and editing

    /// Enter or Next: the segments become one clip, shown in the editor.
    func next() {
        guard let folder = clipFolder, !recorder.segments.isEmpty, clip == nil, !joining else { return }
        if recorder.state == .finishing {
            // Enter right after a release: go on once the segment is saved.
            nextWhenSaved = true
            return
        }
        guard recorder.state == .ready, !recorder.holding else { return }
        closeCamera()
        join(folder, message: nil)
    }

    /// Joins the segments in `folder` on a worker and opens the result in the editor; its
    /// length is probed from the file, which is what was really recorded.
    private func join(_ folder: URL, message: String?) {
        joining = true
        status.text = tr("Joining…")
        let output = folder.appendingPathComponent("clip.mp4")
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let result = SegmentJoiner.joinNow(folder: folder, into: output)
            let seconds = (try? result.get()).flatMap { try? ClipProbe.probe($0) }?.durationSeconds ?? 0
            MainLoop.invoke { [weak self] in
                guard let self else { return }
                joining = false
                switch result {
                case .success(let url):
                    showEditor(url: url, seconds: seconds, recorded: true)
                    if let message { editor.show(message) }
                    if !isActive { editor.pause() }
                    replayTypedWhileJoining()
                case .failure(let error):
                    typedWhileJoining = ""
                    postWhenJoined = false
                    status.text = error.description
                    notice(error.description)
                    if isActive { openCamera() }
                }
            }
        }
    }

    private func showEditor(url: URL, seconds: Double, recorded: Bool) {
        clip = (url, seconds, recorded)
        let length = seconds
        pages.visibleName = "edit"
        let speed = ClipEdit.Speed(rawValue: toolbar.speed) ?? .normal
        editor.show(clip: url, seconds: length, speed: speed, sound: recorded ? sound : nil)
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
        if joining {
            typedWhileJoining.append(character)
            return true
        }
        guard pages.visibleName == "edit", !editor.isTyping, !soundSheet.isOpen else { return false }
        editor.activateNext()
        guard pages.visibleName == "posting" else { return false }
        posting.continueCaption(with: String(character))
        return true
    }

    /// What was typed (and whether Ctrl+Enter came) while joining, played back once the
    /// editor is up.
    private var typedWhileJoining = ""
    private var postWhenJoined = false

    private func replayTypedWhileJoining() {
        let typed = typedWhileJoining
        let post = postWhenJoined
        typedWhileJoining = ""
        postWhenJoined = false
        guard !typed.isEmpty || post, pages.visibleName == "edit" else { return }
        editor.activateNext()
        guard pages.visibleName == "posting" else { return }
        if !typed.isEmpty { posting.continueCaption(with: typed) }
        if post { posting.post() }
    }

    /// Ctrl+Enter: post from the posting page (or go there from the editor).
    func postShortcut() -> Bool {
        if joining {
            postWhenJoined = true
            return true
        }
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
    private(set) var leftoverClip: URL?

    private func discardClip() {
        renderer?.cancel()
        renderer = nil
        startOver()
        openCamera()
    }

    /// The clip was posted or thrown away: its folder goes and the recorder starts afresh.
    private func startOver() {
        if let folder = clipFolder { try? FileManager.default.removeItem(at: folder) }
        editor.unload()
        clip = nil
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

    // MARK: - Posting

    private func openPosting(_ edit: ClipEdit) {
        guard let clip else { return }
        self.edit = edit
        editor.pause()
        posting.prepare(saveCopyByDefault: deps.preferences.load().saveCopyToVideos)
        pages.visibleName = "posting"
        posting.focusCaption()
        makeCoverFrames(clip: clip, edit: edit)
    }

    private func backToEditor() {
        guard !posting.isBusy else { return }
        pages.visibleName = "edit"
        editor.resume()
    }

    /// Eight frames from the kept part of the clip, one after another on a worker thread.
    private func makeCoverFrames(clip: (url: URL, seconds: Double, recorded: Bool), edit: ClipEdit) {
        guard let folder = clipFolder else { return }
        coverSerial += 1
        let serial = coverSerial
        let range = edit.trimRange(sourceSeconds: clip.seconds)
        let times = CoverFrame.times(count: 8, durationSeconds: range.upperBound - range.lowerBound)
            .map { $0 + range.lowerBound }
        let source = clip.url
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        DispatchQueue.global(qos: .utility).async { [weak self] in
            var frames: [URL] = []
            var failure: String?
            for (index, time) in times.enumerated() {
                let png = folder.appendingPathComponent("cover-\(serial)-\(index).png")
                switch CoverFrame.extractNow(from: source, at: time, to: png, width: 270, edit: edit) {
                case .success(let url): frames.append(url)
                case .failure(let error): failure = error.description
                }
            }
            let made = frames
            let reason = failure
            MainLoop.invoke { [weak self] in
                guard let self, serial == coverSerial else { return }
                coverFrames = made
                posting.setCovers(made)
                if made.isEmpty, let reason { posting.coverFramesFailed(reason) }
            }
        }
    }

    /// Renders the edit (when there is one), then stores the post. On failure the clip stays
    /// on the posting page with the reason, so nothing is lost.
    /// The last render of this clip, kept until it is posted.
    private var rendered: (edit: ClipEdit, url: URL)?

    private func post(_ choices: PostingChoices) {
        guard let clip, let edit, let folder = clipFolder, renderer == nil, !publishing else { return }
        var preferences = deps.preferences.load()
        if preferences.saveCopyToVideos != choices.saveCopy {
            preferences.saveCopyToVideos = choices.saveCopy
            deps.preferences.save(preferences)
        }
        if edit.isIdentity && clip.recorded {
            publish(clip.url, seconds: clip.seconds, choices: choices)
            return
        }
        // A retry after a failed post (a full disk) reuses what was already rendered.
        if let rendered, rendered.edit == edit, FileManager.default.fileExists(atPath: rendered.url.path) {
            publish(rendered.url, seconds: edit.resultDuration(sourceSeconds: clip.seconds), choices: choices)
            return
        }
        if let stale = rendered?.url { try? FileManager.default.removeItem(at: stale) }
        rendered = nil
        posting.setBusy(Self.preparing(0))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            posting.showError(tr("{reason} Your clip is still here.",
                                 ["reason": RecorderError.from(fileError: error, path: folder.path).description]))
            return
        }
        let output = folder.appendingPathComponent("final-\(UUID().uuidString.prefix(8)).mp4")
        let renderer = ClipRenderer(source: clip.url, edit: edit, output: output)
        self.renderer = renderer
        let started = deps.clock.nowMicroseconds()
        renderer.start(progress: { [weak self] fraction in
            self?.posting.setBusy(Self.preparing(Int(fraction * 100)))
        }, completion: { [weak self] result in
            guard let self else { return }
            self.renderer = nil
            switch result {
            case .success(let url):
                rendered = (edit, url)
                deps.events?.emit(.clipRendered(path: url.path, renderUs: deps.clock.nowMicroseconds() - started))
                publish(url, seconds: edit.resultDuration(sourceSeconds: clip.seconds), choices: choices)
            case .failure(let error):
                posting.showError(tr("{reason} Your clip is still here; try again.", ["reason": error.description]))
                deps.events?.emit(.error(kind: "posting", message: error.description, postID: nil))
            }
        })
    }

    /// The posting page's progress while the edit is rendered.
    private static func preparing(_ percent: Int) -> String {
        // TRANSLATORS: progress while the edited clip is rendered; {percent} is 0 to 100.
        tr("Preparing your video… {percent} %", ["percent": LocaleNumbers.whole(percent)])
    }

    /// Hands the clip to the publisher: copied in off the main thread, stored, and copied to
    /// ~/Videos afterwards when asked.
    private func publish(_ video: URL, seconds: Double, choices: PostingChoices) {
        guard clip != nil, !publishing else { return }
        publishing = true
        posting.setBusy(tr("Posting…"))
        // The user's name, or the one they start with.
        let name = (try? deps.repository.selfAuthor())?.name ?? tr("You")
        // TRANSLATORS: the music line of a clip posted with its own sound; {name} is the user's name.
        let music = editor.chosenSound?.musicLine ?? tr("Original sound — {name}", ["name": name])
        let cover = choices.coverIndex.flatMap { coverFrames.indices.contains($0) ? coverFrames[$0] : nil }
        let publication = ClipPublication(
            clip: video, caption: choices.caption, music: music, allowsComments: choices.allowsComments,
            cover: cover, duration: seconds, copyFolder: choices.saveCopy ? deps.videosFolder : nil)
        deps.publisher.publish(publication, removeWhenDone: clipFolder, stored: { [weak self] result in
            self?.published(result, copying: publication.copyFolder != nil)
        }, copied: { [weak self] copy, problem in
            if let problem {
                self?.onNotice?(tr("Posted. The copy wasn’t saved: {problem}", ["problem": problem]))
            } else if let copy {
                self?.onNotice?(tr("Posted. A copy is in {folder}.", ["folder": Self.displayPath(copy.deletingLastPathComponent())]))
            }
        })
    }

    private var publishing = false

    private func published(_ result: Result<Post, RecorderError>, copying: Bool) {
        publishing = false
        let post: Post
        switch result {
        case .success(let stored):
            post = stored
        case .failure(let error):
            let reason = error.description
            let message = switch error {
            case .diskFull: tr("{reason} Your clip is still here: free some space and press Post again.", ["reason": reason])
            case .notWritable:
                tr("{reason} Your clip is still here: make the folder writable and press Post again.", ["reason": reason])
            default: tr("{reason} Your clip is still here; press Post to try again.", ["reason": reason])
            }
            posting.showError(message)
            deps.events?.emit(.error(kind: "posting", message: error.description, postID: nil))
            return
        }
        deps.events?.emit(.posted(postID: post.id))
        // The publisher removes the work folder once it is done with the clip.
        clipFolder = nil
        startOver()
        pages.visibleName = "camera"
        onPosted?(post)
        if !copying { onNotice?(tr("Posted.")) }
    }

    /// A clip is being edited or posted (R does not record then).
    var isReviewing: Bool { clip != nil }

    /// A short message over the Create tab (the feed's own toast is not on screen here).
    private func notice(_ text: String) {
        toast.text = text
        toast.isVisible = true
        toastTimer?.cancel()
        toastTimer = MainLoop.after(milliseconds: 3_000) { [weak self] in self?.toast.isVisible = false }
    }
}
