import GtkKit
import Localization

/// Why this video?: For You's reasons for the post on screen in plain words, in a small popover
/// over the post's share button, with OK to close it (focus starts there; Esc closes too).
@MainActor
final class WhyThisVideo {
    private let popover = Popover()
    private let list = Box(.vertical, spacing: 6)
    private var lines: [Label] = []
    private let close = Button(label: tr("OK"))

    init() {
        list.addCSSClass("why-video")
        let title = Label(tr("Why this video?"))
        title.addCSSClass("why-video-title")
        title.setAlign(horizontal: .start)
        list.append(title)
        close.addCSSClass("share-choice")
        close.setHasFrame(false)
        close.setAlign(horizontal: .end)
        close.setAccessibleLabel(tr("Close Why this video?"))
        close.onClicked { [weak self] in self?.popover.popdown() }
        list.append(close)
        popover.setChild(list)
        popover.setSide(.left)
    }

    var isOpen: Bool { popover.isOpen }

    func open(_ reasons: [String], at anchor: Widget) {
        for line in lines { list.remove(line) }
        list.remove(close)
        lines = reasons.map { reason in
            let line = Label(reason)
            line.setWrap(true)
            line.setMaxWidthChars(32)
            line.setAlign(horizontal: .start)
            line.setAccessibleLabel(reason)
            list.append(line)
            return line
        }
        list.append(close)
        popover.popup(at: anchor)
        close.grabFocus()
    }

    func dismiss() { popover.dismiss() }
}
