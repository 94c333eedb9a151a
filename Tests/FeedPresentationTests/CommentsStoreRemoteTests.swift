import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The comments sheet of a post from a network: its real threads, paged as they are scrolled,
/// newest or most answered first, replies shown and hidden, deleted comments in their place,
/// what could not be had said plainly, and the comments made here kept above, marked as such.
final class CommentsStoreRemoteTests: XCTestCase {
    private static let peertube = RemotePostRef(network: .peertube, host: "127.0.0.2:8080",
                                                apiBase: URL(string: "http://127.0.0.2:8080")!, id: "short1", shortUUID: "short1")
    private static let loops = RemotePostRef(network: .loops, host: "127.0.0.4:8080",
                                             apiBase: URL(string: "http://127.0.0.4:8080")!, id: "4000")

    @MainActor
    private final class Rig {
        let repository = InMemoryFeedRepository()
        let reader = FakeRemotePostReader()
        let events = RecordingEventSink()
        let store: CommentsStore
        var changes: [CommentsStore.Change] = []
        var post: Post

        init(remote: RemotePostRef?, localComments: Int = 0, reader withReader: Bool = true) throws {
            _ = try repository.insertAuthor(Author(handle: "you", name: "You", isSelf: true))
            _ = try repository.insertAuthor(Author(handle: "alice@127.0.0.2", name: "Alice"))
            let subscription = try repository.insertSubscription(url: "http://127.0.0.2:8080/feeds/videos.xml", title: "Alice")
            post = try XCTUnwrap(repository.storeEntry(RemotePost(
                subscriptionID: subscription.id, remoteID: "e1", authorHandle: "alice@127.0.0.2", authorName: "Alice",
                caption: "cats", videoURI: "http://127.0.0.2:8080/v.mp4", created: Date(timeIntervalSince1970: 1), remote: remote)))
            for index in 0..<localComments {
                try repository.insertComment(postID: post.id, authorHandle: "you", text: "mine \(index)", likeCount: 0,
                                             created: Date(timeIntervalSince1970: Double(10 + index)))
            }
            post = try XCTUnwrap(repository.post(id: post.id))
            store = CommentsStore(CommentsStore.Dependencies(repository: repository, events: events, timers: ManualTimers(),
                                                             selfHandle: "you", reader: withReader ? reader : nil))
            store.onChange = { [unowned self] in changes.append($0) }
        }

        static func comment(_ id: String, thread: String? = nil, parent: String? = nil, replies: Int? = nil,
                            deleted: Bool = false) -> RemoteComment {
            RemoteComment(id: id, threadID: thread ?? id, parentID: parent,
                          author: deleted ? nil : RemoteActor(kind: .peertubeAccount, name: "bob", displayName: "Bob", host: "127.0.0.3:8080"),
                          text: deleted ? "" : "comment \(id)", isDeleted: deleted, replyCount: replies)
        }

        var threadCall: FakeNetworkCall<(post: RemotePostRef, order: RemoteCommentOrder, cursor: RemotePageCursor?),
                                        Result<RemotePage<RemoteComment>, NetworkFailure>> { reader.threadCalls.last! }
        var lineIDs: [String] { store.threads?.lines.map(\.id) ?? [] }
        var shownEvents: [AppEvent] { events.events.filter { $0.name == "comments_shown" } }
    }

    func testTheNetworksThreadsFollowTheCommentsMadeHere() throws {
        try onMain {
            let rig = try Rig(remote: Self.peertube, localComments: 1)
            rig.store.open(rig.post)
            XCTAssertTrue(rig.store.isRemote)
            XCTAssertEqual(rig.store.comments.map(\.text), ["mine 0"], "what was typed here stays visible")
            XCTAssertEqual(rig.reader.threadCalls.count, 1)
            XCTAssertEqual(rig.threadCall.question.order, .newest)
            XCTAssertNil(rig.threadCall.question.cursor)
            XCTAssertEqual(rig.store.threads?.status, .loading)
            rig.threadCall.answer(.success(RemotePage(items: [Rig.comment("9", replies: 2), Rig.comment("8", deleted: true)],
                                                      next: .offset(start: 2, count: 2), total: 4)))
            XCTAssertEqual(rig.lineIDs, ["9", "8"])
            XCTAssertEqual(rig.store.threads?.lines[0].replies, .hidden(count: 2))
            XCTAssertTrue(rig.store.threads?.lines[1].comment.isDeleted == true, "a deleted comment keeps its place")
            XCTAssertEqual(rig.store.threads?.status, .more)
            XCTAssertTrue(rig.changes.contains(.remote(.appended(rig.store.threads!.lines))))
            XCTAssertEqual(rig.shownEvents, [.commentsShown(postID: rig.post.id, remote: 2, local: 1)])
        }
    }

