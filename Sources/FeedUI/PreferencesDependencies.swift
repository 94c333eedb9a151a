public import FeedCore
public import FeedPresentation
public import Foundation

/// What the Preferences window and the library folders need, and the networks' addresses.
public struct PreferencesDependencies {
    public var store: PreferencesStore
    /// The XDG videos folder, offered as a library folder when it exists.
    public var videosFolder: URL
    /// Whether a folder exists (the app looks at the disk).
    public var folderExists: (String) -> Bool
    /// The cache size preference changed (megabytes); the app resizes the cache.
    public var videoCacheLimitChanged: (Int) -> Void
    /// Follows the library folders (FeedSources' LibraryWatcher in the app).
    public var library: any LibraryWatching
    /// Asks an address what it is before it is read (FeedSources' ServerCheck in the app).
    public var serverChecker: (any NetworkServerChecking)?
    /// What the command line said of the networks for this run (`--search-index`).
    public var readNetworks: ReadNetworks
    /// `--instance` addresses: asked what they are once the window is up, read this run.
    public var runInstances: [URL]
    /// The accounts signed in to (Preferences' Accounts section); nil where the app has none.
    public var accounts: AccountsStore?
    /// The accounts' avatars.
    public var images: (any WebImageFetching)?
    /// Your interests (For You's); nil: no such section.
    public var interests: InterestsEditor?

    public init(store: PreferencesStore, videosFolder: URL, folderExists: @escaping (String) -> Bool,
                videoCacheLimitChanged: @escaping (Int) -> Void, library: any LibraryWatching,
                serverChecker: (any NetworkServerChecking)?, readNetworks: ReadNetworks, runInstances: [URL],
                accounts: AccountsStore? = nil, images: (any WebImageFetching)? = nil, interests: InterestsEditor? = nil) {
        self.interests = interests
        self.accounts = accounts
        self.images = images
        self.store = store
        self.videosFolder = videosFolder
        self.folderExists = folderExists
        self.videoCacheLimitChanged = videoCacheLimitChanged
        self.library = library
        self.serverChecker = serverChecker
        self.readNetworks = readNetworks
        self.runInstances = runInstances
    }
}
