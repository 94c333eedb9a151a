import FeedCore
import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The marks by the like and follow buttons (issue 23): waiting, "Sent" for a moment, refused
/// with the server's words; Retry sends the refused entry again, Undo turns the state back here
/// and drops the refused entry without sending anything.
final class ActionDeliveryMarksTests: XCTestCase {
    private static let tube = RemotePostRef(network: .peertube, host: "127.0.0.2:8080",
                                            apiBase: URL(string: "http://127.0.0.2:8080")!, id: "uuid-b")
    private static let ann = Account(network: .peertube, origin: URL(string: "http://127.0.0.2:8080")!, username: "ann",
                                     displayName: "ann", avatarURL: nil, clientID: "client",
                                     accessExpires: Date(timeIntervalSince1970: 4_000_000_000), refreshExpires: nil)
    private static let cats = RemoteActor(kind: .peertubeChannel, name: "cats", displayName: "Cats", host: "127.0.0.2:8080")

    func testALikeIsWaitingThenSentForAMomentThenNothingAndOnlyItsPostIsTold() throws {
        try onMain {
            let outbox = FakeOutbox()
            let timers = ManualTimers()
            let marks = ActionDeliveryMarks(outbox: outbox, timers: timers)
            var told: [ActedOn] = []
            marks.observe(by: outbox) { told.append($0) }
            let key = AccountKey(server: "http://127.0.0.2:8080", name: "ann")
            XCTAssertEqual(marks.delivery(of: .post(7)), ActionDelivery.none, "nothing given to the outbox: no mark")
            try outbox.add(.rate(post: Self.tube, liked: true), account: key, postID: 7)
            try outbox.add(.comment(post: Self.tube, localID: "c1", text: "hi", replyTo: nil), account: key, postID: 7)
            XCTAssertEqual(marks.delivery(of: .post(7)), .waiting)
            XCTAssertEqual(marks.delivery(of: .post(8)), ActionDelivery.none)
            XCTAssertEqual(told, [.post(7)], "a comment is the sheet's, not the rail's")
            outbox.settle(1, .unreachable("down"))
            XCTAssertEqual(marks.delivery(of: .post(7)), .waiting, "a retry to come is still waiting")
            outbox.settle(1, .unauthorized)
            outbox.settle(1, .unauthorized)
            XCTAssertEqual(marks.delivery(of: .post(7)), .waitingForSignIn)
            outbox.settle(1, .done(remoteID: nil))
            XCTAssertEqual(marks.delivery(of: .post(7)), .sent)
            timers.advance(milliseconds: ActionDeliveryMarks.sentShownMs - 1)
            XCTAssertEqual(marks.delivery(of: .post(7)), .sent)
            told.removeAll()
            timers.advance(milliseconds: 1)
            XCTAssertEqual(marks.delivery(of: .post(7)), ActionDelivery.none, "once sent, the heart says the rest")
            XCTAssertEqual(told, [.post(7)], "the mark is told to go")
        }
    }

    func testARefusedLikeSaysTheServersWordsAndRetrySendsItAgain() throws {
        try onMain {
            let outbox = FakeOutbox()
            let marks = ActionDeliveryMarks(outbox: outbox, timers: ManualTimers())
            let key = AccountKey(server: "http://127.0.0.2:8080", name: "ann")
            marks.retry(.post(7))
            XCTAssertEqual(outbox.retried, [], "nothing refused: nothing to retry")
            try outbox.add(.rate(post: Self.tube, liked: true), account: key, postID: 7)
            outbox.settle(1, .refused(status: 403, message: "Forbidden"))
            XCTAssertEqual(marks.delivery(of: .post(7)), .refused(reason: "Forbidden"))
            XCTAssertEqual(marks.undoing(.post(7)), false, "Undo unlikes it here")
            marks.retry(.post(7))
            XCTAssertEqual(outbox.retried, [1])
            XCTAssertEqual(marks.delivery(of: .post(7)), .waiting)
            XCTAssertNil(marks.undoing(.post(7)), "nothing to undo once it goes again")
        }
    }

    func testUndoOfARefusedLikeUnlikesItHereAndSendsNothing() throws {
        try onMain {
            let outbox = FakeOutbox()
            let actions = AccountActions(.init(accounts: { [Self.ann] }, outbox: outbox, say: { XCTFail("said \($0)") }))
            let marks = ActionDeliveryMarks(outbox: outbox, timers: ManualTimers())
            let feed = try FeedSessionFixture(posts: 2, actions: actions)
            try feed.repository.storeDiscovered([DiscoveredVideo(remote: Self.tube, authorHandle: "ann", authorName: "Ann",
                                                                 caption: "post 2", videoURI: "file:///v2.mp4",
                                                                 created: Date(timeIntervalSince1970: 2))])
            feed.launchAndSettle()
            let post = try XCTUnwrap(feed.session.current)
            XCTAssertNotNil(post.remote)
            feed.session.likeCurrent()
            outbox.settle(1, .refused(status: 403, message: "Forbidden"))
            let liked = try XCTUnwrap(marks.undoing(.post(post.id)))
            feed.session.setLiked(liked, postID: post.id)
            XCTAssertEqual(feed.session.current?.liked, false)
            XCTAssertEqual(outbox.entries.map(\.state), [.dropped], "the refused like dropped, no unlike sent")
            XCTAssertEqual(marks.delivery(of: .post(post.id)), ActionDelivery.none)
        }
    }

