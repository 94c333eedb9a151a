import FeedCore
import FeedMedia
import Foundation
import GtkKit

/// The recorder's tools before recording: "Add sound" at the top; flip, speed, timer, looks
/// and mirror down the right like the feed's rail; the length limit and Album at the bottom.
/// It only holds choices and reports them; CreatePage acts on them.
@MainActor
final class CaptureToolbar {
    static let speeds: [Double] = [0.5, 1, 2]
    static let timers = [0, 3, 10]

    /// Overlays for the camera page.
    let top = Box(.horizontal, spacing: 0)
    let rail = Box(.vertical, spacing: 6)
    let limits = Box(.horizontal, spacing: 4)
    let album = Button(label: "Album")

    var onSound: (() -> Void)?
    var onFlip: (() -> Void)?
    var onFilter: ((CaptureFilter) -> Void)?
    var onMirror: ((Bool) -> Void)?
    var onLimit: ((Int) -> Void)?
    var onAlbum: (() -> Void)?

    private(set) var speed: Double = 1
    private(set) var timerSeconds = 0
    private(set) var filter: CaptureFilter = .none
    private(set) var mirrored = false
    private(set) var limitSeconds: Int

    private let soundChip = Button(label: "♫  Add sound")
    private let flip = Button(label: "Flip")
    private let speedButton = Button(label: "Speed 1x")
    private let timerButton = Button(label: "Timer off")
    private var filterButtons: [(CaptureFilter, Button)] = []
    private let mirrorButton = Button(label: "Mirror")
    private var limitButtons: [(Int, Button)] = []

    init(limitSeconds: Int) {
        self.limitSeconds = limitSeconds
        soundChip.addCSSClass("capture-tool")
        soundChip.addCSSClass("sound-chip")
        soundChip.setAccessibleLabel("Add a sound")
        soundChip.tooltip = "Add a sound to record over"
        soundChip.onClicked { [weak self] in self?.onSound?() }
        top.setAlign(horizontal: .center, vertical: .start)
        top.setMargins(top: 14)
        top.append(soundChip)

        rail.setAlign(horizontal: .end, vertical: .start)
        rail.setMargins(top: 56, end: 10)
        tool(flip, "Flip: switch to the next camera")
        flip.onClicked { [weak self] in self?.onFlip?() }
        tool(speedButton, "Speed: how fast the clip plays (0.5x, 1x, 2x)")
        speedButton.onClicked { [weak self] in self?.cycleSpeed() }
        tool(timerButton, "Timer: count down 3 or 10 seconds, then record hands-free")
        timerButton.onClicked { [weak self] in self?.cycleTimer() }
        for look in CaptureFilter.allCases {
            let button = Button(label: look.title)
            tool(button, "Filter: \(look.title)")
            button.onClicked { [weak self] in self?.choose(look) }
            filterButtons.append((look, button))
        }
        tool(mirrorButton, "Mirror the picture")
        mirrorButton.onClicked { [weak self] in self?.toggleMirror() }
        choose(.none, notify: false)

        limits.setAlign(horizontal: .center)
        for seconds in Preferences.recordingLimitChoices {
            let button = Button(label: seconds >= 60 ? "\(seconds / 60)m" : "\(seconds)s")
            button.addCSSClass("limit-chip")
            button.setAccessibleLabel("Record up to \(seconds) seconds")
            button.onClicked { [weak self] in self?.chooseLimit(seconds) }
            limitButtons.append((seconds, button))
            limits.append(button)
        }
        chooseLimit(limitSeconds, notify: false)

        album.addCSSClass("capture-tool")
        album.setAccessibleLabel("Album: post a video file instead of recording")
        album.tooltip = "Pick a video file to trim and post"
        album.setAlign(horizontal: .start, vertical: .end)
        album.setMargins(bottom: 52, start: 16)
        album.onClicked { [weak self] in self?.onAlbum?() }
    }

    private func tool(_ button: Button, _ description: String) {
        button.addCSSClass("capture-tool")
        button.setAccessibleLabel(description)
        button.tooltip = description
        rail.append(button)
    }

    /// The sound chip names the chosen sound.
    func showSound(_ sound: RecordingSound?) {
        soundChip.label = sound.map { "♫  \($0.musicLine)" } ?? "♫  Add sound"
        soundChip.setCSSClass("selected", sound != nil)
    }

    /// Flip only makes sense with more than one camera.
    func setCameraCount(_ count: Int) {
        flip.sensitive = count > 1
        flip.tooltip = count > 1 ? "Flip: switch to the next camera" : "Only one camera is connected"
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
        speedButton.label = "Speed \(Self.speedTitle(speed))"
        speedButton.setCSSClass("selected", speed != 1)
    }

    static func speedTitle(_ speed: Double) -> String { speed == 0.5 ? "0.5x" : "\(Int(speed))x" }

    private func cycleTimer() {
        let index = Self.timers.firstIndex(of: timerSeconds) ?? 0
        timerSeconds = Self.timers[(index + 1) % Self.timers.count]
        timerButton.label = timerSeconds == 0 ? "Timer off" : "Timer \(timerSeconds)s"
        timerButton.setCSSClass("selected", timerSeconds != 0)
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

    private func chooseLimit(_ seconds: Int, notify: Bool = true) {
        limitSeconds = seconds
        for (candidate, button) in limitButtons { button.setCSSClass("selected", candidate == seconds) }
        if notify { onLimit?(seconds) }
    }
}
