public import FeedCore

/// Preferences kept in memory.
@MainActor
public final class InMemoryPreferencesStore: PreferencesStore {
    private var stored: Preferences

    public init(_ preferences: Preferences = Preferences()) { stored = preferences }

    public func load() -> Preferences { stored }
    public func save(_ preferences: Preferences) { stored = preferences }
}
