import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The comments sheet's decisions, without a display: paging, writing, likes, delete and undo.
final class CommentsStoreTests: XCTestCase {
    /// A store over an in-memory library with one post by Ann and `comments` on it (oldest first).
    @MainActor
    private static func makeStore(comments: Int = 0, allowsComments: Bool = true)
        -> (CommentsStore, InMemoryFeedRepository, ManualTimers, RecordingEventSink, Post) {
        let repo = InMemoryFeedRepository()
        _ = try? repo.insertAuthor(Author(handle: "you", name: "You", isSelf: true))
        _ = try? repo.insertAuthor(Author(handle: "ann", name: "Ann"))
        let post = try! repo.insertPost(NewPost(authorHandle: "ann", caption: "c", music: "", videoURI: "v",
                                                created: Date(timeIntervalSince1970: 0), allowsComments: allowsComments))
        for index in 0..<comments {
            try! repo.insertComment(postID: post.id, authorHandle: "ann", text: "comment \(index)", likeCount: 0,
                                    created: Date(timeIntervalSince1970: Double(index + 1)))
        }
        let timers = ManualTimers()
        let events = RecordingEventSink()
        let store = CommentsStore(CommentsStore.Dependencies(repository: repo, events: events, timers: timers,
                                                             selfHandle: "you",
                                                             now: { Date(timeIntervalSince1970: 10_000) }))
        return (store, repo, timers, events, try! repo.post(id: post.id)!)
    }

    func testOpeningShowsTheNewestTwentyAndPagesTheRest() throws {
        onMain {
            let (store, _, _, _, post) = Self.makeStore(comments: 25)
            var changes: [CommentsStore.Change] = []
            store.onChange = { changes.append($0) }
            store.open(post)
            XCTAssertEqual(store.comments.count, 20)
            XCTAssertEqual(store.comments.first?.text, "comment 24", "newest first")
            XCTAssertTrue(store.hasMore)
            XCTAssertEqual(changes.first, .reloaded)
            store.loadMore()
            XCTAssertEqual(store.comments.count, 25)
            XCTAssertFalse(store.hasMore)
            XCTAssertEqual(store.comments.last?.text, "comment 0")
            XCTAssertEqual(store.title, "25 comments")
        }
    }

    func testOpeningTheSamePostAgainKeepsWhatIsShown() throws {
        onMain {
            let (store, _, _, _, post) = Self.makeStore(comments: 2)
            store.open(post)
            let shown = store.comments.map(\.id)
            XCTAssertEqual(shown.count, 2)
            var changes: [CommentsStore.Change] = []
            store.onChange = { changes.append($0) }
            store.open(post)
            XCTAssertEqual(changes, [], "no reload, so a draft in the composer stays")
            XCTAssertEqual(store.comments.map(\.id), shown, "the same comments, in the same order")
            XCTAssertNil(store.message)
            XCTAssertTrue(store.draftChanged("half a thought"), "the draft still counts as one to post")
        }
    }

    func testAClosedSheetLetsItsCommentsGoAndOpeningItAgainLoadsThem() throws {
        onMain {
            let (store, _, _, _, post) = Self.makeStore(comments: 3)
            store.open(post)
            let shown = store.comments.map(\.id)
            var changes: [CommentsStore.Change] = []
            store.onChange = { changes.append($0) }
            store.closed()
            XCTAssertEqual(store.comments, [], "a closed sheet holds no comments")
            XCTAssertEqual(changes, [.unloaded], "its rows go, the draft stays (no reload)")
            changes.removeAll()
            store.open(post)
            XCTAssertEqual(store.comments.map(\.id), shown, "the same comments again, in the same order")
            XCTAssertEqual(changes.first, .appended(store.comments))
        }
    }

    func testAValidCommentGoesOnTopIsLoggedAndCounted() throws {
        try onMain {
            let (store, repo, _, events, post) = Self.makeStore(comments: 1)
            store.open(post)
            var posts: [Post] = []
            store.onChange = { if case .post(let updated) = $0 { posts.append(updated) } }
            XCTAssertTrue(store.submit("  hello <b>there</b>  "))
            XCTAssertEqual(store.comments.first?.text, "hello <b>there</b>", "trimmed, never interpreted")
            XCTAssertEqual(store.comments.first?.author.handle, "you")
            XCTAssertEqual(posts.last?.commentCount, 2)
            XCTAssertEqual(try repo.comments(postID: post.id, before: nil, limit: 5).count, 2)
            XCTAssertEqual(events.events.map(\.name), ["comment_added"])
            XCTAssertEqual(store.title, "2 comments")
        }
    }

    func testEmptyAndTooLongCommentsAreRefusedWithAMessage() throws {
        try onMain {
            let (store, repo, _, _, post) = Self.makeStore()
            store.open(post)
            XCTAssertFalse(store.draftChanged("   "), "Post is off for blank text")
            XCTAssertFalse(store.submit("   \n"))
            XCTAssertEqual(store.message, "Write something first.")
            let long = String(repeating: "x", count: CommentValidation.limit + 1)
            XCTAssertTrue(store.draftChanged(long))
            XCTAssertEqual(store.message, "Comments can be at most 2000 characters; this one has 2001.")
            XCTAssertFalse(store.submit(long))
            XCTAssertEqual(try repo.comments(postID: post.id, before: nil, limit: 5).count, 0)
            XCTAssertTrue(store.draftChanged("ok"))
            XCTAssertNil(store.message, "typing something valid clears the message")
        }
    }

