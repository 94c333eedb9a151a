import FeedPresentation
import GtkKit
import Localization

/// The bottom bar: Home, Discover, +, Inbox, Profile.
@MainActor
final class TabBar {
    typealias Tab = AppTab

    let root = Box(.horizontal)
    /// The five buttons, spread over at most a phone's width and centred in a wider window.
    private let row = Box(.horizontal)
    private let clamp = Clamp(maximum: 600)
    private var buttons: [Tab: Button] = [:]
    private var badges: [Tab: Label] = [:]
    var onSelect: ((Tab) -> Void)?

    /// Its height at the usual text size (larger text makes it taller): the feed's first frame
    /// is scaled for the page above it before the window exists.
    static let height = 56

    init() {
        root.addCSSClass("tab-bar")
        root.setSizeRequest(width: -1, height: Int32(Self.height))
        row.homogeneous = true
        row.setExpand(horizontal: true)
        clamp.setExpand(horizontal: true)
        clamp.setChild(row)
        root.append(clamp)
        for tab in Tab.allCases {
            let content = Box(.vertical, spacing: 2)
            let icon = Overlay()
            // As wide as the icon and its badge, centred: the badge stays on the icon's corner
            // and the + keeps its shape however wide the button is.
            icon.setAlign(horizontal: .center)
            icon.setSizeRequest(width: tab == .create ? -1 : 44, height: -1)
            let image = Image(iconName: tab.iconName, pixelSize: tab == .create ? 18 : 20)
            image.setAlign(horizontal: .center)
            icon.setChild(image)
            let badge = Label()
            badge.addCSSClass("tab-badge")
            badge.setAlign(horizontal: .end, vertical: .start)
            badge.isVisible = false
            icon.addOverlay(badge)
            badges[tab] = badge
            content.append(icon)
            if tab != .create {
                let label = Label(tab.title)
                label.addCSSClass("tab-label")
                content.append(label)
            }
            let button = Button(child: content)
            button.setHasFrame(false)
            button.setAccessibleLabel(tab.title)
            button.tooltip = tab.title
            if tab == .create { button.addCSSClass("create-tab") }
            button.onClicked { [weak self] in self?.onSelect?(tab) }
            buttons[tab] = button
            row.append(button)
        }
        select(.home)
    }

    /// A count on a tab (unread Inbox items); 0 hides it.
    func setBadge(_ tab: Tab, count: Int) {
        guard let badge = badges[tab], let button = buttons[tab] else { return }
        // TRANSLATORS: a tab's badge when more than 99 items are new.
        badge.text = count > 99 ? tr("99+") : LocaleNumbers.whole(count)
        badge.isVisible = count > 0
        // TRANSLATORS: a tab for screen readers with how many new items it has; {tab} is its name.
        button.setAccessibleLabel(count > 0 ? trn("{tab}, {count} new", "{tab}, {count} new", count, ["tab": tab.title]) : tab.title)
    }

    func select(_ tab: Tab) {
        for (each, button) in buttons { button.setCSSClass("selected", each == tab) }
    }
}
