public import FeedCore
import Foundation
import Localization

/// The camera: opened when the tab shows, let go when it hides (after the segment being saved),
/// followed when devices come and go, and the no-camera page with its device rows.
extension CreateSession {
    /// The page is shown: open the camera (or say there is none). A clip left in the
    /// recordings folder by a crash (it plays: the moov is reserved) comes back for review.
    public func activate() {
        isActive = true
        switch flow.open() {
        case .recoverLeftover(let folder):
            clipFolder = folder
            join(folder, message: tr("Recovered a clip from last time. Post it or discard it."))
        case .resumeEditor:
            if page == .edit { editor.resume() }
        case .openCamera:
            openCamera()
        case .waitForJoin:
            break
        }
    }

    /// The page is hidden: the camera is released (a segment under way is finished and kept
    /// first) and nothing plays.
    public func deactivate() {
        isActive = false
        closeCamera()
        sounds.close()
        sounds.stop()
        editor.pause()
    }

    func wireCamera() {
        camera.onLive = { [weak self] in
            guard let self else { return }
            if recorder.segments.isEmpty { status = tr("Hold to record") }
            deps.events?.emit(.cameraLive(device: camera.cameraName ?? ""))
            apply(recorder.cameraReady(nowUs: deps.clock.nowMicroseconds()))
        }
        camera.onError = { [weak self] error in self?.failed(error) }
        camera.onSegmentFinished = { [weak self] url, seconds in self?.segmentFinished(url, seconds) }
        camera.onSegmentDiscarded = { [weak self] in self?.segmentDiscarded() }
        camera.onDevicesChanged = { [weak self] in self?.devicesChanged() }
    }

    func openCamera() {
        guard !camera.isOpen else { return }
        canFlip = camera.canFlip
        do {
            switch try camera.open(mirrored: mirrored, filter: filter) {
            case .opened:
                _ = recorder.cameraRequested()
                showPage(.camera)
            case .missing:
                showMissing()
            case .alreadyOpen:
                break
            }
        } catch {
            failed(error as? RecorderError ?? .pipeline("\(error)"))
        }
    }

    /// Lets go of the camera. A segment being recorded is finished first, and the camera
    /// closes once it is saved (cutting the pipeline before EOS would cut the file short).
    func closeCamera() {
        let now = deps.clock.nowMicroseconds()
        if case .countingDown = recorder.state { apply(recorder.press(nowUs: now)) }
        if case .recording = recorder.state { release(force: true) }
        guard flow.closeCamera(recorder: recorder) else { return }
        stopTicking()
        countdown = nil
        camera.close()
        recorder = idleRecorder()
    }

    /// A recorder waiting for a camera; the clip's segments (already on disk) stay part of it.
    func idleRecorder() -> Recorder {
        var fresh = Recorder(maximumSeconds: Double(limitSeconds))
        for seconds in recorder.segments { fresh.restoreSegment(seconds: seconds) }
        return fresh
    }

    /// Retry on the no-camera page: look for devices again.
    public func retry() {
        guard recorder.state != .finishing else { return }
        camera.retry()
        recorder = idleRecorder()
        openCamera()
    }

    /// A camera or microphone came or went: the missing page opens the camera by itself,
    /// and a camera that disappears while previewing is let go.
    func devicesChanged() {
        canFlip = camera.canFlip
        guard isActive, clip == nil else { return }
        if page == .missing {
            if camera.canRecord {
                retry()
            } else {
                deviceRows = camera.rows
            }
        } else if camera.selectionMoved, recorder.state == .ready, !recorder.holding {
            // The camera in use went away (or a pinned one came back): follow the selection.
            closeCamera()
            openCamera()
        }
    }

    /// Flip: the next camera, said by name.
    public func flipCamera() {
        guard camera.canFlip, !recorder.holding, !recorder.handsFree, recorder.state == .ready else { return }
        let name = camera.flip()
        closeCamera()
        openCamera()
        if let name { notice(tr("Camera: {name}", ["name": name])) }
    }

    /// A look for the picture, from now on (the next camera opened keeps it).
    public func setFilter(_ look: CaptureFilter) {
        filter = look
        camera.setFilter(look)
    }

    public func setMirrored(_ mirrored: Bool) {
        self.mirrored = mirrored
        camera.setMirrored(mirrored)
    }

    func showMissing() {
        deviceRows = camera.rows
        showPage(.missing)
        let error = camera.missingError
        recorder.cameraFailed(error)
        deps.events?.emit(.error(kind: "camera", message: error.description, postID: nil))
    }

    func failed(_ error: RecorderError) {
        recorder.cameraFailed(error)
        _ = flow.segmentSaved() // nothing is being saved any more
        countdown = nil
        stopTicking()
        isRecording = false
        sounds.pause()
        camera.failed(error)
        status = error.description
        switch error {
        case .noCamera, .noMicrophone, .deviceBusy: showMissing()
        default: break
        }
        deps.events?.emit(.error(kind: "recording", message: error.description, postID: nil))
    }
}
