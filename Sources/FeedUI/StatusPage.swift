import GtkKit

/// A centred icon, title and explanation: empty states and pages still to come.
@MainActor
final class StatusPage {
    let root = Box(.vertical, spacing: 12)
    private let icon: Image
    private let title = Label()
    private let detail = Label()

    init(iconName: String, title: String, detail: String) {
        icon = Image(iconName: iconName, pixelSize: 64)
        root.addCSSClass("placeholder-page")
        root.setAlign(horizontal: .fill, vertical: .fill)
        root.setExpand(horizontal: true, vertical: true)
        let inner = Box(.vertical, spacing: 12)
        inner.setAlign(horizontal: .center, vertical: .center)
        inner.setExpand(horizontal: true, vertical: true)
        inner.setMargins(start: 32, end: 32)
        self.title.addCSSClass("title")
        self.title.text = title
        self.title.setWrap(true)
        self.detail.addCSSClass("detail")
        self.detail.text = detail
        self.detail.setWrap(true)
        inner.append(icon)
        inner.append(self.title)
        inner.append(self.detail)
        root.append(inner)
    }
}
