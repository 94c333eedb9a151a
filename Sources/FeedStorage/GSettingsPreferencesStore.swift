public import FeedCore
public import Foundation
public import GLibKit

/// Preferences in GSettings (the schema in data/, io.github.loopfeed.Loopfeed), as a GNOME app
/// keeps them. The preferences.json an earlier Loopfeed wrote is read once (`migrate`).
@MainActor
public final class GSettingsPreferencesStore: PreferencesStore {
    nonisolated public static let schemaID = "io.github.loopfeed.Loopfeed"

    private var settings: Settings
    /// The last save did not reach the key file: GSettings holds its values in memory only, and
    /// the next save writes them even if it changes nothing itself (the same setting chosen
    /// again once space was freed would otherwise be a change already made, and never written).
    private var notWritten = false

    public init(settings: Settings) {
        self.settings = settings
    }

    public func load() -> Preferences {
        var preferences = Preferences()
        preferences.volume = settings.double("volume")
        preferences.muted = settings.bool("muted")
        preferences.windowWidth = settings.int("window-width")
        preferences.windowHeight = settings.int("window-height")
        preferences.windowMaximized = settings.bool("window-maximized")
        preferences.recordingLimitSeconds = settings.int("max-recording-seconds")
        preferences.saveCopyToVideos = settings.bool("save-copy-to-videos")
        preferences.libraryFolders = settings.strings("library-folders")
        preferences.videoCacheMegabytes = settings.int("video-cache-megabytes")
        preferences.peertubeInstances = settings.strings("peertube-instances")
        preferences.loopsServers = settings.strings("loops-servers")
        preferences.searchIndex = settings.string("search-index")
        preferences.searchIndexEnabled = settings.bool("search-index-enabled")
        preferences.showsSensitiveVideos = settings.bool("show-sensitive-videos")
        preferences.captionsShown = settings.bool("captions-shown")
        preferences.captionsLanguage = settings.string("captions-language")
        return preferences
    }

    /// Values outside the schema's ranges are brought inside them (GSettings refuses them).
    /// GSettings never says when a write failed: a key file is checked to have been written
    /// again (the desktop's dconf writes in its own service, where a failure is not seen).
    public func save(_ preferences: Preferences) throws(PreferencesNotSaved) {
        // After a write that did not happen, a backend that may still think its folder is
        // read-only is replaced: what it held only in memory is in `preferences` if it matters.
        if notWritten, settings.keyFile != nil, let fresh = settings.reopened() { settings = fresh }
        let old = load()
        guard preferences != old || notWritten else { return }
        let change = {
            // Nothing new, but what is held in memory must reach the file: setting a key again
            // makes the key file backend write the whole file.
            if preferences == old { self.settings.setBool("muted", old.muted) }
            self.apply(preferences, over: old)
        }
        guard let file = settings.keyFile else { return change() }
        do {
            try KeyFileWrite(file: file).perform(change)
            notWritten = false
        } catch {
            // Refused before the change (no room): memory is as it was. Otherwise GSettings holds
            // the change for this run, and the next save must write it.
            notWritten = notWritten || load() != old
            throw error
        }
    }

    private func apply(_ preferences: Preferences, over old: Preferences) {
        if preferences.volume != old.volume { settings.setDouble("volume", min(1, max(0, preferences.volume))) }
        if preferences.muted != old.muted { settings.setBool("muted", preferences.muted) }
        if preferences.windowWidth != old.windowWidth {
            settings.setInt("window-width", min(16384, max(200, preferences.windowWidth)))
        }
        if preferences.windowHeight != old.windowHeight {
            settings.setInt("window-height", min(16384, max(300, preferences.windowHeight)))
        }
        if preferences.windowMaximized != old.windowMaximized { settings.setBool("window-maximized", preferences.windowMaximized) }
        if preferences.recordingLimitSeconds != old.recordingLimitSeconds {
            settings.setInt("max-recording-seconds", min(180, max(5, preferences.recordingLimitSeconds)))
        }
        if preferences.saveCopyToVideos != old.saveCopyToVideos {
            settings.setBool("save-copy-to-videos", preferences.saveCopyToVideos)
        }
        if preferences.captionsShown != old.captionsShown { settings.setBool("captions-shown", preferences.captionsShown) }
        if preferences.captionsLanguage != old.captionsLanguage { settings.setString("captions-language", preferences.captionsLanguage) }
        if preferences.libraryFolders != old.libraryFolders { settings.setStrings("library-folders", preferences.libraryFolders) }
        if preferences.videoCacheMegabytes != old.videoCacheMegabytes {
            settings.setInt("video-cache-megabytes", min(102_400, max(100, preferences.videoCacheMegabytes)))
        }
        if preferences.peertubeInstances != old.peertubeInstances { settings.setStrings("peertube-instances", preferences.peertubeInstances) }
        if preferences.loopsServers != old.loopsServers { settings.setStrings("loops-servers", preferences.loopsServers) }
        if preferences.searchIndex != old.searchIndex { settings.setString("search-index", preferences.searchIndex) }
        if preferences.searchIndexEnabled != old.searchIndexEnabled { settings.setBool("search-index-enabled", preferences.searchIndexEnabled) }
        if preferences.showsSensitiveVideos != old.showsSensitiveVideos {
            settings.setBool("show-sensitive-videos", preferences.showsSensitiveVideos)
        }
    }

    /// Reads the preferences.json an earlier Loopfeed kept beside the library into these
    /// settings, once; the file is renamed to preferences.json.migrated (kept, not deleted).
    /// True when something was migrated.
    @discardableResult
    public func migrate(fromJSON file: URL) -> Bool {
        guard !settings.bool("migrated-preferences-json") else { return false }
        guard FileManager.default.fileExists(atPath: file.path) else {
            markMigrated()
            return false
        }
        var migrated = load()
        let old = JSONPreferencesStore(url: file).load()
        migrated.volume = old.volume
        migrated.muted = old.muted
        migrated.recordingLimitSeconds = old.recordingLimitSeconds
        migrated.saveCopyToVideos = old.saveCopyToVideos
        // Not kept (a full disk): the old file stays where it is, to be read again next time.
        guard (try? save(migrated)) != nil else { return false }
        markMigrated()
        try? FileManager.default.moveItem(at: file, to: file.appendingPathExtension("migrated"))
        return true
    }

    /// Not written (a full disk): it is tried again at the next launch.
    private func markMigrated() {
        let mark = { self.settings.setBool("migrated-preferences-json", true) }
        guard let file = settings.keyFile else { return mark() }
        try? KeyFileWrite(file: file).perform(mark)
    }
}