    func testScrollingAsksTheNextPageOnceAndTheLastPageEndsIt() throws {
        try onMain {
            let rig = try Rig(remote: Self.peertube)
            rig.store.open(rig.post)
            rig.store.loadMore()
            XCTAssertEqual(rig.reader.threadCalls.count, 1, "a page under way is not asked twice")
            rig.threadCall.answer(.success(RemotePage(items: [Rig.comment("9"), Rig.comment("8")], next: .offset(start: 2, count: 2))))
            rig.store.loadMore()
            XCTAssertEqual(rig.threadCall.question.cursor, .offset(start: 2, count: 2))
            rig.threadCall.answer(.success(RemotePage(items: [Rig.comment("8"), Rig.comment("7")], next: nil)))
            XCTAssertEqual(rig.lineIDs, ["9", "8", "7"], "a thread listed again shows once")
            XCTAssertEqual(rig.store.threads?.status, .end)
            rig.store.loadMore()
            XCTAssertEqual(rig.reader.threadCalls.count, 2, "nothing after the last page")
            XCTAssertEqual(rig.shownEvents.last, .commentsShown(postID: rig.post.id, remote: 3, local: 0))
        }
    }

    func testTheOtherOrderStartsAgainAndAnAnswerInTheOldOrderIsDropped() throws {
        try onMain {
            let rig = try Rig(remote: Self.peertube)
            rig.store.open(rig.post)
            let newest = rig.threadCall
            XCTAssertEqual(rig.store.threads?.canChooseOrder, true)
            rig.store.threads?.setOrder(.top)
            XCTAssertTrue(newest.request.cancelled)
            XCTAssertEqual(rig.threadCall.question.order, .top)
            XCTAssertNil(rig.threadCall.question.cursor, "from the first page")
            newest.answer(.success(RemotePage(items: [Rig.comment("1")])))
            XCTAssertEqual(rig.lineIDs, [])
            rig.threadCall.answer(.success(RemotePage(items: [Rig.comment("5", replies: 9)])))
            XCTAssertEqual(rig.lineIDs, ["5"])
            XCTAssertTrue(rig.changes.contains(.remote(.reset)))

            let loops = try Rig(remote: Self.loops)
            loops.store.open(loops.post)
            XCTAssertEqual(loops.store.threads?.canChooseOrder, false, "Loops lists newest first only")
            loops.store.threads?.setOrder(.top)
            XCTAssertEqual(loops.reader.threadCalls.count, 1)
        }
    }

    func testRepliesAreShownUnderTheirThreadNestedAndHiddenAgain() throws {
        try onMain {
            let rig = try Rig(remote: Self.peertube)
            rig.store.open(rig.post)
            rig.threadCall.answer(.success(RemotePage(items: [Rig.comment("9", replies: 3), Rig.comment("8")])))
            let threads = try XCTUnwrap(rig.store.threads)
            threads.toggleReplies(of: "9")
            XCTAssertEqual(threads.lines[0].replies, .loading)
            XCTAssertEqual(rig.reader.replyCalls.last?.question.comment.id, "9")
            rig.reader.replyCalls.last!.answer(.success(RemotePage(items: [
                Rig.comment("10", thread: "9", parent: "9"), Rig.comment("12", thread: "9", parent: "10"),
                Rig.comment("11", thread: "9", parent: "9", deleted: true),
            ])))
            XCTAssertEqual(rig.lineIDs, ["9", "10", "12", "11", "8"], "under their thread, before the next one")
            XCTAssertEqual(threads.lines.map(\.depth), [0, 1, 2, 1, 0], "a reply to a reply one step further in")
            XCTAssertEqual(threads.lines[0].replies, .shown(more: false))
            XCTAssertEqual(threads.shownCount, 5)
            threads.toggleReplies(of: "9")
            XCTAssertEqual(rig.lineIDs, ["9", "8"])
            XCTAssertEqual(threads.lines[0].replies, .hidden(count: 3))
            XCTAssertEqual(rig.changes.last, .remote(.updated(threads.lines[0])))
            threads.toggleReplies(of: "9")
            XCTAssertEqual(rig.lineIDs, ["9", "10", "12", "11", "8"], "shown again from what was had")
            XCTAssertEqual(rig.reader.replyCalls.count, 1, "without asking again")
        }
    }

    func testLoopsRepliesComeAPageAtATime() throws {
        try onMain {
            let rig = try Rig(remote: Self.loops)
            rig.store.open(rig.post)
            rig.threadCall.answer(.success(RemotePage(items: [Rig.comment("50", replies: 4)], next: .cursor("c1"))))
            let threads = try XCTUnwrap(rig.store.threads)
            threads.toggleReplies(of: "50")
            rig.reader.replyCalls.last!.answer(.success(RemotePage(items: [Rig.comment("53", thread: "50", parent: "50"),
                                                                          Rig.comment("52", thread: "50", parent: "50")],
                                                                  next: .cursor("r1"))))
            XCTAssertEqual(threads.lines[0].replies, .shown(more: true))
            threads.moreReplies(of: "50")
            XCTAssertEqual(rig.reader.replyCalls.last?.question.cursor, .cursor("r1"))
            rig.reader.replyCalls.last!.answer(.success(RemotePage(items: [Rig.comment("51", thread: "50", parent: "50")])))
            XCTAssertEqual(rig.lineIDs, ["50", "53", "52", "51"])
            XCTAssertEqual(threads.lines[0].replies, .shown(more: false))
        }
    }

