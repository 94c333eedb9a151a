import FeedCore
import XCTest

/// The caption as PeerTube's title, description and tags, within PeerTube's limits.
final class UploadMetadataTests: XCTestCase {
    private func metadata(_ caption: String, allowsComments: Bool = true) -> UploadMetadata {
        .from(caption: caption, fallbackTitle: "Video of 4 December", privacy: .public, allowsComments: allowsComments,
              channelID: 1, filename: "clip.mp4")
    }

    func testTheFirstLineIsTheTitleAndTheRestTheDescription() {
        let made = metadata("  Morning swim \nCold water!\n\nSee you #sea")
        XCTAssertEqual(made.title, "Morning swim")
        XCTAssertEqual(made.description, "Cold water!\n\nSee you #sea")
        XCTAssertEqual(made.tags, ["sea"])
    }

    func testAShortOrEmptyFirstLineGivesWayToTheFallbackTitle() {
        XCTAssertEqual(metadata("").title, "Video of 4 December")
        XCTAssertEqual(metadata("ok").title, "Video of 4 December")
        XCTAssertNil(metadata("ok").description)
    }

    func testALongFirstLineIsCutAndKeptWholeInTheDescription() {
        let line = String(repeating: "a", count: 150)
        let made = metadata(line)
        XCTAssertEqual(made.title.count, 120)
        XCTAssertEqual(made.description, line)
    }

    func testAtMostFiveTagsOfTwoToThirtyCharacters() {
        let made = metadata("Tags #a #bb #\(String(repeating: "c", count: 31)) #dd #BB #ee #ff #gg #hh")
        XCTAssertEqual(made.tags, ["bb", "dd", "ee", "ff", "gg"])
    }

    func testTheBodyCarriesTheCommentsPolicyBothWays() throws {
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(metadata("Hello there", allowsComments: false).jsonBody))
                                 as? [String: Any])
        XCTAssertEqual(body["commentsPolicy"] as? Int, 2)
        XCTAssertEqual(body["commentsEnabled"] as? Bool, false)
        XCTAssertEqual(body["name"] as? String, "Hello there")
        XCTAssertNil(body["description"])
    }
}
