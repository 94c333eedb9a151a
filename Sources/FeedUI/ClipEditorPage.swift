import FeedCore
import FeedPresentation
import FeedMedia
import Foundation
import GtkKit
import Localization
import VideoBridge

/// After recording (or picking a video from the album): the clip loops while the user adds
/// text over it, a sound, a trim and a speed. Next (or Enter) goes on to the posting page; the
/// edit is only rendered when posting, so this screen stays instant.
@MainActor
final class ClipEditorPage: ClipEditorView {
    let root = Overlay()
    var onNext: ((ClipEdit) -> Void)?
    var onDiscard: (() -> Void)?
    /// "Sound": the owner opens the sound sheet and calls `setSound`.
    var onSound: (() -> Void)?

    private(set) var edit = ClipEdit()
    private(set) var sourceSeconds: Double = 0
    private let surface = VideoSurface()
    /// Made when the first clip is shown, the sound player when the first sound plays: each is
    /// a pipeline and a thread, and most launches never open the editor.
    private var player: LoopingPlayer?
    private var sounds: SoundPlayer?
    /// The runtime the page's players are made on.
    private let media: MediaRuntime
    private var soundTrack: RecordingSound?

    private let textLabel = Label()
    private let textPanel = Box(.vertical, spacing: 6)
    private let textEntry = Entry(placeholder: tr("Text on the video"))
    private let positionButton = Button(label: ClipEditorPage.positionTitle(1))
    private let trimPanel = Box(.vertical, spacing: 4)
    private let trimStart = Scale(minimum: 0, maximum: 1, step: 0.1)
    private let trimEnd = Scale(minimum: 0, maximum: 1, step: 0.1)
    private let trimSummary = Label()
    private let speedButton = Button(label: CaptureToolbar.speedLabel(1))
    // TRANSLATORS: the editor's button that adds a sound to the clip.
    private let soundButton = Button(label: tr("Sound"))
    private let originalButton = Button(label: tr("Original sound: on"))
    private let message = Label()
    // TRANSLATORS: the editor's button that writes text over the video.
    private let textButton = Button(label: tr("Text"))
    private let nextButton = Button(label: tr("Next"))
    // TRANSLATORS: the editor's button that shortens the clip.
    private let trimButton = Button(label: tr("Trim"))
    private var adjustingTrim = false

    init(media: MediaRuntime) {
        self.media = media
        root.addCSSClass("create-page")
        let picture = Picture()
        picture.setPaintable(surface.paintable)
        picture.setFit(.cover)
        picture.setExpand(horizontal: true, vertical: true)
        picture.setAccessibleLabel(tr("Your clip"))
        root.setChild(picture)

        textLabel.addCSSClass("overlay-text")
        textLabel.setWrap(true)
        textLabel.setAlign(horizontal: .center, vertical: .center)
        textLabel.setMargins(start: 24, end: 24)
        textLabel.canTarget = false
        textLabel.isVisible = false
        root.addOverlay(textLabel)

        buildRail()
        buildPanels()
    }

    private func clipPlayer() -> LoopingPlayer? {
        if let player { return player }
        player = try? LoopingPlayer(receiver: surface, runtime: media)
        player?.onLoop = { [weak self] _ in self?.restartSound() }
        player?.onError = { [weak self] error in self?.show(error.message) }
        return player
    }

    private func soundPlayer() -> SoundPlayer? {
        if let sounds { return sounds }
        sounds = try? SoundPlayer(runtime: media)
        sounds?.onError = { [weak self] text in self?.show(text) }
        return sounds
    }

    private func buildRail() {
        let rail = Box(.vertical, spacing: 6)
        rail.setAlign(horizontal: .end, vertical: .start)
        rail.setMargins(top: 16, end: 10)
        let text = textButton
        for (button, description) in [(text, tr("Text: write on the video")), (soundButton, tr("Sound: add a sound")),
                                      (originalButton, tr("Keep or mute the clip's own sound")),
                                      (speedButton, tr("Speed: 0.5x, 1x or 2x")),
                                      (trimButton, tr("Trim: keep part of the clip"))] {
            button.addCSSClass("capture-tool")
            button.setAccessibleLabel(description)
            button.tooltip = description
            rail.append(button)
        }
        trimButton.onClicked { [weak self] in self?.toggle(self?.trimPanel) }
        text.onClicked { [weak self] in self?.openText() }
        soundButton.onClicked { [weak self] in self?.onSound?() }
        originalButton.onClicked { [weak self] in self?.toggleOriginalSound() }
        speedButton.onClicked { [weak self] in self?.cycleSpeed() }
        root.addOverlay(rail)

        let bottom = Box(.vertical, spacing: 8)
        bottom.addCSSClass("post-form")
        bottom.setAlign(horizontal: .fill, vertical: .end)
        message.addCSSClass("composer-message")
        message.setWrap(true)
        message.isVisible = false
        bottom.append(message)
        bottom.append(textPanel)
        bottom.append(trimPanel)
        let buttons = Box(.horizontal, spacing: 8)
        let discard = Button(label: tr("Discard"))
        discard.setAccessibleLabel(tr("Discard this clip"))
        discard.onClicked { [weak self] in self?.onDiscard?() }
        let spacer = Box(.horizontal)
        spacer.setExpand(horizontal: true)
        let next = nextButton
        next.addCSSClass("suggested-action")
        next.tooltip = tr("Next (Enter)")
        next.setAccessibleLabel(tr("Next: caption and post"))
        next.onClicked { [weak self] in self?.next() }
        buttons.append(discard)
        buttons.append(spacer)
        buttons.append(next)
        bottom.append(buttons)
        root.addOverlay(bottom)
    }

