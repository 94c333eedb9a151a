import FeedPresentation
import GtkKit

/// Posts on their way to the user's channels: the banner over every page.
extension MainWindow {
    func installUploads() {
        guard let uploads = deps.create.uploads else { return }
        let banner = UploadBanner(store: UploadBannerStore(uploads: uploads, clock: deps.create.clock))
        banners.append(banner.root)
        uploadBanner = banner
    }
}
