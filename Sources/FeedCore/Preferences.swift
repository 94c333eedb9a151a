import Localization

/// What Loopfeed remembers between runs.
public struct Preferences: Sendable, Equatable, Codable {
    public var volume: Double = 1.0
    public var muted: Bool = false
    public var windowWidth: Int = 450
    public var windowHeight: Int = 800
    public var windowMaximized: Bool = false
    /// The longest clip the recorder makes, in seconds (TikTok's classic 60; up to 180).
    public var recordingLimitSeconds: Int = 60
    /// The posting page's "save a copy to ~/Videos" switch, as it was last left.
    public var saveCopyToVideos: Bool = false
    /// Folders whose videos join the feed by themselves (watched while the app runs).
    public var libraryFolders: [String] = []
    /// How much downloaded video the cache keeps, in megabytes.
    public var videoCacheMegabytes: Int = 1024
    /// The PeerTube instances Discover reads (scheme://host[:port] each).
    public var peertubeInstances: [String] = []
    /// The Loops servers Discover reads.
    public var loopsServers: [String] = []
    /// The PeerTube search index Discover's searches go to (the public one searches every
    /// instance it knows), and whether it is used at all.
    public var searchIndex: String = Preferences.defaultSearchIndex
    public var searchIndexEnabled: Bool = true
    /// Videos their networks mark sensitive (PeerTube's nsfw, Loops' is_sensitive) are shown.
    public var showsSensitiveVideos: Bool = false

    /// PeerTube's public search index (SepiaSearch, run by Framasoft).
    public static let defaultSearchIndex = "https://sepiasearch.org"
    /// Captions over a network's videos that have them (CC).
    public var captionsShown: Bool = false
    /// The caption language last picked from the CC menu ("fr"); empty: the user's own.
    public var captionsLanguage: String = ""

    /// The sizes the Preferences window offers for the cache, in megabytes.
    public static let videoCacheChoices = [256, 1024, 4096, 16384]

    /// The limits the recorder offers.
    public static let recordingLimitChoices = [15, 60, 180]

    public init() {}

    public init(from decoder: any Decoder) throws {
        // Missing or malformed fields fall back to defaults: a damaged file must not lose the rest.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Preferences()
        volume = min(1, max(0, (try? container.decode(Double.self, forKey: .volume)) ?? defaults.volume))
        muted = (try? container.decode(Bool.self, forKey: .muted)) ?? defaults.muted
        windowWidth = max(200, (try? container.decode(Int.self, forKey: .windowWidth)) ?? defaults.windowWidth)
        windowHeight = max(300, (try? container.decode(Int.self, forKey: .windowHeight)) ?? defaults.windowHeight)
        recordingLimitSeconds = min(180, max(5, (try? container.decode(Int.self, forKey: .recordingLimitSeconds))
                                                ?? defaults.recordingLimitSeconds))
        saveCopyToVideos = (try? container.decode(Bool.self, forKey: .saveCopyToVideos)) ?? defaults.saveCopyToVideos
        libraryFolders = (try? container.decode([String].self, forKey: .libraryFolders)) ?? defaults.libraryFolders
        videoCacheMegabytes = (try? container.decode(Int.self, forKey: .videoCacheMegabytes)) ?? defaults.videoCacheMegabytes
        peertubeInstances = (try? container.decode([String].self, forKey: .peertubeInstances)) ?? defaults.peertubeInstances
        loopsServers = (try? container.decode([String].self, forKey: .loopsServers)) ?? defaults.loopsServers
        searchIndex = (try? container.decode(String.self, forKey: .searchIndex)) ?? defaults.searchIndex
        searchIndexEnabled = (try? container.decode(Bool.self, forKey: .searchIndexEnabled)) ?? defaults.searchIndexEnabled
        showsSensitiveVideos = (try? container.decode(Bool.self, forKey: .showsSensitiveVideos)) ?? defaults.showsSensitiveVideos
        captionsShown = (try? container.decode(Bool.self, forKey: .captionsShown)) ?? defaults.captionsShown
        captionsLanguage = (try? container.decode(String.self, forKey: .captionsLanguage)) ?? defaults.captionsLanguage
    }
}

/// Loads and saves preferences: GSettings in the app (FeedStorage's GSettingsPreferencesStore),
/// memory in tests. Main thread only, as GSettings is.
@MainActor
public protocol PreferencesStore {
    func load() -> Preferences
    /// Throws when what was changed could not be kept on disk (the change still holds for this
    /// run): the caller says so in the window.
    func save(_ preferences: Preferences) throws(PreferencesNotSaved)
}

extension PreferencesStore {
    /// Changes what `change` changes on the stored preferences as they are now, so a copy held
    /// elsewhere never writes back a value it did not mean to change.
    public func update(_ change: (inout Preferences) -> Void) throws(PreferencesNotSaved) {
        var preferences = load()
        change(&preferences)
        try save(preferences)
    }
}

/// A preference that holds for this run but could not be written where preferences are kept.
public enum PreferencesNotSaved: Error, Equatable, CustomStringConvertible {
    /// The disk holding `path` is full.
    case diskFull(path: String)
    /// `path` could not be written (read-only, gone, no permission); `detail` says what happened.
    case notWritable(path: String, detail: String)

    public var description: String {
        switch self {
        case .diskFull:
            tr("the disk is full, so it will be forgotten when Loopfeed closes. Free some space and set it again.")
        case .notWritable(let path, _):
            tr("{path} can’t be written, so it will be forgotten when Loopfeed closes.", ["path": ShownText.oneLine(path)])
        }
    }

    /// The words for the log and the events.
    public var detail: String {
        switch self {
        case .diskFull(let path): "disk full: \(path)"
        case .notWritable(let path, let detail): "\(path): \(detail)"
        }
    }
}
