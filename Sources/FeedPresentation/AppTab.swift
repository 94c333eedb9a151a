import Localization

/// The window's five places, one a tab of the bottom bar each.
public enum AppTab: String, CaseIterable, Sendable {
    case home, discover, create, inbox, profile

    public var title: String {
        switch self {
        // TRANSLATORS: a tab: the feed.
        case .home: tr("Home")
        // TRANSLATORS: a tab: search and trending hashtags.
        case .discover: tr("Discover")
        // TRANSLATORS: a tab: record or post a video.
        case .create: tr("Create")
        // TRANSLATORS: a tab: likes, comments and followers.
        case .inbox: tr("Inbox")
        // TRANSLATORS: a tab: your profile.
        case .profile: tr("Profile")
        }
    }

    public var iconName: String {
        switch self {
        case .home: "go-home-symbolic"
        case .discover: "system-search-symbolic"
        case .create: "list-add-symbolic"
        case .inbox: "mail-unread-symbolic"
        case .profile: "avatar-default-symbolic"
        }
    }
}