    private func buildPanels() {
        textEntry.setAccessibleLabel(tr("Text on the video"))
        textEntry.setMaxLength(Int32(ClipEdit.maximumTextLength))
        textEntry.onChanged { [weak self] in self?.textChanged() }
        textEntry.onActivate { [weak self] in self?.closeText() }
        positionButton.onClicked { [weak self] in self?.cyclePosition() }
        let row = Box(.horizontal, spacing: 6)
        textEntry.setExpand(horizontal: true)
        row.append(textEntry)
        row.append(positionButton)
        textPanel.append(row)
        textPanel.isVisible = false

        trimSummary.addCSSClass("comment-time")
        // TRANSLATORS: where the kept part of a trimmed clip starts.
        let startTitle = tr("Start")
        // TRANSLATORS: where the kept part of a trimmed clip ends.
        let endTitle = tr("End")
        for (title, description, scale) in [(startTitle, tr("Trim start in seconds"), trimStart),
                                             (endTitle, tr("Trim end in seconds"), trimEnd)] {
            let line = Box(.horizontal, spacing: 6)
            let label = Label(title)
            label.setSizeRequest(width: 44, height: -1)
            label.setXAlign(0)
            scale.setExpand(horizontal: true)
            scale.showValue(digits: 1)
            scale.setAccessibleLabel(description)
            scale.onValueChanged { [weak self] _ in self?.trimChanged() }
            line.append(label)
            line.append(scale)
            trimPanel.append(line)
        }
        trimPanel.append(trimSummary)
        trimPanel.isVisible = false
    }

    // MARK: - Showing a clip

    /// A new clip: everything starts over except the speed and sound chosen before recording.
    func show(clip: URL, seconds: Double, speed: ClipEdit.Speed, sound: RecordingSound?) {
        let player = clipPlayer()
        sourceSeconds = seconds
        edit = ClipEdit(speed: speed)
        textEntry.text = ""
        textLabel.isVisible = false
        textPanel.isVisible = false
        trimPanel.isVisible = false
        message.isVisible = false
        adjustingTrim = true
        trimStart.setRange(minimum: 0, maximum: seconds)
        trimEnd.setRange(minimum: 0, maximum: seconds)
        trimStart.value = 0
        trimEnd.value = seconds
        adjustingTrim = false
        setSound(sound)
        updateLabels()
        player?.viewport = PixelSize(width: 450, height: 800)
        player?.load(uri: clip.absoluteString)
        applyLoop()
        resume()
    }

    /// An album video longer than the recorder's limit starts trimmed to it.
    func limitLength(to seconds: Double) {
        guard sourceSeconds > seconds else { return }
        trimEnd.value = seconds
        trimPanel.isVisible = true
        show(trn("This video is longer than {count} s: trim it to the part you want.",
                 "This video is longer than {count} s: trim it to the part you want.", Int(seconds)))
    }

    func setSound(_ sound: RecordingSound?) {
        soundTrack = sound
        // The sound runs along the posted clip's timeline (while recording it played at 1/speed
        // from 0), so a trimmed start skips as much of it as the kept part starts into the result.
        edit.sound = sound.map { ClipEdit.Sound(file: $0.file, volume: 1, originalVolume: edit.sound?.originalVolume ?? 1,
                                                offsetSeconds: edit.trimStart / edit.speed.rawValue) }
        soundButton.label = sound.map { "♫ \($0.title)" } ?? tr("Sound")
        soundButton.setCSSClass("selected", sound != nil)
        originalButton.isVisible = sound != nil
        restartSound()
    }

    var chosenSound: RecordingSound? { soundTrack }

    func resume() {
        player?.play()
        restartSound()
    }

    func pause() {
        player?.pause()
        sounds?.pause()
    }

    func unload() {
        player?.unload()
        sounds?.stop()
    }

    func show(_ text: String) {
        message.text = text
        message.isVisible = true
    }

    var isTyping: Bool { textPanel.isVisible }

    // MARK: - Tools

