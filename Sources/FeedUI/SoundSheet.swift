import FeedCore
import Foundation
import GtkKit
import Localization

/// "Add sound": the bundled tracks (each with a ▶ to hear it first), "Choose a file…" and
/// "No sound", in a sheet over the bottom of the recorder.
@MainActor
final class SoundSheet {
    let root = Box(.vertical, spacing: 0)
    /// A sound was picked (nil: no sound).
    var onChoose: ((RecordingSound?) -> Void)?
    /// "Choose a file…": the owner opens the file chooser.
    var onChooseFile: (() -> Void)?
    /// ▶ on a row: play it (nil stops the preview).
    var onPreview: ((RecordingSound?) -> Void)?
    /// The sheet closed, with or without a choice.
    var onClose: (() -> Void)?

    private let list = Box(.vertical, spacing: 2)
    private var previewing: RecordingSound?
    private var previewButtons: [(RecordingSound, Button)] = []

    init(sounds: [RecordingSound]) {
        root.addCSSClass("comments-sheet")
        root.addCSSClass("sound-sheet")
        root.setAlign(horizontal: .fill, vertical: .end)
        root.isVisible = false
        let header = Box(.horizontal, spacing: 8)
        header.addCSSClass("sheet-header")
        let title = Label(tr("Sounds"))
        title.addCSSClass("sheet-title")
        title.setExpand(horizontal: true)
        title.setXAlign(0)
        let close = Button(iconName: "window-close-symbolic")
        close.setHasFrame(false)
        close.setAccessibleLabel(tr("Close the sound list"))
        close.onClicked { [weak self] in self?.close() }
        header.append(title)
        header.append(close)
        root.append(header)
        for sound in sounds { list.append(row(sound)) }
        if sounds.isEmpty {
            let none = Label(tr("No bundled sounds were found; choose a file instead."))
            none.addCSSClass("discover-status")
            list.append(none)
        }
        let file = Button(label: tr("Choose a file…"))
        file.addCSSClass("sound-row")
        file.setAccessibleLabel(tr("Choose a sound file"))
        file.onClicked { [weak self] in
            self?.close()
            self?.onChooseFile?()
        }
        let silence = Button(label: tr("No sound"))
        silence.addCSSClass("sound-row")
        silence.onClicked { [weak self] in self?.choose(nil) }
        list.append(file)
        list.append(silence)
        list.setMargins(bottom: 12, start: 8, end: 8)
        root.append(list)
    }

    private func row(_ sound: RecordingSound) -> Widget {
        let row = Box(.horizontal, spacing: 6)
        let play = Button(iconName: "media-playback-start-symbolic")
        play.setHasFrame(false)
        play.setAccessibleLabel(tr("Listen to {title}", ["title": sound.title]))
        play.tooltip = tr("Listen")
        play.onClicked { [weak self] in self?.togglePreview(sound) }
        previewButtons.append((sound, play))
        let text = Box(.vertical, spacing: 0)
        let title = Label(sound.title)
        title.addCSSClass("sound-title")
        title.setXAlign(0)
        let detail = Label([sound.artist, sound.duration > 0 ? Self.minutes(sound.duration) : ""]
            .filter { !$0.isEmpty }.joined(separator: " · "))
        detail.addCSSClass("comment-time")
        detail.setXAlign(0)
        text.append(title)
        text.append(detail)
        let use = Button(child: text)
        use.addCSSClass("sound-row")
        use.setExpand(horizontal: true)
        // TRANSLATORS: for screen readers: record over this sound; {sound} is its title and artist.
        use.setAccessibleLabel(tr("Use {sound}", ["sound": sound.musicLine]))
        use.onClicked { [weak self] in self?.choose(sound) }
        row.append(play)
        row.append(use)
        return row
    }

    static func minutes(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }

    var isOpen: Bool { root.isVisible }

    func open() { root.isVisible = true }

    func close() {
        guard root.isVisible else { return }
        root.isVisible = false
        stopPreview()
        onClose?()
    }

    private func choose(_ sound: RecordingSound?) {
        close()
        onChoose?(sound)
    }

    private func togglePreview(_ sound: RecordingSound) {
        let same = previewing == sound
        stopPreview()
        guard !same else { return }
        previewing = sound
        previewButtons.first { $0.0 == sound }?.1.setIconName("media-playback-pause-symbolic")
        onPreview?(sound)
    }

    private func stopPreview() {
        guard previewing != nil else { return }
        previewing = nil
        for (_, button) in previewButtons { button.setIconName("media-playback-start-symbolic") }
        onPreview?(nil)
    }
}
