import FeedCore
import FeedMedia
import Foundation
import GLibKit
import GtkKit
import Localization

/// The sound sheet, shared by the camera and the editor, and a sound picked from a file.
extension CreatePage {
    func openSounds(for target: SoundSheetTarget) {
        if target != soundSheetTarget {
            // One sheet, moved to the page that asked for it.
            (soundSheetTarget == .editor ? editor.root : cameraPage).removeOverlay(soundSheet.root)
            (target == .editor ? editor.root : cameraPage).addOverlay(soundSheet.root)
            soundSheetTarget = target
        }
        if target == .editor { editor.pause() }
        soundSheet.open()
    }

    func soundChosen(_ chosen: RecordingSound?) {
        soundPlayer?.stop()
        switch soundSheetTarget {
        case .camera:
            sound = chosen
            toolbar.showSound(chosen)
        case .editor:
            editor.setSound(chosen)
            editor.resume()
        }
    }

    func chooseSoundFile() {
        guard let parentWindow else { return }
        let chooser = FileChooser(title: tr("Choose a sound"), parent: parentWindow, kind: .audio)
        self.chooser = chooser
        chooser.choose { [weak self] path in
            // Done with this chooser, chosen or not: Album waits for `chooser` to be nil, and
            // kept, it did nothing for as long as the page lived (issue 9).
            self?.chooser = nil
            guard let self, let path else { return }
            let file = URL(fileURLWithPath: path)
            // Only a file GStreamer can play is accepted: a bad one is said now, not at posting.
            deps.clipJobs.probe(file) { [weak self] probe in
                guard let self else { return }
                guard case .success(let facts) = probe, facts.hasAudio else {
                    notice(tr("“{file}” has no sound Loopfeed can play.", ["file": file.lastPathComponent]))
                    return
                }
                var picked = RecordingSound.picked(file)
                picked.duration = facts.durationSeconds
                soundChosen(picked)
            }
        }
    }
}