    private func openText() {
        textPanel.isVisible.toggle()
        if textPanel.isVisible { textEntry.grabFocus() }
    }

    /// Enter in the text field: done writing. The focus goes to Next, so the next Enter means Next
    /// whether or not the keyboard shows a focus ring (with it, Enter presses the focused control:
    /// left on Text, it opened the field again).
    private func closeText() {
        textPanel.isVisible = false
        nextButton.grabFocus()
    }

    private func textChanged() {
        edit.overlayText = textEntry.text
        textLabel.text = edit.overlayText ?? ""
        textLabel.isVisible = edit.overlayText != nil
    }

    private static let positions: [(Double, Align)] = [(0.18, .start), (0.5, .center), (0.72, .end)]

    /// The position button for `positions[index]`.
    private static func positionTitle(_ index: Int) -> String {
        switch index {
        case 0: tr("Position: top")
        case 2: tr("Position: bottom")
        default: tr("Position: middle")
        }
    }

    private func cyclePosition() {
        let index = Self.positions.firstIndex { $0.0 == edit.textPosition } ?? 1
        let nextIndex = (index + 1) % Self.positions.count
        let next = Self.positions[nextIndex]
        edit.textPosition = next.0
        positionButton.label = Self.positionTitle(nextIndex)
        textLabel.setAlign(vertical: next.1)
        // Top and bottom sit inside the picture's safe area, as the renderer places them.
        textLabel.setMargins(top: next.1 == .start ? 130 : 0, bottom: next.1 == .end ? 200 : 0)
    }

    private func toggle(_ panel: Box?) {
        guard let panel else { return }
        panel.isVisible.toggle()
    }

    private func cycleSpeed() {
        let all = ClipEdit.Speed.allCases
        let index = all.firstIndex(of: edit.speed) ?? 1
        edit.speed = all[(index + 1) % all.count]
        edit.sound?.offsetSeconds = edit.trimStart / edit.speed.rawValue
        updateLabels()
        applyLoop()
    }

    private func toggleOriginalSound() {
        guard var sound = edit.sound else { return }
        sound.originalVolume = sound.originalVolume > 0 ? 0 : 1
        edit.sound = sound
        player?.muted = sound.originalVolume == 0
        updateLabels()
    }

    private func trimChanged() {
        guard !adjustingTrim else { return }
        // The handles never cross: keep at least half a second between them.
        adjustingTrim = true
        if trimEnd.value - trimStart.value < ClipEdit.minimumResultSeconds {
            if trimStart.value + ClipEdit.minimumResultSeconds <= sourceSeconds {
                trimEnd.value = trimStart.value + ClipEdit.minimumResultSeconds
            } else {
                trimStart.value = max(0, trimEnd.value - ClipEdit.minimumResultSeconds)
            }
        }
        adjustingTrim = false
        edit.trimStart = trimStart.value
        edit.trimEnd = trimEnd.value >= sourceSeconds - 0.05 ? nil : trimEnd.value
        edit.sound?.offsetSeconds = edit.trimStart / edit.speed.rawValue
        updateLabels()
        applyLoop()
    }

    private func updateLabels() {
        // TRANSLATORS: the recorder's speed button; {speed} is “0.5x”, “1x” or “2x”.
        speedButton.label = tr("Speed {speed}", ["speed": edit.speed.title])
        speedButton.setCSSClass("selected", edit.speed != .normal)
        let kept = edit.trimRange(sourceSeconds: sourceSeconds)
        // TRANSLATORS: the trim's summary; {start}, {end} and {length} are seconds ("1.5").
        trimSummary.text = tr("Keeps {start}–{end} s · posts {length} s", [
            "start": DecimalText.fixed(kept.lowerBound), "end": DecimalText.fixed(kept.upperBound),
            "length": DecimalText.fixed(edit.resultDuration(sourceSeconds: sourceSeconds)),
        ])
        let original = (edit.sound?.originalVolume ?? 1) > 0
        originalButton.label = original ? tr("Original sound: on") : tr("Original sound: off")
        player?.muted = !original
    }

    private func applyLoop() {
        player?.setLoop(start: edit.trimStart, stop: edit.trimEnd, rate: edit.speed.rawValue)
        restartSound()
    }

    /// The chosen sound starts with each pass of the loop, as it will in the posted clip.
    private func restartSound() {
        guard let soundTrack, player?.wantsPlaying == true else {
            sounds?.pause()
            return
        }
        soundPlayer()?.play(soundTrack.file, from: edit.sound?.offsetSeconds ?? 0)
    }

    private func next() {
        do {
            let checked = try edit.validated(sourceSeconds: sourceSeconds)
            message.isVisible = false
            onNext?(checked)
        } catch {
            show(error.description)
        }
    }

    /// Enter from the page: Next, unless the text field has it.
    func activateNext() { next() }
}
