public import FeedCore
public import FeedPresentation

/// What the window needs, made by the composition root: its own few services, and each
/// feature's dependencies, which it hands to that feature's pages as they are made.
public struct WindowDependencies {
    /// Authors looked up by handle (a clicked mention, your profile) and the Inbox's badge.
    public var repository: FeedRepository
    public var events: EventSink?
    /// The window's size and state, kept for the next launch.
    public var preferences: PreferencesStore
    /// What services behind the window have to say; the window shows it above every page.
    public var notices: WindowNotices
    /// The handle of the person using this copy.
    public var selfHandle: String
    /// What was given on the command line but could not be opened (also said on stderr).
    public var startupNotices: [String]
    /// The library was made (and the samples seeded) by this launch: the window says what the
    /// samples are and how to get more.
    public var isFirstLaunch: Bool

    public var feed: FeedDependencies
    public var comments: CommentsDependencies
    public var create: CreateDependencies
    public var discover: DiscoverDependencies
    public var inbox: InboxDependencies
    public var profile: ProfileDependencies
    public var following: FollowingDependencies
    public var preferencesWindow: PreferencesDependencies
    public var imports: ImportDependencies

    public init(repository: FeedRepository, events: EventSink?, preferences: PreferencesStore, notices: WindowNotices,
                selfHandle: String, startupNotices: [String], isFirstLaunch: Bool, feed: FeedDependencies,
                comments: CommentsDependencies, create: CreateDependencies, discover: DiscoverDependencies,
                inbox: InboxDependencies, profile: ProfileDependencies, following: FollowingDependencies,
                preferencesWindow: PreferencesDependencies, imports: ImportDependencies) {
        self.repository = repository
        self.events = events
        self.preferences = preferences
        self.notices = notices
        self.selfHandle = selfHandle
        self.startupNotices = startupNotices
        self.isFirstLaunch = isFirstLaunch
        self.feed = feed
        self.comments = comments
        self.create = create
        self.discover = discover
        self.inbox = inbox
        self.profile = profile
        self.following = following
        self.preferencesWindow = preferencesWindow
        self.imports = imports
    }
}
