import FeedCore
import FeedStorage
import Foundation
import GLibKit
import TestSupport
import XCTest

/// A followed feed's entries stored on the worker's own connection, the new posts told on the
/// main loop.
final class WorkerEntryStoreTests: StorageTestCase {
    private static func entries(_ ids: ClosedRange<Int>, in subscription: Subscription) -> [RemotePost] {
        ids.map { id in
            RemotePost(subscriptionID: subscription.id, remoteID: "e\(id)", authorHandle: "blender@video.example",
                       authorName: "Blender", caption: "clip \(id)", videoURI: "https://video.example/\(id).mp4",
                       likeCount: id, created: Date(timeIntervalSince1970: Double(1_000 + id)))
        }
    }

    /// Stores through `store` and runs the main loop until it answers.
    @MainActor
    private static func stored(_ entries: [RemotePost], by store: WorkerEntryStore)
        -> (posts: [Post], onMain: Bool, atOnce: Bool, madeOnMain: Bool?) {
        nonisolated(unsafe) var answer: (posts: [Post], onMain: Bool)?
        let madeOnMain = Locked<Bool?>(nil)
        store.store({
            madeOnMain.value = Thread.isMainThread
            return entries
        }) { answer = ($0, Thread.isMainThread) }
        let atOnce = answer != nil
        XCTAssertTrue(MainLoop.run(until: { answer != nil }, timeoutSeconds: 20), "the worker did not answer")
        return (answer?.posts ?? [], answer?.onMain ?? false, atOnce, madeOnMain.value)
    }

    func testAFeedsEntriesAreStoredOnTheWorkerAndItsNewPostsToldOnTheMainLoop() throws {
        let databaseURL = databaseURL
        try MainActor.assumeIsolated {
            let library = try LibraryDatabase.open(at: databaseURL)
            let subscription = try library.insertSubscription(url: "https://video.example/feeds/videos.xml", title: "Blender")
            let store = WorkerEntryStore(databaseURL: databaseURL, fallback: { _ in
                XCTFail("the worker opened the library: nothing is stored on the main thread")
                return []
            }, recordFallback: { _, _ in XCTFail("the worker opened the library: nothing is written on the main thread") })
            // Several of the worker's transactions' worth, in the feed's order.
            let first = Self.stored(Self.entries(1...230, in: subscription), by: store)
            XCTAssertFalse(first.atOnce, "stored off the caller's stack")
            XCTAssertTrue(first.onMain, "told on the main thread")
            XCTAssertEqual(first.madeOnMain, false, "the posts are made on the worker (a 10 MB feed's took 200 ms)")
            XCTAssertEqual(first.posts.map(\.caption), (1...230).map { "clip \($0)" })
            XCTAssertEqual(try library.postCount(), 230, "the main thread's connection sees what the worker stored")
            XCTAssertEqual(try library.post(id: first.posts[0].id)?.videoURI, "https://video.example/1.mp4")

            let again = Self.stored(Self.entries(200...260, in: subscription), by: store)
            XCTAssertEqual(again.posts.map(\.caption), (231...260).map { "clip \($0)" }, "each entry becomes a post once")
            XCTAssertEqual(try library.postCount(), 260)
        }
    }

    func testARefreshsRecordIsWrittenOnTheWorkerAfterItsEntriesAndToldOnTheMainLoop() throws {
        let databaseURL = databaseURL
        try MainActor.assumeIsolated {
            let library = try LibraryDatabase.open(at: databaseURL)
            let subscription = try library.insertSubscription(url: "https://video.example/feeds/videos.xml", title: "Blender")
            let store = WorkerEntryStore(databaseURL: databaseURL, fallback: { _ in [] },
                                         recordFallback: { _, _ in XCTFail("the worker opened the library: nothing is written on the main thread") })
            nonisolated(unsafe) var postsWhenRecorded: Int?
            nonisolated(unsafe) var toldOnMain = false
            store.store({ Self.entries(1...50, in: subscription) }) { _ in }
            store.recordRefresh(subscriptionID: subscription.id, RefreshRecord(etag: "\"v2\"", newCount: 50, at: Date())) {
                postsWhenRecorded = try? library.postCount()
                toldOnMain = Thread.isMainThread
            }
            XCTAssertNil(postsWhenRecorded, "written off the caller's stack")
            XCTAssertTrue(MainLoop.run(until: { postsWhenRecorded != nil }, timeoutSeconds: 20), "the worker did not answer")
            XCTAssertTrue(toldOnMain)
            XCTAssertEqual(postsWhenRecorded, 50, "after the entries stored before it")
            let recorded = try XCTUnwrap(library.subscription(url: subscription.url))
            XCTAssertEqual(recorded.etag, "\"v2\"")
            XCTAssertEqual(recorded.newCount, 50)
        }
    }

    func testTheMainThreadWritesWhileTheWorkerStores() throws {
        let databaseURL = databaseURL
        try MainActor.assumeIsolated {
            let library = try LibraryDatabase.open(at: databaseURL)
            let subscription = try library.insertSubscription(url: "https://video.example/feeds/videos.xml", title: "Blender")
            let store = WorkerEntryStore(databaseURL: databaseURL, fallback: { _ in [] }, recordFallback: { _, _ in })
            nonisolated(unsafe) var added: [Post]?
            store.store({ Self.entries(1...2_000, in: subscription) }) { added = $0 }
            // The main thread's own writes meanwhile (a like, a post of its own) wait for a transaction of the worker's
            // at most: none fails as busy.
            try library.insertAuthor(Author(handle: "me", name: "Me", isSelf: true))
            let mine = try library.insertPost(NewPost(authorHandle: "me", caption: "my own", music: "", videoURI: "file:///mine.mp4",
                                                      created: Date(timeIntervalSince1970: 5)))
            try library.setLiked(postID: mine.id, liked: true)
            XCTAssertTrue(MainLoop.run(until: { added != nil }, timeoutSeconds: 60), "the worker did not answer")
            XCTAssertEqual(added?.count, 2_000)
            XCTAssertEqual(try library.postCount(), 2_001)
            XCTAssertEqual(try library.post(id: mine.id)?.liked, true)
        }
    }

    func testALibraryTheWorkerCannotOpenIsStoredOnTheMainThread() throws {
        let databaseURL = databaseURL, folder = folder!
        try MainActor.assumeIsolated {
            let library = try LibraryDatabase.open(at: databaseURL)
            let subscription = try library.insertSubscription(url: "https://video.example/feeds/videos.xml", title: "Blender")
            // Not a library: the worker's connection refuses it.
            let elsewhere = folder.appendingPathComponent("not-a-library.sqlite")
            try Data("this is no database, only text".utf8).write(to: elsewhere)
            nonisolated(unsafe) var fellBack = false
            let store = WorkerEntryStore(databaseURL: elsewhere, fallback: { entries in
                fellBack = Thread.isMainThread
                return library.storeEntries(entries)
            }, recordFallback: { try? library.recordRefresh(subscriptionID: $0, $1) })
            let answer = Self.stored(Self.entries(1...3, in: subscription), by: store)
            XCTAssertTrue(fellBack, "stored by the main thread's library")
            XCTAssertEqual(answer.posts.count, 3)
            XCTAssertEqual(try library.postCount(), 3)
        }
    }
}
