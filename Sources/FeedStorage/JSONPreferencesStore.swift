public import FeedCore
public import Foundation

/// Preferences as the small JSON file Loopfeed kept before GSettings: read once by
/// `GSettingsPreferencesStore.migrate`, and the store of last resort when no schema can be found
/// (a binary copied away from its data). Replaced atomically so a crash never leaves half a file.
public struct JSONPreferencesStore: PreferencesStore {
    public let url: URL

    public init(url: URL) { self.url = url }

    public func load() -> Preferences {
        guard let data = try? Data(contentsOf: url),
              let preferences = try? JSONDecoder().decode(Preferences.self, from: data) else { return Preferences() }
        return preferences
    }

    public func save(_ preferences: Preferences) throws(PreferencesNotSaved) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(preferences) else { return }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw PreferencesNotSaved.writing(url, failure: error)
        }
    }
}
