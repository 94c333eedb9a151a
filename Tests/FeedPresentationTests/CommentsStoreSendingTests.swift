import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Comments written on a remote post going to the user's account through the outbox (issue 23):
/// written here first, then sent; their marks follow the outbox; a reply answers a network's
/// comment; one sent shows once; a delete goes once the undo is over, or cancels one not sent.
final class CommentsStoreSendingTests: XCTestCase {
    private static let tube = RemotePostRef(network: .peertube, host: "127.0.0.2:8080",
                                            apiBase: URL(string: "http://127.0.0.2:8080")!, id: "short1", shortUUID: "short1")
    private static let ann = Account(network: .peertube, origin: URL(string: "http://127.0.0.2:8080")!, username: "ann",
                                     displayName: "Ann", avatarURL: nil, clientID: "client",
                                     accessExpires: Date(timeIntervalSince1970: 4_000_000_000), refreshExpires: nil)
    private static let annKey = AccountKey(server: "http://127.0.0.2:8080", name: "ann")

    @MainActor
    private final class Rig {
        let repository = InMemoryFeedRepository()
        let reader = FakeRemotePostReader()
        let outbox = FakeOutbox()
        let timers = ManualTimers()
        let store: CommentsStore
        var changes: [CommentsStore.Change] = []
        var post: Post

        init(accounts: [Account] = [CommentsStoreSendingTests.ann], remote: RemotePostRef? = CommentsStoreSendingTests.tube) throws {
            _ = try repository.insertAuthor(Author(handle: "you", name: "You", isSelf: true))
            _ = try repository.insertAuthor(Author(handle: "alice@127.0.0.2", name: "Alice"))
            let subscription = try repository.insertSubscription(url: "http://127.0.0.2:8080/feeds/videos.xml", title: "Alice")
            post = try XCTUnwrap(repository.storeEntry(RemotePost(
                subscriptionID: subscription.id, remoteID: "e1", authorHandle: "alice@127.0.0.2", authorName: "Alice",
                caption: "cats", videoURI: "http://127.0.0.2:8080/v.mp4", created: Date(timeIntervalSince1970: 1), remote: remote)))
            var now = Date(timeIntervalSince1970: 100)
            let actions = AccountActions(.init(accounts: { accounts }, outbox: outbox,
                                               say: { XCTFail("said \($0)") }))
            store = CommentsStore(CommentsStore.Dependencies(repository: repository, events: RecordingEventSink(), timers: timers,
                                                             selfHandle: "you", now: { now += 1; return now }, reader: reader,
                                                             actions: actions, outbox: outbox))
            store.onChange = { [unowned self] in changes.append($0) }
            store.open(post)
        }

        func answerThreads(_ ids: [String]) {
            reader.threadCalls.last!.answer(.success(RemotePage(items: ids.map {
                RemoteComment(id: $0, threadID: $0, author: RemoteActor(kind: .peertubeAccount, name: "bob", displayName: "Bob",
                                                                        host: "127.0.0.2:8080"), text: "comment \($0)")
            })))
        }

        var lineIDs: [String] { store.threads?.lines.map(\.id) ?? [] }
        var actions: [OutboxAction] { outbox.entries.map(\.action) }
        func delivery(_ index: Int = 0) -> CommentDelivery { store.delivery(of: store.comments[index]) }
    }

    func testACommentAndAReplyGoToTheOutboxAndTheirMarksFollowIt() throws {
        try onMain {
            let rig = try Rig()
            rig.answerThreads(["9"])
            XCTAssertTrue(rig.store.sendsComments)
            XCTAssertTrue(rig.store.submit("hello"))
            let comment = try XCTUnwrap(rig.store.comments.first)
            XCTAssertEqual(rig.actions, [.comment(post: Self.tube, localID: comment.outboxID, text: "hello", replyTo: nil)])
            XCTAssertEqual(rig.outbox.entries.map(\.account), [Self.annKey])
            XCTAssertEqual(rig.outbox.entries.map(\.postID), [rig.post.id])
            XCTAssertEqual(rig.delivery(), .sending)

            rig.store.reply(to: "9")
            XCTAssertEqual(rig.store.replyingTo?.id, "9")
            XCTAssertTrue(rig.changes.contains(.replying(rig.store.replyingTo)))
            XCTAssertTrue(rig.store.submit("an answer"))
            let reply = try XCTUnwrap(rig.store.comments.first)
            XCTAssertEqual(rig.actions.last, .comment(post: Self.tube, localID: reply.outboxID, text: "an answer", replyTo: "9"))
            XCTAssertNil(rig.store.replyingTo, "the next comment is one of its own")
            XCTAssertEqual(rig.store.answered(by: reply), "@bob@127.0.0.2:8080", "marked as a reply to whom it answers")
            XCTAssertNil(rig.store.answered(by: comment))
            XCTAssertTrue(rig.changes.contains(.replying(nil)))

            rig.changes.removeAll()
            rig.outbox.settle(1, .done(remoteID: "55"))
            XCTAssertEqual(rig.changes, [.delivery(commentID: comment.id, .sent(remoteID: "55"))])
            rig.outbox.settle(2, .refused(status: 403, message: "Comments are closed"))
            XCTAssertEqual(rig.changes.last, .delivery(commentID: reply.id, .refused(reason: "Comments are closed")))
            XCTAssertEqual(rig.delivery(0), .refused(reason: "Comments are closed"))
            XCTAssertEqual(rig.delivery(1), .sent(remoteID: "55"))
        }
    }

