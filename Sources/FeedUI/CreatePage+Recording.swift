import FeedCore
import FeedPresentation
import FeedMedia
import Foundation
import GLibKit
import GtkKit
import Localization

/// Holding to record: presses and releases through `Recorder`, the countdown and the limit,
/// segments saved, undone and summed up.
extension CreatePage {
    /// Press of the button or R (autorepeat is harmless). With the timer on, a press in the
    /// ready state starts the countdown instead; a press during it calls it off.
    func press() {
        guard flow.canRecord else { return }
        sounds.close()
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

    func release(force: Bool) {
        let now = deps.clock.nowMicroseconds()
        if force, recorder.handsFree {
            apply(recorder.press(nowUs: now))
            return
        }
        apply(recorder.release(nowUs: now))
    }

    func apply(_ action: Recorder.Action) {
        switch action {
        case .openCamera:
            activate()
        case .startSegment:
            countdown.isVisible = false
            let folder = clipFolder ?? deps.dataDirectory.appendingPathComponent("recordings/clip-\(UUID().uuidString)")
            clipFolder = folder
            if deps.clipJobs.makeFolder(folder) != nil {
                failed(.notWritable(path: folder.deletingLastPathComponent().path))
                return
            }
            do {
                try camera.startSegment(path: deps.clipJobs.nextSegment(in: folder))
                recorder.segmentBegan(nowUs: deps.clock.nowMicroseconds())
                recordButton.setRecording(true)
                toolbar.setRecording(true, hasSegments: true)
                // The clip will play `speed` times faster, so the sound plays that much
                // slower now: in the posted clip it is back at its own speed, in step.
                let speed = toolbar.speed
                sounds.playAlongRecording(fromSeconds: Double(recorder.recordedUs) / 1_000_000 / speed, rate: 1 / speed)
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
            sounds.pause()
            stopTicking()
            let discard = action == .discardSegment
            releasedUs = deps.clock.nowMicroseconds()
            camera.finishSegment(discard: discard)
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

    func flashStatus(_ text: String) {
        status.text = text
        noticeTimer?.cancel()
        noticeTimer = MainLoop.after(milliseconds: 2_500) { [weak self] in
            guard let self, recorder.state == .ready else { return }
            status.text = recorder.segments.isEmpty ? tr("Hold to record") : segmentSummary
        }
    }

    /// A GLib timeout rather than a frame-clock tick: the frame clock stops while the window
    /// is minimised, and the countdown and the limit must not.
    func startTicking() {
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

    func stopTicking() {
        tick?.cancel()
        tick = nil
    }

    /// With each preview frame (so it is drawn in that frame's paint, not in paints of its
    /// own): the progress ring, and the elapsed time when its tenth of a second changes.
    func showProgress() {
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

    func segmentFinished(_ url: URL, _ seconds: Double) {
        let now = deps.clock.nowMicroseconds()
        let next = recorder.segmentFinished(seconds: seconds, nowUs: now)
        deps.events?.emit(.recordFinished(path: url.path, duration: seconds, finalizeUs: now - releasedUs))
        status.text = recorder.canRecordMore ? segmentSummary : tr("The clip is full — Enter for next")
        recordButton.setProgress(recorder.progress(atUs: now))
        toolbar.setRecording(false, hasSegments: true)
        segmentBar.isVisible = true
        afterSaving(next)
    }

    func segmentDiscarded() {
        let next = recorder.segmentDiscarded(nowUs: deps.clock.nowMicroseconds())
        toolbar.setRecording(false, hasSegments: !recorder.segments.isEmpty)
        afterSaving(next)
    }

    /// A segment was saved or thrown away: a hold that began meanwhile starts recording now,
    /// a camera asked to close while saving closes, and an Enter that came meanwhile goes on.
    func afterSaving(_ action: Recorder.Action) {
        switch flow.segmentSaved() {
        case .closeCamera:
            // The tab was left: an Enter that came before is dropped with the camera.
            closeCamera()
        case .next:
            apply(action)
            next()
        case .nothing:
            apply(action)
        }
    }

    var segmentSummary: String {
        // TRANSLATORS: the recorder's status between holds; {seconds} is the length so far ("4.5").
        trn("{count} segment · {seconds} s · hold to add · Enter for next",
            "{count} segments · {seconds} s · hold to add · Enter for next", recorder.segments.count,
            ["seconds": DecimalText.fixed(recorder.segments.reduce(0, +))])
    }

    func undoSegment() {
        guard flow.canUndoSegment, let folder = clipFolder, recorder.removeLastSegment() else { return }
        deps.clipJobs.removeLastSegment(in: folder)
        segmentBar.isVisible = !recorder.segments.isEmpty
        toolbar.setRecording(false, hasSegments: !recorder.segments.isEmpty)
        recordButton.setProgress(recorder.progress(atUs: deps.clock.nowMicroseconds()))
        status.text = recorder.segments.isEmpty ? tr("Hold to record") : segmentSummary
    }

    func changeLimit(_ seconds: Int) {
        guard recorder.setMaximum(seconds: Double(seconds)) else { return }
        var preferences = deps.preferences.load()
        preferences.recordingLimitSeconds = seconds
        keep(preferences)
        if seconds >= 60 {
            // TRANSLATORS: the new recording limit, in whole minutes.
            notice(trn("Clips up to {count} min", "Clips up to {count} min", seconds / 60))
        } else {
            // TRANSLATORS: the new recording limit, in seconds.
            notice(trn("Clips up to {count} s", "Clips up to {count} s", seconds))
        }
    }
}

extension CreatePage {
    /// The limit chosen in Preferences: taken at once unless a clip is under way (its segments
    /// keep the limit they were recorded with; the next clip has the new one).
    func applyRecordingLimit(_ seconds: Int) {
        guard recorder.setMaximum(seconds: Double(seconds)) else { return }
        toolbar.chooseLimit(seconds, notify: false)
    }
}
