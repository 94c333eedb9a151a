import FeedCore
import FeedMedia
import Foundation
import GtkKit
import Localization

/// The recorder's tools before recording: "Add sound" at the top; flip, speed, timer, looks
/// and mirror down the right like the feed's rail; the length limit and Album at the bottom.
/// It only holds choices and reports them; CreatePage hands them to CreateSession.
@MainActor
final class CaptureToolbar {
    static let speeds: [Double] = [0.5, 1, 2]
    static let timers = [0, 3, 10]

    /// Overlays for the camera page.
    let top = Box(.horizontal, spacing: 0)
    let rail = Box(.vertical, spacing: 6)
    let limits = Box(.horizontal, spacing: 4)
    // TRANSLATORS: the recorder's button that posts a video file instead of recording.
    let album = Button(label: tr("Album"))

    var onSound: (() -> Void)?
    var onFlip: (() -> Void)?
    var onSpeed: ((Double) -> Void)?
    var onTimer: ((Int) -> Void)?
    var onFilter: ((CaptureFilter) -> Void)?
    var onMirror: ((Bool) -> Void)?
    var onLimit: ((Int) -> Void)?
    var onAlbum: (() -> Void)?

    private(set) var speed: Double = 1
    private(set) var timerSeconds = 0
    private(set) var filter: CaptureFilter = .none
    private(set) var mirrored = false
    private(set) var limitSeconds: Int

    private let soundChip = Button(label: "♫  " + tr("Add sound"))
    // TRANSLATORS: the recorder's button that switches to the next camera.
    private let flip = Button(label: tr("Flip"))
    private let speedButton = Button(label: CaptureToolbar.speedLabel(1))
    // TRANSLATORS: the recorder's self-timer button, when no countdown is set.
    private let timerButton = Button(label: tr("Timer off"))
    private var filterButtons: [(CaptureFilter, Button)] = []
    // TRANSLATORS: the recorder's button that mirrors the picture left to right.
    private let mirrorButton = Button(label: tr("Mirror"))
    private var limitButtons: [(Int, Button)] = []

    init(limitSeconds: Int) {
        self.limitSeconds = limitSeconds
        soundChip.addCSSClass("capture-tool")
        soundChip.addCSSClass("sound-chip")
        soundChip.setAccessibleLabel(tr("Add a sound"))
        soundChip.tooltip = tr("Add a sound to record over")
        soundChip.onClicked { [weak self] in self?.onSound?() }
        top.setAlign(horizontal: .center, vertical: .start)
        top.setMargins(top: 14)
        top.append(soundChip)

        rail.setAlign(horizontal: .end, vertical: .start)
        rail.setMargins(top: 56, end: 10)
        tool(flip, tr("Flip: switch to the next camera"))
        flip.onClicked { [weak self] in self?.onFlip?() }
        tool(speedButton, tr("Speed: how fast the clip plays (0.5x, 1x, 2x)"))
        speedButton.onClicked { [weak self] in self?.cycleSpeed() }
        tool(timerButton, tr("Timer: count down 3 or 10 seconds, then record hands-free"))
        timerButton.onClicked { [weak self] in self?.cycleTimer() }
        for look in CaptureFilter.allCases {
            let button = Button(label: look.title)
            // TRANSLATORS: {look} is the name of a colour look, like “Warm” or “Mono”.
            tool(button, tr("Filter: {look}", ["look": look.title]))
            button.onClicked { [weak self] in self?.choose(look) }
            filterButtons.append((look, button))
        }
        tool(mirrorButton, tr("Mirror the picture"))
        mirrorButton.onClicked { [weak self] in self?.toggleMirror() }
        choose(.none, notify: false)

        limits.setAlign(horizontal: .center)
        for seconds in Preferences.recordingLimitChoices {
            let button = Button(label: Self.limitTitle(seconds))
            button.addCSSClass("limit-chip")
            button.setAccessibleLabel(trn("Record up to {count} second", "Record up to {count} seconds", seconds))
            button.onClicked { [weak self] in self?.chooseLimit(seconds) }
            limitButtons.append((seconds, button))
            limits.append(button)
        }
        chooseLimit(limitSeconds, notify: false)

        album.addCSSClass("capture-tool")
        album.setAccessibleLabel(tr("Album: post a video file instead of recording"))
        album.tooltip = tr("Pick a video file to trim and post")
        album.setAlign(horizontal: .start, vertical: .end)
        album.setMargins(bottom: 52, start: 16)
        album.onClicked { [weak self] in self?.onAlbum?() }
    }

