import GtkKit

/// The bottom bar: Home, Discover, +, Inbox, Profile.
@MainActor
final class TabBar {
    enum Tab: String, CaseIterable {
        case home, discover, create, inbox, profile

        var title: String {
            switch self {
            case .home: "Home"
            case .discover: "Discover"
            case .create: "Create"
            case .inbox: "Inbox"
            case .profile: "Profile"
            }
        }

        var iconName: String {
            switch self {
            case .home: "go-home-symbolic"
            case .discover: "system-search-symbolic"
            case .create: "list-add-symbolic"
            case .inbox: "mail-unread-symbolic"
            case .profile: "avatar-default-symbolic"
            }
        }
    }

    let root = Box(.horizontal)
    private var buttons: [Tab: Button] = [:]
    var onSelect: ((Tab) -> Void)?

    init() {
        root.addCSSClass("tab-bar")
        root.homogeneous = true
        for tab in Tab.allCases {
            let content = Box(.vertical, spacing: 2)
            content.append(Image(iconName: tab.iconName, pixelSize: tab == .create ? 18 : 20))
            if tab != .create {
                let label = Label(tab.title)
                label.addCSSClass("tab-label")
                content.append(label)
            }
            let button = Button(child: content)
            button.setHasFrame(false)
            button.canFocus = false
            button.setAccessibleLabel(tab.title)
            button.tooltip = tab.title
            if tab == .create { button.addCSSClass("create-tab") }
            button.onClicked { [weak self] in self?.onSelect?(tab) }
            buttons[tab] = button
            root.append(button)
        }
        select(.home)
    }

    func select(_ tab: Tab) {
        for (each, button) in buttons { button.setCSSClass("selected", each == tab) }
    }
}
