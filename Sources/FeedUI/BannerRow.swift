import GtkKit

/// The line the window's banners are made of (the import's, the upload's): words that wrap to
/// three lines, a Cancel beside them, and a progress bar under them.
@MainActor
final class BannerRow {
    let root = Box(.vertical, spacing: 6)
    let label = Label()
    let bar = ProgressBar()
    let cancel: Button

    init(cancel: Button) {
        self.cancel = cancel
        root.addCSSClass("import-banner")
        root.setAlign(horizontal: .fill, vertical: .start)
        let row = Box(.horizontal, spacing: 10)
        label.setWrap(true, maxLines: 3)
        label.setXAlign(0)
        label.setExpand(horizontal: true, vertical: false)
        row.append(label)
        row.append(cancel)
        root.append(row)
        root.append(bar)
        root.isVisible = false
    }

    /// `text`, with Cancel and the bar where they apply.
    func show(_ text: String, canCancel: Bool, showsBar: Bool) {
        label.text = text
        cancel.isVisible = canCancel
        bar.isVisible = showsBar
        root.isVisible = true
    }
}
