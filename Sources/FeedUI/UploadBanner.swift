import FeedPresentation
import GLibKit
import GtkKit
import Localization

/// The upload's line at the top of the window, above every page (under the import's): what
/// UploadBannerStore says, a bar while bytes go, and Cancel while it may still be stopped.
/// How it ended stays a while, then goes.
@MainActor
final class UploadBanner {
    let root = Box(.vertical, spacing: 6)
    private let store: UploadBannerStore
    private let label = Label()
    private let bar = ProgressBar()
    // TRANSLATORS: the upload banner's button; it stops the upload, the post stays on this computer.
    private let cancel = Button(label: tr("Cancel"))
    private var hideTimer: SourceHandle?

    init(store: UploadBannerStore) {
        self.store = store
        root.addCSSClass("import-banner")
        root.addCSSClass("upload-banner")
        root.setAlign(horizontal: .fill, vertical: .start)
        let row = Box(.horizontal, spacing: 10)
        label.setWrap(true, maxLines: 3)
        label.setXAlign(0)
        label.setExpand(horizontal: true, vertical: false)
        row.append(label)
        cancel.setAccessibleLabel(tr("Cancel the upload"))
        cancel.tooltip = tr("Stop the upload (the post stays on this computer)")
        cancel.onClicked { [weak self] in self?.store.cancel() }
        row.append(cancel)
        root.append(row)
        root.append(bar)
        root.isVisible = false
        store.onChange = { [weak self] in self?.show() }
        show()
    }

    private func show() {
        hideTimer?.cancel()
        hideTimer = nil
        guard let shown = store.shown else {
            root.isVisible = false
            return
        }
        label.text = shown.text
        cancel.isVisible = shown.canCancel
        bar.isVisible = shown.fraction != nil
        if let fraction = shown.fraction { bar.fraction = fraction }
        root.isVisible = true
        if shown.isOver {
            hideTimer = MainLoop.after(milliseconds: 8_000) { [weak self] in self?.root.isVisible = false }
        }
    }
}
