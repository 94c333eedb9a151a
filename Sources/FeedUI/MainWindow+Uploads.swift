import FeedPresentation
import GtkKit

/// Posts on their way to the user's channels: the banner over every page.
extension MainWindow {
    func installUploads(on root: Overlay) {
        guard let uploads = deps.create.uploads else { return }
        let banner = UploadBanner(store: UploadBannerStore(uploads: uploads, clock: deps.create.clock))
        root.addOverlay(banner.root)
        uploadBanner = banner
    }
}
