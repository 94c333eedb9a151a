import FeedCore
import FeedMedia
import Foundation
import GLibKit
import GtkKit
import Localization

/// The camera: opened when the tab shows, let go when it hides (after the segment being saved),
/// followed when devices come and go, and the no-camera page with its device rows.
extension CreatePage {
    /// The page is shown: open the camera (or say there is none). A clip left in the
    /// recordings folder by a crash (it plays: the moov is reserved) comes back for review.
    func activate() {
        isActive = true
        switch flow.open() {
        case .recoverLeftover(let folder):
            clipFolder = folder
            join(folder, message: tr("Recovered a clip from last time. Post it or discard it."))
        case .resumeEditor:
            if pages.visibleName == "edit" { editor.resume() }
        case .openCamera:
            openCamera()
        case .waitForJoin:
            break
        }
    }

    func wireCamera() {
        camera.onLive = { [weak self] in
            guard let self else { return }
            if recorder.segments.isEmpty { status.text = tr("Hold to record") }
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
        toolbar.setCameraCount(camera.canFlip ? 2 : 1)
        do {
            switch try camera.open(mirrored: toolbar.mirrored, filter: toolbar.filter) {
            case .opened:
                _ = recorder.cameraRequested()
                showPage("camera")
            case .missing:
                showMissing()
            case .alreadyOpen:
                break
            }
        } catch {
            failed(error as? RecorderError ?? .pipeline("\(error)"))
        }
    }

    /// The page is hidden: the camera is released and nothing plays.
    func deactivate() {
        isActive = false
        closeCamera()
        sounds.close()
        sounds.stop()
        editor.pause()
    }

    /// Lets go of the camera. A segment being recorded is finished first, and the camera
    /// closes once it is saved (cutting the pipeline before EOS would cut the file short).
    func closeCamera() {
        let now = deps.clock.nowMicroseconds()
        if case .countingDown = recorder.state { apply(recorder.press(nowUs: now)) }
        if case .recording = recorder.state { release(force: true) }
        guard flow.closeCamera(recorder: recorder) else { return }
        stopTicking()
        countdown.isVisible = false
        camera.close()
        recorder = idleRecorder()
    }

    /// A recorder waiting for a camera; the clip's segments (already on disk) stay part of it.
    func idleRecorder() -> Recorder {
        var fresh = Recorder(maximumSeconds: Double(toolbar.limitSeconds))
        for seconds in recorder.segments { fresh.restoreSegment(seconds: seconds) }
        return fresh
    }


    func retry() {
        guard recorder.state != .finishing else { return }
        camera.retry()
        recorder = idleRecorder()
        openCamera()
    }

    /// A camera or microphone came or went: the missing page opens the camera by itself,
    /// and a camera that disappears while previewing is let go.
    func devicesChanged() {
        toolbar.setCameraCount(camera.canFlip ? 2 : 1)
        guard isActive, clip == nil else { return }
        if pages.visibleName == "missing" {
            if camera.canRecord {
                retry()
            } else {
                showDeviceRows()
            }
        } else if camera.selectionMoved, recorder.state == .ready, !recorder.holding {
            // The camera in use went away (or a pinned one came back): follow the selection.
            closeCamera()
            openCamera()
        }
    }


    func flipCamera() {
        guard camera.canFlip, !recorder.holding, !recorder.handsFree, recorder.state == .ready else { return }
        let name = camera.flip()
        closeCamera()
        openCamera()
        if let name { notice(tr("Camera: {name}", ["name": name])) }
    }

    func showMissing() {
        showDeviceRows()
        showPage("missing")
        let error = camera.missingError
        recorder.cameraFailed(error)
        deps.events?.emit(.error(kind: "camera", message: error.description, postID: nil))
    }

    func showDeviceRows() {
        deviceRows.removeAll()
        for row in camera.rows {
            let label = Label(row.sentence)
            label.addCSSClass(row.state == .available ? "device-ok" : "device-missing")
            deviceRows.append(label)
        }
    }

    func failed(_ error: RecorderError) {
        recorder.cameraFailed(error)
        _ = flow.segmentSaved() // nothing is being saved any more
        countdown.isVisible = false
        stopTicking()
        recordButton.setRecording(false)
        sounds.pause()
        camera.failed(error)
        status.text = error.description
        switch error {
        case .noCamera, .noMicrophone, .deviceBusy: showMissing()
        default: break
        }
        deps.events?.emit(.error(kind: "recording", message: error.description, postID: nil))
    }
}