    func testASentCommentShowsOnceAsWrittenHere() throws {
        try onMain {
            let rig = try Rig()
            rig.answerThreads(["9"])
            XCTAssertTrue(rig.store.submit("hello"))
            rig.outbox.settle(1, .done(remoteID: "56"))
            // The network's thread read again lists the copy: it is left out.
            rig.store.closed()
            rig.store.open(rig.post)
            rig.answerThreads(["56", "9"])
            XCTAssertEqual(rig.lineIDs, ["9"])
            XCTAssertEqual(rig.store.comments.map(\.text), ["hello"])

            // One listed before its sending ended goes when the server gives its id.
            XCTAssertTrue(rig.store.submit("again"))
            rig.store.closed()
            rig.store.open(rig.post)
            rig.answerThreads(["57", "9"])
            XCTAssertEqual(rig.lineIDs, ["57", "9"])
            rig.changes.removeAll()
            rig.outbox.settle(2, .done(remoteID: "57"))
            XCTAssertEqual(rig.lineIDs, ["9"])
            XCTAssertTrue(rig.changes.contains(.remote(.removed(id: "57"))))
        }
    }

    func testACopyReadFromAnotherInstanceIsKnownByItsAuthorAndText() throws {
        try onMain {
            let bob = Account(network: .peertube, origin: URL(string: "http://127.0.0.3:8080")!, username: "bob",
                              displayName: "Bob", avatarURL: nil, clientID: "client",
                              accessExpires: Date(timeIntervalSince1970: 4_000_000_000), refreshExpires: nil)
            let rig = try Rig(accounts: [bob])
            rig.answerThreads(["9"])
            XCTAssertTrue(rig.store.submit("same words  here"))
            rig.outbox.settle(1, .done(remoteID: "900"))
            rig.store.closed()
            rig.store.open(rig.post)
            let byBob = { (id: String, text: String) in
                RemoteComment(id: id, threadID: id, author: RemoteActor(kind: .peertubeAccount, name: "bob", displayName: "Bob",
                                                                        host: "127.0.0.3:8080"), text: text)
            }
            rig.reader.threadCalls.last!.answer(.success(RemotePage(items: [byBob("44", "same words here"),
                                                                            byBob("45", "other words")])))
            XCTAssertEqual(rig.lineIDs, ["45"], "the origin's copy has the origin's id, not the one bob's instance gave")
        }
    }

    func testADeleteGoesOnceItStandsAndCancelsACommentNotYetSent() throws {
        try onMain {
            let rig = try Rig()
            XCTAssertTrue(rig.store.submit("sent one"))
            let sent = try XCTUnwrap(rig.store.comments.first)
            rig.outbox.settle(1, .done(remoteID: "60"))
            rig.store.delete(sent.id)
            XCTAssertEqual(rig.actions.count, 1, "nothing goes while the undo stands")
            rig.store.undoDelete()
            rig.store.finalizeDelete()
            XCTAssertEqual(rig.actions.count, 1, "an undone deletion never goes")
            rig.store.delete(sent.id)
            rig.store.finalizeDelete()
            XCTAssertEqual(rig.actions.last, .deleteComment(post: Self.tube, comment: .local(sent.outboxID)))
            XCTAssertEqual(rig.outbox.entries.last?.account, Self.annKey)

            XCTAssertTrue(rig.store.submit("never sent"))
            let waiting = try XCTUnwrap(rig.store.comments.first)
            let count = rig.outbox.entries.count
            rig.store.delete(waiting.id)
            rig.store.finalizeDelete()
            XCTAssertEqual(rig.outbox.entries.count, count, "no delete is sent for a comment that never left")
            XCTAssertEqual(CommentDelivery.writing(waiting, in: rig.outbox.entries)?.state, .dropped)
        }
    }

    func testARefusedCommentIsSentAgainOrTakenBack() throws {
        try onMain {
            let rig = try Rig()
            XCTAssertTrue(rig.store.submit("try me"))
            let comment = try XCTUnwrap(rig.store.comments.first)
            rig.outbox.settle(1, .refused(status: 403, message: "You are muted"))
            rig.store.retrySending(comment.id)
            XCTAssertEqual(rig.outbox.retried, [1])
            XCTAssertEqual(rig.delivery(), .sending)
            XCTAssertEqual(rig.changes.last, .delivery(commentID: comment.id, .sending))

            rig.outbox.settle(1, .refused(status: 403, message: "You are muted"))
            rig.store.withdraw(comment.id)
            XCTAssertTrue(rig.store.comments.isEmpty)
            XCTAssertTrue(try rig.repository.comments(postID: rig.post.id, before: nil, limit: 10).isEmpty)
            XCTAssertEqual(rig.outbox.entries.count, 1, "nothing to delete on a server that never had it")
            XCTAssertTrue(rig.changes.contains(.removed(id: comment.id)))
        }
    }

    func testWithoutAnAccountCommentsStayOnlyOnThisComputer() throws {
        try onMain {
            let rig = try Rig(accounts: [])
            rig.answerThreads(["9"])
            XCTAssertFalse(rig.store.sendsComments)
            rig.store.reply(to: "9")
            XCTAssertNil(rig.store.replyingTo, "nothing to answer from here")
            XCTAssertTrue(rig.store.submit("here only"))
            XCTAssertTrue(rig.outbox.entries.isEmpty)
            XCTAssertEqual(rig.delivery(), .onlyHere)
            rig.store.delete(rig.store.comments[0].id)
            rig.store.finalizeDelete()
            XCTAssertTrue(rig.outbox.entries.isEmpty)

            let local = try Rig(remote: nil)
            XCTAssertTrue(local.store.submit("on my own post"))
            XCTAssertEqual(local.delivery(), .local)
            XCTAssertTrue(local.outbox.entries.isEmpty)
        }
    }
}
