import FeedCore
@testable import FeedPresentation
import Foundation
import XCTest

/// What the window says after Ctrl+L or a paste, and what it takes for an address.
final class SubscriptionMessagesTests: XCTestCase {
    func testTypedAndPastedAddresses() {
        XCTAssertEqual(SubscriptionMessages.address(from: " video.example/c/blender ")?.absoluteString, "https://video.example/c/blender")
        XCTAssertNil(SubscriptionMessages.address(from: "two words"))
        XCTAssertNil(SubscriptionMessages.pastedAddress(from: "hello"), "a word is not a host")
        XCTAssertNil(SubscriptionMessages.pastedAddress(from: "file:///etc/passwd"))
        XCTAssertEqual(SubscriptionMessages.pastedAddress(from: "https://loops.example/@dansup\n")?.absoluteString,
                       "https://loops.example/@dansup")
    }

    func testOutcomesInWords() {
        let subscription = Subscription(id: 1, url: "https://v.example/rss", title: "Blender")
        let post = Post(id: 2, author: Author(handle: "b@v", name: "B"), caption: "", music: "", videoURI: "https://v/2.mp4",
                        created: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(SubscriptionMessages.message(for: .subscribed(subscription, added: [post]), address: "x"), "Following Blender: 1 video")
        XCTAssertEqual(SubscriptionMessages.message(for: .subscribed(subscription, added: []), address: "x"), "Following Blender: no videos yet")
        XCTAssertEqual(SubscriptionMessages.message(for: .alreadySubscribed(subscription), address: "x"), "You already follow Blender.")
        XCTAssertEqual(SubscriptionMessages.message(for: .failed("the server answered 404"), address: "https://x/feed"),
                       "Couldn’t follow https://x/feed: the server answered 404")
    }
}
