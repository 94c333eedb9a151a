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

    func testMentionsAreFoundWhereAHandleCanStart() {
        XCTAssertEqual(Hashtags.runs("hi @pixel.garden!"), [.text("hi "), .mention("pixel.garden"), .text("!")])
        XCTAssertEqual(Hashtags.mentions("thanks @Hana.Loops and @mo_makes. see @hana.loops"), ["hana.loops", "mo_makes"])
        XCTAssertEqual(Hashtags.mentions("mail me@example.com"), [], "an address is not a mention")
        XCTAssertEqual(Hashtags.mentions("@a is too short, @@twice"), [])
        XCTAssertEqual(Hashtags.runs("#tag @you"), [.hashtag("tag"), .text(" "), .mention("you")])
    }

    func testAMentionNeverHidesText() {
        for caption in ["@", "a@b", "@.", "x @__ y", "@日本", "end @done."] {
            let rebuilt = Hashtags.runs(caption).map { run -> String in
                switch run {
                case .text(let text): text
                case .hashtag(let tag): "#" + tag
                case .mention(let handle): "@" + handle
                }
            }.joined()
            XCTAssertEqual(rebuilt.lowercased(), caption.lowercased(), caption)
        }
    }

    /// Issue 21: the first caption link had no focus ring; the ring goes where the link shows,
    /// counted in the layout's UTF-8 bytes (a mention shows lowercased).
    func testLinksAreFoundWhereTheyShow() {
        let runs = Hashtags.runs("初雪 #snow with @Zoe")
        XCTAssertEqual(runs.map(\.shown).joined(), "初雪 #snow with @zoe")
        let links = CaptionRun.linkBytes(runs)
        XCTAssertEqual(links.map(\.run), [.hashtag("snow"), .mention("zoe")])
        XCTAssertEqual(links.map(\.bytes), [7..<12, 18..<22])
        XCTAssertTrue(CaptionRun.linkBytes(Hashtags.runs("no links here")).isEmpty)
    }
}