    /// A recording limit chip: "15s", "3m".
    private static func limitTitle(_ seconds: Int) -> String {
        if seconds >= 60 {
            // TRANSLATORS: a recording limit in whole minutes on a small chip ("3m").
            return trn("{count}m", "{count}m", seconds / 60)
        }
        // TRANSLATORS: a recording limit in seconds on a small chip ("15s").
        return trn("{count}s", "{count}s", seconds)
    }

    private func tool(_ button: Button, _ description: String) {
        button.addCSSClass("capture-tool")
        button.setAccessibleLabel(description)
        button.tooltip = description
        rail.append(button)
    }

    /// The sound chip names the chosen sound.
    func showSound(_ sound: RecordingSound?) {
        soundChip.label = sound.map { "♫  \($0.musicLine)" } ?? "♫  " + tr("Add sound")
        soundChip.setCSSClass("selected", sound != nil)
    }

    /// Flip only makes sense with more than one camera.
    func setCameraCount(_ count: Int) {
        flip.sensitive = count > 1
        flip.tooltip = count > 1 ? tr("Flip: switch to the next camera") : tr("Only one camera is connected")
    }

    /// While recording, tools that would change the clip mid-way are locked.
    func setRecording(_ recording: Bool, hasSegments: Bool) {
        for widget in [flip, speedButton, timerButton, soundChip, album] as [Widget] { widget.sensitive = !recording }
        // The limit and the sound belong to the whole clip: fixed once a segment exists.
        soundChip.sensitive = !recording && !hasSegments
        album.isVisible = !hasSegments
        for (_, button) in limitButtons { button.sensitive = !recording && !hasSegments }
    }

    private func cycleSpeed() {
        let index = Self.speeds.firstIndex(of: speed) ?? 1
        speed = Self.speeds[(index + 1) % Self.speeds.count]
        speedButton.label = Self.speedLabel(speed)
        speedButton.setCSSClass("selected", speed != 1)
        onSpeed?(speed)
    }

    static func speedTitle(_ speed: Double) -> String { speed == 0.5 ? "0.5x" : "\(Int(speed))x" }

    /// The speed button: "Speed 2x".
    static func speedLabel(_ speed: Double) -> String {
        // TRANSLATORS: the recorder's speed button; {speed} is “0.5x”, “1x” or “2x”.
        tr("Speed {speed}", ["speed": speedTitle(speed)])
    }

    private func cycleTimer() {
        let index = Self.timers.firstIndex(of: timerSeconds) ?? 0
        timerSeconds = Self.timers[(index + 1) % Self.timers.count]
        if timerSeconds == 0 {
            timerButton.label = tr("Timer off")
        } else {
            // TRANSLATORS: the self-timer button with its countdown in seconds ("Timer 3s").
            timerButton.label = trn("Timer {count}s", "Timer {count}s", timerSeconds)
        }
        timerButton.setCSSClass("selected", timerSeconds != 0)
        onTimer?(timerSeconds)
    }

    private func choose(_ look: CaptureFilter, notify: Bool = true) {
        filter = look
        // The look in use is always marked, Normal included.
        for (candidate, button) in filterButtons { button.setCSSClass("selected", candidate == look) }
        if notify { onFilter?(look) }
    }

    private func toggleMirror() {
        mirrored.toggle()
        mirrorButton.setCSSClass("selected", mirrored)
        onMirror?(mirrored)
    }

    func chooseLimit(_ seconds: Int, notify: Bool = true) {
        limitSeconds = seconds
        for (candidate, button) in limitButtons { button.setCSSClass("selected", candidate == seconds) }
        if notify { onLimit?(seconds) }
    }
}
