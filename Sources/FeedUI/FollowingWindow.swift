import FeedCore
import FeedPresentation
import Foundation
import GtkKit
import Localization

/// Following (Ctrl+Shift+L, or from Preferences): the feeds and channels followed, each with
/// its last refresh or error, Refresh and Unsubscribe; OPML import and export.
@MainActor
final class FollowingWindow {
    private let store: FollowingStore
    private let dialog: DialogWindow
    private let list = Box(.vertical, spacing: 8)
    private let note = DialogForm.paragraph()
    private let refreshAllButton = Button(label: tr("Refresh all"))
    private let exportButton = Button(label: tr("Export OPML…"))
    private var chooser: FileChooser?
    var onImport: ((URL) -> Void)?
    var onExport: ((URL) -> String?)?
    var onClosed: (() -> Void)?

    private let images: (any WebImageFetching)?
    /// The marks of the channels' follows: sending, sent, refused (issue 23).
    private let deliveries: ActionDeliveryMarks?

    init(store: FollowingStore, parent: Window, images: (any WebImageFetching)?, deliveries: ActionDeliveryMarks? = nil) {
        self.store = store
        self.images = images
        self.deliveries = deliveries
        let form: Box
        (dialog, form) = DialogForm.make(title: tr("Following"), parent: parent, width: 520)
        form.append(list)
        note.isVisible = false
        form.append(note)
        let buttons = Box(.horizontal, spacing: 8)
        refreshAllButton.onClicked { [weak self] in self?.store.refreshAll() }
        let importButton = Button(label: tr("Import OPML…"))
        importButton.onClicked { [weak self] in self?.chooseImport() }
        exportButton.onClicked { [weak self] in self?.chooseExport() }
        buttons.append(refreshAllButton)
        buttons.append(importButton)
        buttons.append(exportButton)
        form.append(buttons)
        dialog.onCloseRequest { [weak self] in
            self?.onClosed?()
            return false
        }
        store.onChange = { [weak self] in self?.show() }
        deliveries?.observe(by: self) { [weak self] subject in
            guard let self, case .channel = subject else { return }
            show()
        }
        show()
    }

    /// The dialog itself (its focus moves are reported as the main window's are).
    var window: DialogWindow { dialog }
    func present() { dialog.present() }
    func close() { dialog.close() }

    func say(_ message: String) {
        note.text = message
        note.isVisible = true
    }

    private func show() {
        list.removeAll()
        refreshAllButton.sensitive = store.hasFeeds
        exportButton.sensitive = store.hasFeeds
        if store.rows.isEmpty {
            list.append(DialogForm.paragraph(tr("You follow no feeds yet: Ctrl+L adds one.")))
        }
        for subscription in store.rows {
            let row = Box(.horizontal, spacing: 8)
            // The channel's picture when its feed names one; the default avatar until it comes.
            let avatar = Image(file: nil, pixelSize: 36)
            avatar.addCSSClass("rail-avatar")
            avatar.setOverflowHidden()
            avatar.setAlign(horizontal: .center, vertical: .center)
            if let picture = subscription.imageURL {
                images?.image(at: picture) { [weak avatar] file in avatar?.setFile(file?.path) }
            }
            row.append(avatar)
            let text = Box(.vertical, spacing: 2)
            text.setExpand(horizontal: true, vertical: false)
            let title = Label(subscription.title.isEmpty ? subscription.url : subscription.title)
            title.setEllipsizeEnd()
            title.setXAlign(0)
            title.addCSSClass("preferences-heading")
            title.tooltip = subscription.url
            let line = DialogForm.paragraph(store.line(for: subscription))
            if !store.lineWraps(for: subscription) {
                // Wide enough for "Refreshed 5 min ago · 4 new"; a longer translation ends in "…".
                line.setWrap(false)
                line.setEllipsizeEnd()
                line.tooltip = line.text
            }
            line.addCSSClass(subscription.lastError == nil ? "dim-label" : "device-missing")
            text.append(title)
            text.append(line)
            if let origin = store.origin(of: subscription) {
                let from = DialogForm.paragraph(origin)
                from.setWrap(false)
                from.setEllipsizeEnd()
                from.tooltip = origin
                from.addCSSClass("dim-label")
                text.append(from)
            }
            if let mark = followMark(for: subscription) { text.append(mark.root) }
            let refresh = Button(iconName: "view-refresh-symbolic")
            refresh.setAccessibleLabel(tr("Refresh {title}", ["title": subscription.title]))
            refresh.tooltip = tr("Refresh")
            refresh.onClicked { [weak self] in self?.store.refresh(subscription.id) }
            let remove = Button(label: tr("Unsubscribe"))
            remove.setAccessibleLabel(tr("Unsubscribe from {title}", ["title": subscription.title]))
            remove.onClicked { [weak self] in
                guard let self else { return }
                if let failure = store.unsubscribe(subscription.id) { say(failure) }
            }
            // At their own height, centred on the row (the row's two lines stretched them).
            for button in [refresh, remove] { button.setAlign(vertical: .center) }
            row.append(text)
            row.append(refresh)
            row.append(remove)
            list.append(row)
        }
    }

    /// The mark of the channel's follow, for a channel's subscription while there is one to say.
    private func followMark(for subscription: Subscription) -> DeliveryMark? {
        guard let deliveries, let handle = store.channelHandle(of: subscription) else { return nil }
        let delivery = deliveries.delivery(of: .channel(handle))
        guard delivery != .none else { return nil }
        let mark = DeliveryMark()
        mark.root.setAlign(horizontal: .start, vertical: .start)
        mark.show(delivery, of: .follow)
        mark.onRetry = { deliveries.retry(.channel(handle)) }
        mark.onUndo = { [weak self] in
            guard let self, deliveries.undoing(.channel(handle)) == false else { return }
            if let failure = store.unsubscribe(subscription.id) { say(failure) }
        }
        return mark
    }

    private func chooseImport() {
        guard chooser == nil else { return }
        let chooser = FileChooser(title: tr("Import subscriptions"), parent: dialog, kind: nil,
                                  labels: .opening(tr("OPML files")))
        self.chooser = chooser
        chooser.choose { [weak self] path in
            self?.chooser = nil
            if let path { self?.onImport?(URL(fileURLWithPath: path)) }
        }
    }

    private func chooseExport() {
        guard chooser == nil else { return }
        let chooser = FileChooser(title: tr("Export subscriptions"), parent: dialog, action: .save(suggestedName: "loopfeed.opml"),
                                  kind: nil, labels: .saving)
        self.chooser = chooser
        chooser.choose { [weak self] path in
            guard let self else { return }
            self.chooser = nil
            guard let path else { return }
            say(onExport?(URL(fileURLWithPath: path)) ?? tr("Saved {file}.", ["file": URL(fileURLWithPath: path).lastPathComponent]))
        }
    }
}
