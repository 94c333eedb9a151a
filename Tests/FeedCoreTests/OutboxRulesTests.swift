import FeedCore
import Foundation
import XCTest

/// The outbox's rules: nothing lost, nothing sent twice, order kept per post, retries that back
/// off and obey Retry-After, one token renewal on a 401, a refusal said, a restart mid-send.
final class OutboxRulesTests: XCTestCase {
    private static let ann = AccountKey(server: "https://tube.example", name: "ann")
    private static let bob = AccountKey(server: "https://other.example", name: "bob")
    private static func post(_ id: String) -> RemotePostRef {
        RemotePostRef(network: .peertube, host: "tube.example", apiBase: URL(string: "https://tube.example")!, id: id)
    }

    private func add(_ actions: [OutboxAction], account: AccountKey = ann, to entries: [OutboxEntry] = []) -> [OutboxEntry] {
        var entries = entries
        for action in actions {
            entries = OutboxRules.adding(action, id: Int64(entries.count + 1), account: account, to: entries)
        }
        return entries
    }

    func testALikeIsAStateSoTogglingBeforeItLeavesSendsOnlyTheLast() {
        let a = Self.post("a")
        let entries = add([.rate(post: a, liked: true), .rate(post: a, liked: false), .rate(post: a, liked: true)])
        XCTAssertEqual(entries.map(\.action), [.rate(post: a, liked: true)], "one entry, the last state")
        var sending = entries
        sending[0] = OutboxRules.sending(sending[0])
        let after = add([.rate(post: a, liked: false)], to: sending)
        XCTAssertEqual(after.map(\.action), [.rate(post: a, liked: true), .rate(post: a, liked: false)],
                       "one under way stays; the change goes after it")
        XCTAssertEqual(add([.follow(channel: "cats@tube.example", following: true),
                            .follow(channel: "cats@tube.example", following: false)]).map(\.action),
                       [.follow(channel: "cats@tube.example", following: false)])
    }

    func testDeletingACommentThatNeverLeftDropsBothAndOneSentIsDeletedOnTheServer() {
        let a = Self.post("a")
        let queued = add([.comment(post: a, localID: "c1", text: "hi", replyTo: nil), .deleteComment(post: a, comment: .local("c1"))])
        XCTAssertEqual(queued.map(\.state), [.dropped], "nothing sent, nothing to delete")
        XCTAssertNil(OutboxRules.next(in: queued, nowMs: 0))
        var sent = add([.comment(post: a, localID: "c2", text: "hello", replyTo: nil)])
        sent = OutboxRules.after(.done(remoteID: "77"), of: 1, in: [OutboxRules.sending(sent[0])], nowMs: 0)
        let deleting = add([.deleteComment(post: a, comment: .local("c2"))], to: sent)
        XCTAssertEqual(deleting.count, 2)
        XCTAssertEqual(OutboxRules.next(in: deleting, nowMs: 0), 2)
        XCTAssertEqual(OutboxRules.after(.notFound, of: 2, in: deleting, nowMs: 0)[1].state, .sent(remoteID: nil),
                       "already gone is deleted")
    }

    func testOrderIsKeptPerPostAndOneAtATimePerAccount() {
        let (a, b) = (Self.post("a"), Self.post("b"))
        var entries = add([.comment(post: a, localID: "1", text: "one", replyTo: nil),
                           .comment(post: a, localID: "2", text: "two", replyTo: nil),
                           .rate(post: b, liked: true)])
        entries = add([.rate(post: a, liked: true)], account: Self.bob, to: entries)
        XCTAssertEqual(OutboxRules.next(in: entries, nowMs: 0), 1)
        entries[0] = OutboxRules.sending(entries[0])
        XCTAssertEqual(OutboxRules.next(in: entries, nowMs: 0), 4, "ann is sending; bob's account goes meanwhile")
        entries = OutboxRules.after(.unreachable("connection refused"), of: 1, in: entries, nowMs: 1_000)
        XCTAssertEqual(OutboxRules.next(in: entries, nowMs: 1_000), 3, "a's second waits behind its first; b goes")
        XCTAssertEqual(OutboxRules.nextRetryMs(in: entries), 3_000)
        XCTAssertEqual(OutboxRules.next(in: entries.filter { $0.id != 3 && $0.id != 4 }, nowMs: 2_999), nil)
        XCTAssertEqual(OutboxRules.next(in: entries, nowMs: 3_000), 1, "the first again, when due")
    }

