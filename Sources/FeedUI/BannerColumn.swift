import GtkKit

/// The banners at the top of the window, one under the other (the import's, the first launch's
/// welcome, then the upload's),
/// over every page: they never cover each other, and what a page keeps at its top (Home's
/// For You | Following) is told how tall they are, to sit below them.
@MainActor
final class BannerColumn {
    let root = Overlay()
    private let column = Box(.vertical)
    private let probe = SizeProbe()
    private var banners: [Widget] = []
    private var reported = 0
    /// The banners' height in logical pixels, 0 when none shows.
    var onHeight: ((Int) -> Void)?

    init() {
        root.setAlign(horizontal: .fill, vertical: .start)
        root.setChild(column)
        root.addOverlay(probe)
        probe.onResize { [weak self] _, height in self?.measured(height) }
        root.isVisible = false
    }

    func append(_ banner: Widget) {
        banners.append(banner)
        column.append(banner)
        banner.onNotify("visible") { [weak self] in self?.visibilityChanged() }
        visibilityChanged()
    }

    private func visibilityChanged() {
        let showing = banners.contains { $0.isVisible }
        root.isVisible = showing
        if !showing { measured(0) }
    }

    private func measured(_ height: Int) {
        let height = root.isVisible ? height : 0
        guard height != reported else { return }
        reported = height
        onHeight?(height)
    }
}
