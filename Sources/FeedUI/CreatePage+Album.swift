import FeedCore
import FeedMedia
import Foundation
import GtkKit
import Localization

/// Starting from a video file instead of the camera.
extension CreatePage {
    var canStartFromAlbum: Bool { flow.canStartFromAlbum(recorder) }

    func chooseAlbumVideo() {
        guard let parentWindow, canStartFromAlbum, chooser == nil else { return }
        let chooser = FileChooser(title: tr("Choose a video to post"), parent: parentWindow, kind: .videos,
                                  labels: .opening(tr("Videos")))
        self.chooser = chooser
        chooser.choose { [weak self] path in
            self?.chooser = nil
            guard let path else { return }
            self?.openAlbumVideo(URL(fileURLWithPath: path))
        }
    }

    /// A video file becomes the clip to edit, as a recording would.
    func openAlbumVideo(_ file: URL) {
        status.text = tr("Opening {file}…", ["file": file.lastPathComponent])
        album.open(file) { [weak self] outcome in
            guard let self else { return }
            // Something else may have started meanwhile (a recording, another clip).
            guard canStartFromAlbum else { return }
            switch outcome {
            case .refused(let message):
                status.text = message
                notice(message)
                deps.events?.emit(.error(kind: "album", message: message, postID: nil))
            case .video(let facts):
                closeCamera()
                guard flow.albumOpened(CreateFlow.Clip(url: file, seconds: facts.durationSeconds, recorded: false),
                                       recorder: recorder) else { return }
                clipFolder = deps.dataDirectory.appendingPathComponent("recordings/album-\(UUID().uuidString)")
                showEditor()
                editor.limitLength(to: Double(toolbar.limitSeconds))
                if !isActive { editor.pause() }
            }
        }
    }
}