    func testRetriesBackOffAndA429WaitsForItsRetryAfter() {
        XCTAssertEqual((1...10).map { OutboxRules.backoffMs(afterAttempts: $0) },
                       [2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000, 60_000])
        var entries = add([.rate(post: Self.post("a"), liked: true)])
        entries[0] = OutboxRules.sending(entries[0])
        entries = OutboxRules.after(.busy(retryAfterMs: 30_000), of: 1, in: entries, nowMs: 100)
        XCTAssertEqual(entries[0].state, .retrying(atMs: 30_100, reason: "busy"))
        entries[0] = OutboxRules.sending(entries[0])
        entries = OutboxRules.after(.serverError(status: 502), of: 1, in: entries, nowMs: 40_000)
        XCTAssertEqual(entries[0].state, .retrying(atMs: 44_000, reason: "HTTP 502"), "second attempt: 4 s")
        entries[0] = OutboxRules.sending(entries[0])
        entries = OutboxRules.after(.busy(retryAfterMs: 86_400_000), of: 1, in: entries, nowMs: 50_000)
        XCTAssertEqual(entries[0].state, .retrying(atMs: 350_000, reason: "busy"), "never longer than five minutes")
    }

    func testA401RenewsTheTokenOnceThenEverythingOfTheAccountWaitsForASignIn() {
        let (a, b) = (Self.post("a"), Self.post("b"))
        var entries = add([.rate(post: a, liked: true), .comment(post: b, localID: "1", text: "x", replyTo: nil)])
        entries = add([.rate(post: a, liked: true)], account: Self.bob, to: entries)
        entries[0] = OutboxRules.sending(entries[0])
        entries = OutboxRules.after(.unauthorized, of: 1, in: entries, nowMs: 0)
        XCTAssertEqual(entries[0].state, .queued)
        XCTAssertTrue(entries[0].renewTokenFirst)
        XCTAssertEqual(OutboxRules.next(in: entries, nowMs: 0), 1)
        entries[0] = OutboxRules.sending(entries[0])
        entries = OutboxRules.after(.unauthorized, of: 1, in: entries, nowMs: 0)
        XCTAssertEqual(entries.map(\.state), [.needsSignIn, .needsSignIn, .queued], "kept, not lost; bob's goes on")
        XCTAssertEqual(OutboxRules.next(in: entries, nowMs: 0), 3)
        entries = OutboxRules.signedIn(Self.ann, entries)
        XCTAssertEqual(entries.map(\.state), [.queued, .queued, .queued])
    }

    func testARefusalIsSaidAndCanBeRetriedAndOthersGoOn() {
        let (a, b) = (Self.post("a"), Self.post("b"))
        var entries = add([.comment(post: a, localID: "1", text: "x", replyTo: nil), .rate(post: b, liked: true)])
        entries[0] = OutboxRules.sending(entries[0])
        entries = OutboxRules.after(.refused(status: 403, message: "Comments are disabled"), of: 1, in: entries, nowMs: 0)
        XCTAssertEqual(entries[0].state, .refused(reason: "Comments are disabled"))
        XCTAssertEqual(entries[0].state.eventName, "refused")
        XCTAssertEqual(OutboxRules.next(in: entries, nowMs: 0), 2)
        entries = OutboxRules.retry(1, in: entries)
        XCTAssertEqual(entries[0].state, .queued)
        XCTAssertEqual(entries[0].attempts, 1, "attempts are counted on")
    }

