import FeedCore
import Foundation
import XCTest

/// A comment's text and links as shown: links where their address is written, the others on
/// lines of their own, nothing interpreted.
final class TextWithLinksTests: XCTestCase {
    private let cats = URL(string: "https://example.org/cats/1")!
    private let dogs = URL(string: "https://example.org/dogs")!

    func testAnAddressWrittenInTheTextIsItsLink() {
        XCTAssertEqual(TextWithLinks.runs("Look at this https://example.org/cats/1 now", links: [cats]),
                       [.text("Look at this "), .link("https://example.org/cats/1", cats), .text(" now")])
        XCTAssertEqual(TextWithLinks.runs("https://example.org/cats/1 and https://example.org/cats/1", links: [cats]),
                       [.link("https://example.org/cats/1", cats), .text(" and "), .link("https://example.org/cats/1", cats)])
    }

    func testALinkWithOtherWordsFollowsAsItsAddress() {
        XCTAssertEqual(TextWithLinks.runs("my dog", links: [dogs]),
                       [.text("my dog"), .text("\n"), .link("https://example.org/dogs", dogs)])
        XCTAssertEqual(TextWithLinks.runs("", links: [dogs]), [.link("https://example.org/dogs", dogs)])
    }

    func testMarkupIsTextAndNothingElseBecomesALink() {
        XCTAssertEqual(TextWithLinks.runs("<a href=\"file:///etc/passwd\">x</a> javascript:alert(1)", links: []),
                       [.text("<a href=\"file:///etc/passwd\">x</a> javascript:alert(1)")])
    }

    func testAnAddressThatStartsAnotherNeverCutsItShort() {
        let short = URL(string: "https://example.org/cats")!
        XCTAssertEqual(TextWithLinks.runs("see https://example.org/cats/1", links: [short, cats]),
                       [.text("see "), .link("https://example.org/cats/1", cats), .text("\n"), .link("https://example.org/cats", short)])
    }
}
