import FeedCore
import Foundation
import Localization

/// Holding to record: presses and releases through `Recorder`, the countdown and the limit,
/// segments saved, undone and summed up.
extension CreateSession {
    /// How often the countdown and the limit are looked at while counting down or recording.
    static let tickMilliseconds: UInt32 = 33

    /// Press of the button or R (autorepeat is harmless). With the timer on, a press in the
    /// ready state starts the countdown instead; a press during it calls it off.
    public func press() {
        guard flow.canRecord else { return }
        sounds.close()
        let now = deps.clock.nowMicroseconds()
        if timerSeconds > 0, recorder.state == .ready, !recorder.handsFree {
            _ = recorder.startCountdown(nowUs: now, seconds: timerSeconds)
            if case .countingDown = recorder.state {
                countdown = LocaleNumbers.whole(timerSeconds)
                status = tr("Get ready… (press again to cancel)")
                tools = ToolLock(recording: true, hasSegments: !recorder.segments.isEmpty)
                startTicking()
            }
            return
        }
        apply(recorder.press(nowUs: now))
    }

    public func release() { release(force: false) }

    /// `force`: the tab is left; a hands-free segment stops too.
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
            startSegment()
        case .finishSegment, .discardSegment:
            isRecording = false
            sounds.pause()
            stopTicking()
            let discard = action == .discardSegment
            releasedUs = deps.clock.nowMicroseconds()
            camera.finishSegment(discard: discard)
            if discard {
                progress = recorder.progress(atUs: releasedUs)
                flashStatus(tr("Hold to record — keep the button (or R) pressed for at least half a second"))
            } else {
                status = tr("Saving…")
            }
        case .cancelCountdown:
            stopTicking()
            countdown = nil
            tools = ToolLock(recording: false, hasSegments: !recorder.segments.isEmpty)
            status = recorder.segments.isEmpty ? tr("Hold to record") : segmentSummary
        case .none:
            break
        }
    }

    private func startSegment() {
        countdown = nil
        let folder = clipFolder ?? deps.dataDirectory.appendingPathComponent("recordings/clip-\(UUID().uuidString)")
        clipFolder = folder
        if deps.clipJobs.makeFolder(folder) != nil {
            failed(.notWritable(path: folder.deletingLastPathComponent().path))
            return
        }
        do {
            try camera.startSegment(path: deps.clipJobs.nextSegment(in: folder))
        } catch {
            failed(error)
            return
        }
        recorder.segmentBegan(nowUs: deps.clock.nowMicroseconds())
        isRecording = true
        tools = ToolLock(recording: true, hasSegments: true)
        // The clip will play `speed` times faster, so the sound plays that much slower now:
        // in the posted clip it is back at its own speed, in step.
        sounds.playAlongRecording(fromSeconds: Double(recorder.recordedUs) / 1_000_000 / speed, rate: 1 / speed)
        deps.events?.emit(.recordStarted)
        if recorder.handsFree {
            // TRANSLATORS: the recorder's status while recording hands-free (after the timer).
            status = tr("Recording — press to stop")
        } else {
            // TRANSLATORS: the recorder's status while a segment is being recorded.
            status = tr("Recording")
        }
        startTicking()
    }

    /// A status line for 2.5 s; then the summary comes back if nothing else happened.
    func flashStatus(_ text: String) {
        status = text
        statusTimer?.cancel()
        statusTimer = deps.timers.after(milliseconds: 2_500) { [weak self] in
            guard let self, recorder.state == .ready else { return }
            status = recorder.segments.isEmpty ? tr("Hold to record") : segmentSummary
        }
    }

    /// A main-loop timer rather than the frame clock: the frame clock stops while the window is
    /// minimised, and the countdown and the limit must not.
    func startTicking() {
        stopTicking()
        tick = deps.timers.after(milliseconds: Self.tickMilliseconds) { [weak self] in self?.ticked() }
    }

    func stopTicking() {
        tick?.cancel()
        tick = nil
    }

    private func ticked() {
        tick = nil
        let now = deps.clock.nowMicroseconds()
        if let left = recorder.countdownRemaining(nowUs: now) {
            countdown = LocaleNumbers.whole(left)
        }
        let action = recorder.tick(nowUs: now)
        guard action == .none else {
            // A countdown that turns into recording ticks on (apply starts the timer again).
            apply(action)
            return
        }
        tick = deps.timers.after(milliseconds: Self.tickMilliseconds) { [weak self] in self?.ticked() }
    }

    /// With each preview frame (so it is drawn in that frame's paint, not in paints of its
    /// own): the progress ring, and the elapsed time when its tenth of a second changes.
    public func frameShown() {
        guard case .recording = recorder.state else { return }
        progress = recorder.progress(atUs: deps.clock.nowMicroseconds())
        let seconds = progress * Double(recorder.maximumUs) / 1_000_000
        let elapsed = DecimalText.fixed(seconds)
        let limit = DecimalText.fixed(Double(recorder.maximumUs) / 1_000_000, digits: 0)
        if recorder.handsFree {
            // TRANSLATORS: hands-free recording: the time recorded and the limit, in seconds.
            status = tr("Press to stop · {elapsed} s / {limit} s", ["elapsed": elapsed, "limit": limit])
        } else {
            // TRANSLATORS: the time recorded and the limit, in seconds ("1.5 s / 15 s").
            status = tr("{elapsed} s / {limit} s", ["elapsed": elapsed, "limit": limit])
        }
    }

    func segmentFinished(_ url: URL, _ seconds: Double) {
        let now = deps.clock.nowMicroseconds()
        let next = recorder.segmentFinished(seconds: seconds, nowUs: now)
        deps.events?.emit(.recordFinished(path: url.path, duration: seconds, finalizeUs: now - releasedUs))
        status = recorder.canRecordMore ? segmentSummary : tr("The clip is full — Enter for next")
        progress = recorder.progress(atUs: now)
        tools = ToolLock(recording: false, hasSegments: true)
        showsSegmentBar = true
        afterSaving(next)
    }

    func segmentDiscarded() {
        let next = recorder.segmentDiscarded(nowUs: deps.clock.nowMicroseconds())
        tools = ToolLock(recording: false, hasSegments: !recorder.segments.isEmpty)
        afterSaving(next)
    }

    /// A segment was saved or thrown away: a hold that began meanwhile starts recording now,
    /// a camera asked to close while saving closes, and an Enter that came meanwhile goes on.
    private func afterSaving(_ action: Recorder.Action) {
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

    /// Undo last: the last segment's file goes.
    public func undoSegment() {
        guard flow.canUndoSegment, let folder = clipFolder, recorder.removeLastSegment() else { return }
        deps.clipJobs.removeLastSegment(in: folder)
        showsSegmentBar = !recorder.segments.isEmpty
        tools = ToolLock(recording: false, hasSegments: !recorder.segments.isEmpty)
        progress = recorder.progress(atUs: deps.clock.nowMicroseconds())
        status = recorder.segments.isEmpty ? tr("Hold to record") : segmentSummary
    }

    /// A limit chip was chosen: kept in the preferences, and said.
    public func changeLimit(_ seconds: Int) {
        limitSeconds = seconds
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

    /// The limit chosen in Preferences: taken at once unless a clip is under way (its segments
    /// keep the limit they were recorded with; the next clip has the new one).
    public func applyRecordingLimit(_ seconds: Int) {
        guard recorder.setMaximum(seconds: Double(seconds)) else { return }
        limitSeconds = seconds
    }
}
