public import FeedCore

/// Preferences kept in memory.
@MainActor
public final class InMemoryPreferencesStore: PreferencesStore {
    private var stored: Preferences

    /// When set, saving fails this way (a full disk): the change still holds for the run, as
    /// with GSettings' key file, whose in-memory copy keeps what could not be written.
    public var failure: PreferencesNotSaved?

    public init(_ preferences: Preferences = Preferences()) { stored = preferences }

    public func load() -> Preferences { stored }
    public func save(_ preferences: Preferences) throws(PreferencesNotSaved) {
        stored = preferences
        if let failure { throw failure }
    }
}
