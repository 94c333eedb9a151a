public import FeedCore
import Synchronization

/// Preferences kept in memory.
public final class InMemoryPreferencesStore: PreferencesStore {
    private let stored: Mutex<Preferences>

    public init(_ preferences: Preferences = Preferences()) { stored = Mutex(preferences) }

    public func load() -> Preferences { stored.withLock { $0 } }
    public func save(_ preferences: Preferences) { stored.withLock { $0 = preferences } }
}