    func testWhatCouldNotBeHadIsSaidPlainlyAndCanBeAskedAgain() throws {
        try onMain {
            let rig = try Rig(remote: Self.peertube, localComments: 2)
            rig.store.open(rig.post)
            rig.threadCall.answer(.failure(.unreachable(server: "127.0.0.2:8080", .timedOut)))
            guard case .failed(let words)? = rig.store.threads?.status else { return XCTFail("no failure said") }
            XCTAssertTrue(words.contains("127.0.0.2:8080"), words)
            XCTAssertTrue(words.contains("did not answer"), words)
            XCTAssertEqual(rig.store.comments.count, 2, "the comments made here stay")
            XCTAssertEqual(rig.shownEvents, [.commentsShown(postID: rig.post.id, remote: 0, local: 2)])
            rig.store.loadMore()
            XCTAssertEqual(rig.reader.threadCalls.count, 1, "scrolling does not hammer a server that failed")
            rig.store.threads?.retry()
            XCTAssertEqual(rig.reader.threadCalls.count, 2)
            rig.threadCall.answer(.success(RemotePage(items: [Rig.comment("9", replies: 1)])))
            XCTAssertEqual(rig.lineIDs, ["9"])
            rig.store.threads?.toggleReplies(of: "9")
            rig.reader.replyCalls.last!.answer(.failure(.notFound(server: "127.0.0.2:8080")))
            guard case .failed? = rig.store.threads?.lines[0].replies else { return XCTFail("the replies' failure is not said") }
            rig.store.threads?.toggleReplies(of: "9")
            XCTAssertEqual(rig.reader.replyCalls.count, 2, "asked again")
        }
    }

    func testCommentsThatCouldNotBeReadAreCountedAndDoNotEndTheList() throws {
        try onMain {
            let rig = try Rig(remote: Self.peertube)
            rig.store.open(rig.post)
            rig.threadCall.answer(.success(RemotePage(items: [], next: .offset(start: 20, count: 20), total: 40, dropped: 20)))
            XCTAssertEqual(rig.store.threads?.unreadable, 20)
            XCTAssertTrue(rig.changes.contains(.remote(.unreadable(20))))
            XCTAssertEqual(rig.store.threads?.status, .more, "a page of unreadable comments is not the end of the list")
            rig.store.loadMore()
            rig.threadCall.answer(.success(RemotePage(items: [Rig.comment("3")], next: nil, total: 40, dropped: 19)))
            XCTAssertEqual(rig.store.threads?.unreadable, 39)
            XCTAssertEqual(rig.lineIDs, ["3"])
            XCTAssertEqual(rig.store.threads?.status, .end)
            rig.store.threads?.setOrder(.top)
            XCTAssertEqual(rig.store.threads?.unreadable, 0, "counted again in the other order")
        }
    }

    func testClosingCallsOffWhatWasAskedAndOpeningAgainAsksAnew() throws {
        try onMain {
            let rig = try Rig(remote: Self.peertube)
            rig.store.open(rig.post)
            let first = rig.threadCall
            rig.store.closed()
            XCTAssertTrue(first.request.cancelled)
            XCTAssertNil(rig.store.threads, "a closed sheet holds no threads")
            rig.changes.removeAll()
            rig.store.open(rig.post)
            XCTAssertEqual(rig.reader.threadCalls.count, 2)
            XCTAssertEqual(rig.changes.first, .remote(.reset), "the sheet's draft stays (no reload)")
        }
    }

    func testCommentsWrittenOnARemotePostStayOnThisComputer() throws {
        try onMain {
            let rig = try Rig(remote: Self.peertube)
            rig.store.open(rig.post)
            rig.threadCall.answer(.success(RemotePage(items: [Rig.comment("9")])))
            XCTAssertTrue(rig.store.submit("hello from here"))
            XCTAssertEqual(rig.store.comments.first?.text, "hello from here")
            XCTAssertTrue(rig.store.isRemote, "still shown above the network's, as only on this computer")
            XCTAssertEqual(rig.lineIDs, ["9"])
            XCTAssertEqual(rig.reader.threadCalls.count, 1, "nothing sent or asked")
        }
    }

    func testALocalPostOrNoNetworkShowsOnlyWhatWasWrittenHere() throws {
        try onMain {
            let local = try Rig(remote: nil, localComments: 1)
            local.store.open(local.post)
            XCTAssertFalse(local.store.isRemote)
            XCTAssertEqual(local.reader.threadCalls.count, 0)
            let offline = try Rig(remote: Self.peertube, localComments: 1, reader: false)
            offline.store.open(offline.post)
            XCTAssertFalse(offline.store.isRemote)
            XCTAssertEqual(offline.store.comments.count, 1)
        }
    }
}
