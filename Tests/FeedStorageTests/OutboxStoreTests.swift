import FeedCore
import FeedStorage
import Foundation
import XCTest

/// The outbox in the library: every kind of action and every state read back as written after
/// the library is opened again, the adding rules applied in the table, and a sending under way
/// when the app stopped found as such.
final class OutboxStoreTests: StorageTestCase {
    private let ann = AccountKey(server: "https://tube.example", name: "ann")
    private let post = RemotePostRef(network: .peertube, host: "other.example", apiBase: URL(string: "https://other.example")!,
                                     id: "9c9de5e8-0a1b-4e4e-9f5e-1e2d3c4b5a69", shortUUID: "kZ3")

    /// The outbox of the library, which holds posts 1 to 5 (what an entry's post id names).
    private func store() throws -> OutboxStore {
        let library = try LibraryDatabase.open(at: databaseURL)
        if try library.postCount() == 0 {
            try addAuthor(library)
            for second in 1...5 { try library.insertPost(newPost("post \(second)", seconds: Double(second))) }
        }
        return OutboxStore(connection: library.connection)
    }

    func testEveryActionAndStateIsReadBackAfterTheLibraryIsOpenedAgain() throws {
        let loopsPost = RemotePostRef(network: .loops, host: "loops.example", apiBase: URL(string: "https://loops.example")!,
                                      id: "7311")
        let actions: [OutboxAction] = [
            .rate(post: post, liked: true),
            .comment(post: post, localID: "L1", text: "hello\nthere", replyTo: nil),
            .comment(post: loopsPost, localID: "L2", text: "a reply", replyTo: "42"),
            .deleteComment(post: post, comment: .remote("77")),
            .deleteComment(post: loopsPost, comment: .local("L0")),
            .follow(channel: "cats@other.example", following: true),
        ]
        var written: [OutboxEntry] = []
        do {
            let outbox = try store()
            for (index, action) in actions.enumerated() {
                written += try outbox.addToOutbox(action, account: ann, postID: index == 5 ? nil : Int64(index + 1))
            }
            XCTAssertEqual(written.count, 6, "one entry each")
            var states: [OutboxEntry.State] = [.sending, .retrying(atMs: 1_800_000_000_000, reason: "HTTP 502"),
                                               .sent(remoteID: "5"), .refused(reason: "Cannot remove video comment of another user"),
                                               .needsSignIn, .queued]
            for index in written.indices {
                written[index].state = states.removeFirst()
                written[index].attempts = index
                written[index].mayHaveBeenSent = index == 2
                written[index].renewTokenFirst = index == 3
                written[index].lastAttemptMs = index == 0 ? nil : 1_700_000_000_000 + Int64(index)
                try outbox.saveOutboxEntry(written[index])
            }
        }
        let again = try store().outboxEntries()
        XCTAssertEqual(again, written)
        XCTAssertEqual(again.map(\.action), actions)
        XCTAssertEqual(again.map(\.postID), [1, 2, 3, 4, 5, nil])
        XCTAssertEqual(OutboxRules.afterRestart(again)[0].state, .queued, "the sending cut by the stop goes again")
        XCTAssertTrue(OutboxRules.afterRestart(again)[0].mayHaveBeenSent)
    }

    func testALikeReplacesOneNotYetSentAndADeleteDropsACommentThatNeverLeft() throws {
        let outbox = try store()
        let first = try outbox.addToOutbox(.rate(post: post, liked: true), account: ann, postID: 3)
        let second = try outbox.addToOutbox(.rate(post: post, liked: false), account: ann, postID: 3)
        XCTAssertEqual(second.map(\.id), first.map(\.id), "the same entry, its state changed")
        let comment = try outbox.addToOutbox(.comment(post: post, localID: "L9", text: "oops", replyTo: nil), account: ann, postID: 3)
        let delete = try outbox.addToOutbox(.deleteComment(post: post, comment: .local("L9")), account: ann, postID: 3)
        XCTAssertEqual(delete.map(\.id), comment.map(\.id))
        XCTAssertEqual(delete.map(\.state), [.dropped])
        let all = try outbox.outboxEntries()
        XCTAssertEqual(all.map(\.action), [.rate(post: post, liked: false), .comment(post: post, localID: "L9", text: "oops", replyTo: nil)])
        XCTAssertEqual(all.map(\.state), [.queued, .dropped])
        var sent = all[0]
        sent.state = .sent(remoteID: nil)
        try outbox.saveOutboxEntry(sent)
        let third = try outbox.addToOutbox(.rate(post: post, liked: true), account: ann, postID: 3)
        XCTAssertNotEqual(third.map(\.id), first.map(\.id), "one sent is not changed: the new state goes after it")
        XCTAssertGreaterThan(try XCTUnwrap(third.first?.id), try XCTUnwrap(all.last?.id), "ids keep the order made")
    }

    func testAStateThatUndoesARefusedOneDropsItInTheTable() throws {
        let outbox = try store()
        let like = try XCTUnwrap(outbox.addToOutbox(.rate(post: post, liked: true), account: ann, postID: 3).first)
        var refused = like
        refused.state = .refused(reason: "Forbidden")
        try outbox.saveOutboxEntry(refused)
        let undone = try outbox.addToOutbox(.rate(post: post, liked: false), account: ann, postID: 3)
        XCTAssertEqual(undone.map(\.id), [like.id], "the refused entry itself, nothing added")
        XCTAssertEqual(try outbox.outboxEntries().map(\.state), [.dropped])
    }
}
