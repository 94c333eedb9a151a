import FeedCore
import FeedPresentation
import FeedMedia
import Foundation
import GtkKit
import Localization

/// Picking a sound: one sound sheet shared by the camera and the editor (moved to whichever
/// asked), previews, a sound file probed before it is taken, and the sound played along while
/// recording. CreatePage says where the choice goes; CreateSession when to play and stop.
@MainActor
final class SoundPicker: SoundPickerView {
    enum Target { case camera, editor }

    /// Starts on the camera page, above its controls (CreatePage adds it last there).
    let sheet: SoundSheet
    private(set) var target: Target = .camera
    /// The sound chosen on the camera: played during each hold, and the recorded clip's sound.
    private(set) var cameraSound: RecordingSound?
    var isOpen: Bool { sheet.isOpen }

    /// The camera's sound changed (the toolbar shows it).
    var onCameraSound: ((RecordingSound?) -> Void)?
    /// The editor's sound was chosen.
    var onEditorSound: ((RecordingSound?) -> Void)?
    /// The sheet closed over the editor (which then plays again).
    var onEditorSheetClosed: (() -> Void)?
    /// "Choose a file…": the page opens the file chooser (one at a time with Album's).
    var onChooseFile: (() -> Void)?
    /// A sentence for the page's toast.
    var onNotice: ((String) -> Void)?

    /// Made the first time a sound plays: a pipeline and a thread most launches never need.
    private var player: SoundPlayer?
    /// The runtime the page's players are made on.
    private let media: MediaRuntime
    private let clipJobs: ClipJobs
    private let camera: Overlay
    private let editor: Overlay

    init(sounds: [RecordingSound], media: MediaRuntime, clipJobs: ClipJobs, camera: Overlay, editor: Overlay) {
        sheet = SoundSheet(sounds: sounds)
        self.media = media
        self.clipJobs = clipJobs
        self.camera = camera
        self.editor = editor
        sheet.onChoose = { [weak self] chosen in self?.chosen(chosen) }
        sheet.onChooseFile = { [weak self] in self?.onChooseFile?() }
        sheet.onClose = { [weak self] in
            guard let self, target == .editor else { return }
            onEditorSheetClosed?()
        }
        sheet.onPreview = { [weak self] preview in
            guard let self else { return }
            if let preview { soundPlayer()?.play(preview.file, from: 0) } else { player?.pause() }
        }
    }

    private func soundPlayer() -> SoundPlayer? {
        if let player { return player }
        player = try? SoundPlayer(runtime: media)
        player?.onError = { [weak self] text in self?.onNotice?(text) }
        return player
    }

    func open(for target: Target) {
        if target != self.target {
            // One sheet, moved to the page that asked for it.
            (self.target == .editor ? editor : camera).removeOverlay(sheet.root)
            (target == .editor ? editor : camera).addOverlay(sheet.root)
            self.target = target
        }
        sheet.open()
    }

    func close() { sheet.close() }

    /// Nothing plays (the tab is left).
    func stop() { player?.stop() }

    func pause() { player?.pause() }

    /// Plays the camera's sound from where the clip has got to, at `rate` (1/speed: a clip
    /// recorded for 2x hears its sound at half speed now, and at its own speed once posted).
    func playAlongRecording(fromSeconds seconds: Double, rate: Double) {
        guard let cameraSound else { return }
        soundPlayer()?.play(cameraSound.file, from: seconds, rate: rate)
    }

    /// A file picked with "Choose a file…": taken only if GStreamer can play its sound, so a
    /// bad one is said now, not at posting.
    func use(file: URL) {
        clipJobs.probe(file) { [weak self] probe in
            guard let self else { return }
            guard case .success(let facts) = probe, facts.hasAudio else {
                onNotice?(tr("“{file}” has no sound Loopfeed can play.", ["file": file.lastPathComponent]))
                return
            }
            var picked = RecordingSound.picked(file)
            picked.duration = facts.durationSeconds
            chosen(picked)
        }
    }

    private func chosen(_ sound: RecordingSound?) {
        player?.stop()
        switch target {
        case .camera:
            cameraSound = sound
            onCameraSound?(sound)
        case .editor:
            onEditorSound?(sound)
        }
    }
}
