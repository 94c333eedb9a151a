import FeedCore
import Foundation
import GtkKit
import Localization

/// Where the sound picker's choices go, and its file chooser (one at a time with Album's).
extension CreatePage {
    func wireSounds() {
        sounds.onCameraSound = { [weak self] chosen in self?.toolbar.showSound(chosen) }
        sounds.onEditorSound = { [weak self] chosen in
            guard let self else { return }
            editor.setSound(chosen)
            editor.resume()
        }
        sounds.onEditorSheetClosed = { [weak self] in self?.session.soundSheetClosedOverEditor() }
        sounds.onChooseFile = { [weak self] in self?.chooseSoundFile() }
        sounds.onNotice = { [weak self] text in self?.session.notice(text) }
    }

    func openSounds(for target: SoundPicker.Target) {
        if target == .editor { editor.pause() }
        sounds.open(for: target)
    }

    func chooseSoundFile() {
        guard let parentWindow else { return }
        let chooser = FileChooser(title: tr("Choose a sound"), parent: parentWindow, kind: .audio,
                                  labels: .opening(tr("Sounds")))
        self.chooser = chooser
        chooser.choose { [weak self] path in
            // Done with this chooser, chosen or not: Album waits for `chooser` to be nil, and
            // kept, it did nothing for as long as the page lived (issue 9).
            self?.chooser = nil
            guard let self, let path else { return }
            sounds.use(file: URL(fileURLWithPath: path))
        }
    }
}
