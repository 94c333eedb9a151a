public import FeedCore
public import Foundation
import GLibKit

/// Stores followed feeds' entries on one worker thread, over a connection of its own to the
/// library (WAL lets it write while the main thread reads), a few entries per transaction with
/// a pause between them so a write of the main thread waits for one of them at most; the new posts go back on the main
/// loop. Stored on the main thread, a 10 MB feed's thousands of entries held the window for as
/// long as they took (about 15 ms per 50 here).
public final class WorkerEntryStore: FeedEntryStoring, @unchecked Sendable {
    /// Entries per transaction: about 6 ms of writing here, the longest a main-thread write waits.
    static let entriesPerTransaction = 20
    /// After each transaction, a feed's last too: a main-thread write waiting for the lock (it asks
    /// every 1 ms, `SQLiteConnection.setBusyTimeout`) takes it here.
    static let pauseMicroseconds: UInt32 = 2_000

    private let databaseURL: URL
    /// One store after another: a feed's older pages come after its first, as on the main thread.
    private let queue = DispatchQueue(label: "io.github.loopfeed.entry-store", qos: .utility)
    /// Opened on the queue at the first store and used only there (unchecked Sendable for it).
    private var repository: SQLiteFeedRepository?
    /// Stores on the main thread when the worker can't open the library (its reason printed once).
    private let fallback: @MainActor ([RemotePost]) -> [Post]
    private let recordFallback: @MainActor (Int64, RefreshRecord) -> Void
    private var openFailed = false

    /// `fallback` and `recordFallback` are the main thread's library, for a library the worker
    /// can't open.
    public init(databaseURL: URL, fallback: @escaping @MainActor ([RemotePost]) -> [Post],
                recordFallback: @escaping @MainActor (Int64, RefreshRecord) -> Void) {
        self.databaseURL = databaseURL
        self.fallback = fallback
        self.recordFallback = recordFallback
    }

    @MainActor
    public func recordRefresh(subscriptionID: Int64, _ record: RefreshRecord, then: @escaping @Sendable @MainActor () -> Void) {
        queue.async { [self] in
            guard let repository = openedRepository() else {
                _ = MainLoop.invoke { [self] in
                    recordFallback(subscriptionID, record)
                    then()
                }
                return
            }
            try? repository.recordRefresh(subscriptionID: subscriptionID, record)
            _ = MainLoop.invoke { then() }
            usleep(Self.pauseMicroseconds)
        }
    }

    @MainActor
    public func store(_ make: @escaping @Sendable () -> [RemotePost], then: @escaping @Sendable @MainActor ([Post]) -> Void) {
        queue.async { [self] in
            let entries = make()
            guard !entries.isEmpty else {
                _ = MainLoop.invoke { then([]) }
                return
            }
            guard let repository = openedRepository() else {
                _ = MainLoop.invoke { [self] in then(fallback(entries)) }
                return
            }
            var added: [Post] = []
            var start = entries.startIndex
            while start < entries.endIndex {
                let end = min(start + Self.entriesPerTransaction, entries.endIndex)
                added += repository.storeEntries(Array(entries[start..<end]))
                start = end
                if start < entries.endIndex { usleep(Self.pauseMicroseconds) }
            }
            _ = MainLoop.invoke { then(added) }
            // The next feed's store, waiting on the queue, would take the lock again at once: a
            // refresh of 1,000 feeds left the main thread's writes no gap (stalls up to 887 ms in
            // bench step 12, growing with the backlog).
            usleep(Self.pauseMicroseconds)
        }
    }

    /// On the queue only.
    private func openedRepository() -> SQLiteFeedRepository? {
        if let repository { return repository }
        guard !openFailed else { return nil }
        do {
            repository = SQLiteFeedRepository(connection: try LibraryDatabase.openConnection(at: databaseURL))
        } catch {
            openFailed = true
            FileHandle.standardError.write(Data("loopfeed: feeds are stored on the main thread: \(error)\n".utf8))
        }
        return repository
    }
}