    func testARefusedFollowIsMarkedOnItsChannelAndUndoUnfollowsWithoutSending() {
        onMain {
            let outbox = FakeOutbox()
            let actions = AccountActions(.init(accounts: { [Self.ann] }, outbox: outbox, say: { XCTFail("said \($0)") }))
            let marks = ActionDeliveryMarks(outbox: outbox, timers: ManualTimers())
            var told: [ActedOn] = []
            marks.observe(by: outbox) { told.append($0) }
            actions.channelFollowed(Self.cats, following: true)
            XCTAssertEqual(told, [.channel(Self.cats.handle)])
            XCTAssertEqual(marks.delivery(of: .channel(Self.cats.handle)), .waiting)
            outbox.settle(1, .refused(status: 400, message: "You cannot follow this channel"))
            XCTAssertEqual(marks.delivery(of: .channel(Self.cats.handle)), .refused(reason: "You cannot follow this channel"))
            XCTAssertEqual(marks.undoing(.channel(Self.cats.handle)), false, "Undo unfollows it here")
            actions.channelFollowed(Self.cats, following: false)
            XCTAssertEqual(outbox.entries.map(\.state), [.dropped])
            XCTAssertEqual(marks.delivery(of: .channel(Self.cats.handle)), ActionDelivery.none)
        }
    }

    func testALikeOfANetworksPostWithNoAccountForItStaysOnThisComputer() throws {
        try onMain {
            let outbox = FakeOutbox()
            let signedIn = SignedIn()
            let actions = AccountActions(.init(accounts: { signedIn.accounts }, outbox: outbox, say: { XCTFail("said \($0)") }))
            let marks = ActionDeliveryMarks(outbox: outbox, timers: ManualTimers(), actions: actions)
            let feed = try FeedSessionFixture(posts: 2, actions: actions)
            try feed.repository.storeDiscovered([DiscoveredVideo(remote: Self.tube, authorHandle: "ann", authorName: "Ann",
                                                                 caption: "post 2", videoURI: "file:///v2.mp4",
                                                                 created: Date(timeIntervalSince1970: 2))])
            feed.launchAndSettle()
            var post = try XCTUnwrap(feed.session.current)
            XCTAssertFalse(marks.likeStaysHere(post), "not liked: nothing to say")
            feed.session.likeCurrent()
            post = try XCTUnwrap(feed.session.current)
            XCTAssertTrue(marks.likeStaysHere(post))
            XCTAssertFalse(marks.likeIsSent(post))
            XCTAssertEqual(marks.delivery(of: .post(post.id)), ActionDelivery.none, "nothing in the outbox")
            XCTAssertNil(marks.followSubject(of: post), "the \"+\" follows here only: no mark by the avatar")
            signedIn.accounts = [Self.ann]
            XCTAssertFalse(marks.likeStaysHere(post), "an account acts on it now")
            XCTAssertTrue(marks.likeIsSent(post), "its heart keeps room for a mark")
            XCTAssertEqual(marks.followSubject(of: post), .channel("ann@127.0.0.2:8080"), "the \"+\" follows her channel there")
            feed.session.move(by: 1)
            let local = try XCTUnwrap(feed.session.current)
            feed.session.likeCurrent()
            let liked = try XCTUnwrap(feed.session.current)
            XCTAssertFalse(marks.likeStaysHere(liked), "a post of this computer: \(local.id)")
            XCTAssertFalse(marks.likeIsSent(liked))
            XCTAssertNil(marks.followSubject(of: liked))
        }
    }
}

extension ActionDeliveryMarksTests {
    func testAnObserverGoesWithItsOwner() throws {
        try onMain {
            let outbox = FakeOutbox()
            let marks = ActionDeliveryMarks(outbox: outbox, timers: ManualTimers())
            var told = 0
            var owner: SignedIn? = SignedIn()
            marks.observe(by: try XCTUnwrap(owner)) { _ in told += 1 }
            let key = AccountKey(server: "http://127.0.0.2:8080", name: "ann")
            try outbox.add(.follow(channel: "cats@127.0.0.2:8080", following: true), account: key, postID: nil)
            XCTAssertEqual(told, 1)
            owner = nil
            try outbox.add(.follow(channel: "dogs@127.0.0.2:8080", following: true), account: key, postID: nil)
            XCTAssertEqual(told, 1, "a closed window's observer is not told")
        }
    }
}

/// The accounts signed in to, changed as the test goes.
@MainActor
private final class SignedIn {
    var accounts: [Account] = []
}
