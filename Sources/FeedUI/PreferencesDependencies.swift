public import FeedCore
public import Foundation

/// What the Preferences window and the library folders need.
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

    public init(store: PreferencesStore, videosFolder: URL, folderExists: @escaping (String) -> Bool,
                videoCacheLimitChanged: @escaping (Int) -> Void, library: any LibraryWatching) {
        self.store = store
        self.videosFolder = videosFolder
        self.folderExists = folderExists
        self.videoCacheLimitChanged = videoCacheLimitChanged
        self.library = library
    }
}