    func testCommentsOffTakesNothing() throws {
        try onMain {
            let (store, repo, _, _, post) = Self.makeStore(allowsComments: false)
            store.open(post)
            XCTAssertFalse(store.allowsComments)
            XCTAssertFalse(store.submit("hello"))
            XCTAssertEqual(try repo.comments(postID: post.id, before: nil, limit: 5).count, 0)
        }
    }

    func testDeleteOffersUndoWhichPutsTheCommentBackInItsPlace() throws {
        try onMain {
            let (store, repo, timers, events, post) = Self.makeStore(comments: 3)
            store.open(post)
            let middle = store.comments[1]
            store.delete(middle.id)
            XCTAssertEqual(store.comments.map(\.text), ["comment 2", "comment 0"])
            XCTAssertEqual(store.deleted?.id, middle.id)
            store.undoShown()
            XCTAssertEqual(timers.waiting, 1)
            store.undoDelete()
            XCTAssertEqual(store.comments.map(\.text), ["comment 2", "comment 1", "comment 0"])
            XCTAssertEqual(store.comments[1].id, middle.id, "the same comment, not a copy")
            XCTAssertNil(store.deleted)
            XCTAssertEqual(timers.waiting, 0, "the undo window is called off")
            XCTAssertEqual(try repo.post(id: post.id)?.commentCount, 3)
            XCTAssertEqual(events.events.map(\.name), ["comment_deleted", "comment_added"])
        }
    }

    func testTheUndoWindowClosesFiveSecondsAfterItShows() throws {
        onMain {
            let (store, _, timers, _, post) = Self.makeStore(comments: 2)
            store.open(post)
            var offered: [Bool] = []
            store.onChange = { if case .undoOffered(let on) = $0 { offered.append(on) } }
            store.delete(store.comments[0].id)
            timers.advance(milliseconds: 10_000)
            XCTAssertNotNil(store.deleted, "not on screen yet (a busy machine): nothing counts")
            store.undoShown()
            store.undoShown()
            timers.advance(milliseconds: 4_999)
            XCTAssertNotNil(store.deleted)
            timers.advance(milliseconds: 1)
            XCTAssertNil(store.deleted)
            XCTAssertEqual(offered, [true, false])
            store.undoDelete()
            XCTAssertEqual(store.comments.count, 1, "too late to undo")
        }
    }

    /// Issue 21: an Undo reached late (the pointer on its way, a hand resting on it, the keyboard
    /// on it) is never lost: the count waits while it is held and starts again, whole, after.
    func testTheUndoWaitsWhileThePointerOrKeyboardIsOnIt() throws {
        try onMain {
            let (store, repo, timers, _, post) = Self.makeStore(comments: 2)
            store.open(post)
            let id = store.comments[0].id
            store.delete(id)
            store.undoShown()
            timers.advance(milliseconds: 4_000)
            store.holdUndo(true)
            XCTAssertEqual(timers.waiting, 0)
            timers.advance(milliseconds: 60_000)
            XCTAssertEqual(store.deleted?.id, id, "held for a minute, still undoable")
            store.holdUndo(false)
            timers.advance(milliseconds: 4_999)
            XCTAssertEqual(store.deleted?.id, id, "five whole seconds after it was let go")
            store.holdUndo(true)
            store.undoDelete()
            XCTAssertEqual(store.comments.first?.id, id)
            XCTAssertEqual(try repo.comments(postID: post.id, before: nil, limit: 5).count, 2)
            store.holdUndo(false)
            XCTAssertEqual(timers.waiting, 0, "nothing to count once undone")
        }
    }

    func testAnUndoHeldBeforeItShowsStillWaits() throws {
        onMain {
            let (store, _, timers, _, post) = Self.makeStore(comments: 1)
            store.open(post)
            store.holdUndo(true)
            store.delete(store.comments[0].id)
            store.undoShown()
            timers.advance(milliseconds: 20_000)
            XCTAssertNotNil(store.deleted, "the pointer was already where the undo appeared")
            store.closed()
            XCTAssertNil(store.deleted, "closing the sheet ends it at once")
        }
    }

    func testASecondDeletionMakesTheFirstStand() throws {
        try onMain {
            let (store, repo, _, _, post) = Self.makeStore(comments: 3)
            store.open(post)
            let first = store.comments[0].id, second = store.comments[1].id
            store.delete(first)
            store.delete(second)
            XCTAssertEqual(store.deleted?.id, second)
            store.undoDelete()
            XCTAssertEqual(try repo.comments(postID: post.id, before: nil, limit: 5).map(\.id).contains(first), false)
            XCTAssertEqual(store.comments.count, 2)
        }
    }

    func testLikesToggleAndAreStored() throws {
        try onMain {
            let (store, repo, _, _, post) = Self.makeStore(comments: 1)
            store.open(post)
            let id = store.comments[0].id
            store.toggleLike(id)
            XCTAssertEqual(store.comments[0].liked, true)
            XCTAssertEqual(store.comments[0].likeCount, 1)
            store.toggleLike(id)
            XCTAssertEqual(try repo.comments(postID: post.id, before: nil, limit: 1).first?.likeCount, 0)
        }
    }
}
