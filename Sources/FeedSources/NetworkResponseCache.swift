import FeedCore

/// The networks' answers kept briefly, as read: going back and forth between Discover's
/// shelves, a channel and a feed of results asks a server nothing it answered a moment ago,
/// and after that the ETag it gave makes the next request a conditional one (304: kept as is).
/// A bounded map of address to value; the oldest entry goes first.
struct NetworkResponseCache {
    struct Entry {
        var value: any Sendable
        var etag: String?
        /// When the server last said it (the answer, or a 304 since).
        var storedUs: Int64
    }

    /// How long an answer is taken as it is, without asking again.
    let freshMicroseconds: Int64
    let capacity: Int
    private var entries: [String: Entry] = [:]

    init(freshSeconds: Int = 60, capacity: Int = 200) {
        freshMicroseconds = Int64(freshSeconds) * 1_000_000
        self.capacity = max(1, capacity)
    }

    var count: Int { entries.count }

    /// The entry for `key`, fresh or not.
    func entry(_ key: String) -> Entry? { entries[key] }

    /// The value for `key` when it is of the type asked for and younger than the fresh time.
    func fresh<Value>(_ key: String, as type: Value.Type, nowUs: Int64) -> Value? {
        guard let entry = entries[key], nowUs - entry.storedUs < freshMicroseconds else { return nil }
        return entry.value as? Value
    }

    mutating func store(_ key: String, value: any Sendable, etag: String?, nowUs: Int64) {
        entries[key] = Entry(value: value, etag: etag, storedUs: nowUs)
        guard entries.count > capacity, let oldest = entries.min(by: { $0.value.storedUs < $1.value.storedUs })?.key else { return }
        entries[oldest] = nil
    }

    /// The server said nothing changed (304): the entry is fresh again.
    mutating func confirm(_ key: String, nowUs: Int64) {
        entries[key]?.storedUs = nowUs
    }
}
