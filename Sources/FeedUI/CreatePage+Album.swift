import FeedCore
import Foundation
import GtkKit
import Localization

/// Album: the file chooser for a video to start from instead of the camera.
extension CreatePage {
    func chooseAlbumVideo() {
        guard let parentWindow, session.canStartFromAlbum, chooser == nil else { return }
        let chooser = FileChooser(title: tr("Choose a video to post"), parent: parentWindow, kind: .videos,
                                  labels: .opening(tr("Videos")))
        self.chooser = chooser
        chooser.choose { [weak self] path in
            self?.chooser = nil
            guard let path else { return }
            self?.session.openAlbumVideo(URL(fileURLWithPath: path))
        }
    }
}
