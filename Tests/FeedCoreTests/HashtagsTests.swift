import FeedCore
import XCTest

final class HashtagsTests: XCTestCase {
    func testTagsAtStartAfterPunctuationAndAfterEmoji() {
        XCTAssertEqual(Hashtags.parse("#first word (#second), 🔥#third!"), ["first", "second", "third"])
    }

    func testTagEndsAtEmojiAndPunctuation() {
        XCTAssertEqual(Hashtags.runs("#fire🔥 ok"), [.hashtag("fire"), .text("🔥 ok")])
        XCTAssertEqual(Hashtags.parse("#math. #art,"), ["math", "art"])
    }

    func testNonLatinScripts() {
        XCTAssertEqual(Hashtags.parse("夜 #東京 #кот #café"), ["東京", "кот", "café"])
    }

    func testHashInsideWordsIsNotATag() {
        XCTAssertEqual(Hashtags.parse("I write C# and a#b"), [])
    }

    func testAllDigitTagIsANumber() {
        XCTAssertEqual(Hashtags.parse("#1 fan of #2024vibes"), ["2024vibes"])
    }

    func testDuplicatesIgnoreCaseAndKeepFirstSpelling() {
        XCTAssertEqual(Hashtags.parse("#Swift #swift #SWIFT #gtk"), ["Swift", "gtk"])
    }

    func testRunsSplitPlainTextAndTags() {
        XCTAssertEqual(Hashtags.runs("Deep zoom #fractal #math"),
                       [.text("Deep zoom "), .hashtag("fractal"), .text(" "), .hashtag("math")])
        XCTAssertEqual(Hashtags.runs("no tags"), [.text("no tags")])
        XCTAssertEqual(Hashtags.runs(""), [])
    }
}