    func testUndoingARefusedLikeOrFollowDropsItAndSendsNothingButASentOneIsTakenBack() {
        let a = Self.post("a")
        var entries = add([.rate(post: a, liked: true), .follow(channel: "cats@tube.example", following: true)])
        for id in [Int64(1), 2] {
            entries = entries.map { $0.id == id ? OutboxRules.sending($0) : $0 }
            entries = OutboxRules.after(.refused(status: 403, message: "Forbidden"), of: id, in: entries, nowMs: 0)
        }
        entries = add([.rate(post: a, liked: false), .follow(channel: "cats@tube.example", following: false)], to: entries)
        XCTAssertEqual(entries.map(\.state), [.dropped, .dropped], "the refused ones are dropped, nothing new to send")
        XCTAssertNil(OutboxRules.next(in: entries, nowMs: 0))
        XCTAssertEqual(add([.rate(post: a, liked: true)], to: entries).count, 3, "liked again after the undo: a new entry")

        var sent = add([.rate(post: a, liked: true)])
        sent[0] = OutboxRules.sending(sent[0])
        sent = OutboxRules.after(.done(remoteID: nil), of: 1, in: sent, nowMs: 0)
        sent = add([.rate(post: a, liked: false)], to: sent)
        XCTAssertEqual(sent.map(\.action), [.rate(post: a, liked: true), .rate(post: a, liked: false)],
                       "a like the server holds is taken back there")
        var refusedUnlike = add([.rate(post: a, liked: false)])
        refusedUnlike[0] = OutboxRules.sending(refusedUnlike[0])
        refusedUnlike = OutboxRules.after(.refused(status: 403, message: "No"), of: 1, in: refusedUnlike, nowMs: 0)
        XCTAssertEqual(add([.rate(post: a, liked: false)], to: refusedUnlike).count, 2, "the same state again is no undo")
    }

    func testASendingCutByAStopIsQueuedAgainMarkedMaybeSentAndItsCommentIsNotDroppedByADelete() {
        let a = Self.post("a")
        var entries = add([.comment(post: a, localID: "c1", text: "hi", replyTo: nil)])
        entries[0] = OutboxRules.sending(entries[0])
        entries = OutboxRules.afterRestart(entries)
        XCTAssertEqual(entries[0].state, .queued)
        XCTAssertTrue(entries[0].mayHaveBeenSent, "its thread is read before it is sent again")
        entries = add([.deleteComment(post: a, comment: .local("c1"))], to: entries)
        XCTAssertEqual(entries.map(\.state), [.queued, .queued], "it may be on the server: deleted there after it")
        entries = OutboxRules.after(.done(remoteID: "9"), of: 1, in: [OutboxRules.sending(entries[0]), entries[1]], nowMs: 0)
        XCTAssertFalse(entries[0].mayHaveBeenSent)
        XCTAssertEqual(OutboxAction.comment(post: a, localID: "c1", text: "hi", replyTo: "5").name, "reply")
    }

    func testACommentWhoseAnswerWasLostMayHaveBeenSentAndALikeNeedNotBe() {
        let a = Self.post("a")
        var entries = add([.comment(post: a, localID: "c1", text: "hi", replyTo: nil), .rate(post: Self.post("b"), liked: true)])
        entries = OutboxRules.after(.unreachable("the connection was cut"), of: 1, in: [OutboxRules.sending(entries[0]), entries[1]],
                                    nowMs: 0)
        XCTAssertTrue(entries[0].mayHaveBeenSent, "the server may have it: its thread is read before it goes again")
        entries = OutboxRules.after(.unreachable("the connection was cut"), of: 2, in: [entries[0], OutboxRules.sending(entries[1])],
                                    nowMs: 0)
        XCTAssertFalse(entries[1].mayHaveBeenSent, "a like is a state: sending it again changes nothing")
        entries = OutboxRules.after(.serverError(status: 500), of: 1, in: [OutboxRules.sending(entries[0]), entries[1]], nowMs: 0)
        XCTAssertFalse(entries[0].mayHaveBeenSent, "a 5xx answered: the server did not take it")
    }
}
