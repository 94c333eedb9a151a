import FeedPresentation
import GLibKit
import GtkKit
import Localization

/// The upload's line at the top of the window, above every page (under the import's): what
/// UploadBannerStore says, a bar while bytes go, and Cancel while it may still be stopped.
/// How it ended stays a while, then goes.
@MainActor
final class UploadBanner {
    // TRANSLATORS: the upload banner's button; it stops the upload, the post stays on this computer.
    private let row = BannerRow(cancel: Button(label: tr("Cancel")))
    private let store: UploadBannerStore
    private var hideTimer: SourceHandle?

    var root: Widget { row.root }

    init(store: UploadBannerStore) {
        self.store = store
        row.root.addCSSClass("upload-banner")
        row.cancel.setAccessibleLabel(tr("Cancel the upload"))
        row.cancel.tooltip = tr("Stop the upload (the post stays on this computer)")
        row.cancel.onClicked { [weak self] in self?.store.cancel() }
        store.onChange = { [weak self] in self?.show() }
        show()
    }

    private func show() {
        hideTimer?.cancel()
        hideTimer = nil
        guard let shown = store.shown else {
            row.root.isVisible = false
            return
        }
        row.show(shown.text, canCancel: shown.canCancel, showsBar: shown.fraction != nil)
        if let fraction = shown.fraction { row.bar.fraction = fraction }
        if shown.isOver {
            hideTimer = MainLoop.after(milliseconds: 8_000) { [weak self] in self?.row.root.isVisible = false }
        }
    }
}
