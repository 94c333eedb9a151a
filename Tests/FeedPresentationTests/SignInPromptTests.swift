import FeedCore
import FeedPresentation
import Foundation
import TestSupport
import XCTest

/// The offer to sign in when a network's post is liked or commented on with no account for it:
/// once per network, accepted into the Accounts form, dismissed for good this run.
final class SignInPromptTests: XCTestCase {
    private static let tube = RemotePostRef(network: .peertube, host: "127.0.0.3:8080",
                                            apiBase: URL(string: "http://127.0.0.3:8080")!, id: "uuid-1")
    private static let otherTube = RemotePostRef(network: .peertube, host: "127.0.0.4:8080",
                                                 apiBase: URL(string: "http://127.0.0.4:8080")!, id: "uuid-2")
    private static let loops = RemotePostRef(network: .loops, host: "127.0.0.5:8080",
                                             apiBase: URL(string: "http://127.0.0.5:8080")!, id: "7")

    private static func post(_ remote: RemotePostRef?, liked: Bool = true) -> Post {
        Post(id: 1, author: Author(handle: "ann", name: "Ann"), caption: "", music: "", videoURI: "x", liked: liked,
             created: Date(), remote: remote)
    }

    @MainActor
    private final class NoOutbox: OutboxAdding {
        var added = 0
        var entries: [OutboxEntry] { [] }
        func add(_ action: OutboxAction, account: AccountKey, postID: Int64?) throws { added += 1 }
    }

    func testALikeWithNoAccountOffersToSignInOncePerNetwork() {
        onMain {
            let prompt = SignInPrompt()
            var changes = 0
            prompt.onChange = { changes += 1 }
            let outbox = NoOutbox()
            let actions = AccountActions(.init(accounts: { [] }, outbox: outbox, say: { XCTFail("said \($0)") }, prompt: prompt))
            actions.postLiked(Self.post(nil))
            XCTAssertNil(prompt.offer, "a post of this computer's")
            actions.postLiked(Self.post(Self.tube, liked: false))
            XCTAssertNil(prompt.offer, "an unlike offers nothing")
            actions.postLiked(Self.post(Self.tube))
            XCTAssertEqual(prompt.offer, SignInPrompt.Offer(network: .peertube, host: "127.0.0.3:8080",
                                                            address: "http://127.0.0.3:8080",
                                                            text: "Sign in to 127.0.0.3:8080 to like it there"))
            prompt.dismiss()
            XCTAssertNil(prompt.offer)
            actions.postLiked(Self.post(Self.otherTube))
            XCTAssertNil(prompt.offer, "not again for PeerTube this run")
            XCTAssertEqual(outbox.added, 0, "the likes stay here")
            prompt.actedWithoutAccount(on: Self.loops, .comment)
            XCTAssertEqual(prompt.offer?.text, "Sign in to 127.0.0.5:8080 to comment there")
            XCTAssertEqual(changes, 3)
        }
    }

    func testACommentWithNoAccountOffersToSignInToCommentThere() {
        onMain {
            let prompt = SignInPrompt()
            let outbox = NoOutbox()
            let actions = AccountActions(.init(accounts: { [] }, outbox: outbox, say: { XCTFail("said \($0)") }, prompt: prompt))
            let comment = Comment(id: 3, postID: 1, author: Author(handle: "you", name: "You", isSelf: true), text: "hi",
                                  created: Date(timeIntervalSince1970: 5))
            actions.commentWritten(comment, on: Self.loops, replyTo: nil)
            XCTAssertEqual(prompt.offer?.text, "Sign in to 127.0.0.5:8080 to comment there")
            XCTAssertEqual(outbox.added, 0, "the comment stays here")
        }
    }

    func testSignInFillsTheAccountsFormOnce() {
        onMain {
            let prompt = SignInPrompt()
            prompt.actedWithoutAccount(on: Self.loops, .like)
            prompt.accept()
            XCTAssertNil(prompt.offer)
            XCTAssertEqual(prompt.takeFormSuggestion()?.address, "http://127.0.0.5:8080")
            XCTAssertEqual(prompt.takeFormSuggestion(), nil, "once")
        }
    }

    func testAnAccountThatActsOffersNothing() {
        onMain {
            let prompt = SignInPrompt()
            let ann = Account(network: .peertube, origin: URL(string: "http://127.0.0.2:8080")!, username: "ann", displayName: "Ann",
                              avatarURL: nil, clientID: "c", accessExpires: Date(timeIntervalSince1970: 4_000_000_000), refreshExpires: nil)
            let outbox = NoOutbox()
            let actions = AccountActions(.init(accounts: { [ann] }, outbox: outbox, say: { XCTFail("said \($0)") }, prompt: prompt))
            actions.postLiked(Self.post(Self.tube))
            XCTAssertNil(prompt.offer)
            XCTAssertEqual(outbox.added, 1)
        }
    }
}
