import FeedCore
import XCTest

final class AuthorTests: XCTestCase {
    /// Issue 21 #10: over a video, someone on another server reads by their name there; the
    /// whole address stays for the tooltip, the profile and screen readers.
    func testAnAuthorOnAnotherServerIsShownByTheirNameThere() {
        let channel = Author(handle: "test.channel@127.0.0.1", name: "Test Channel")
        XCTAssertEqual(channel.shownHandle, "@test.channel")
        XCTAssertEqual(channel.atHandle, "@test.channel@127.0.0.1")
        XCTAssertEqual(Author(handle: "zoe.t", name: "Zoe").shownHandle, "@zoe.t")
    }
}
