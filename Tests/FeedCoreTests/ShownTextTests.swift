import FeedCore
import XCTest

final class ShownTextTests: XCTestCase {
    func testADirectionOverrideShowsAsAMarkInsteadOfReorderingTheName() {
        XCTAssertEqual(ShownText.visible("photo_\u{202E}gpj.exe"), "photo_[U+202E]gpj.exe")
        XCTAssertEqual(ShownText.visible("a\u{2066}b\u{2069}c\u{202A}d\u{202C}"), "a[U+2066]b[U+2069]c[U+202A]d[U+202C]")
    }

    func testOrdinaryTextRightToLeftScriptsAndDirectionMarksStayAsWritten() {
        for text in ["Hello, world", "שלום עולם", "مرحبا\u{200F}!", "line one\nline two\tend", "<b>not markup</b>",
                     "'); DROP TABLE posts; --", "👩🏽‍💻 ok"] {
            XCTAssertEqual(ShownText.visible(text), text)
        }
    }

    func testHiddenControlCharactersShowAsReplacementCharacters() {
        XCTAssertEqual(ShownText.visible("a\u{0}b\u{1B}[31mc\u{7F}d\u{85}"), "a\u{FFFD}b\u{FFFD}[31mc\u{FFFD}d\u{FFFD}")
    }

    func testAnIsolatedNameCannotReorderTheSentenceAroundIt() {
        XCTAssertEqual(ShownText.isolated("דנה"), "\u{2068}דנה\u{2069}")
        XCTAssertEqual(ShownText.isolated("x\u{202E}y"), "\u{2068}x[U+202E]y\u{2069}")
    }

    func testANameOnOneLineCannotFakeALineOfItsOwn() {
        XCTAssertEqual(ShownText.oneLine("clip.mp4\nloopfeed: all good"), "clip.mp4\\nloopfeed: all good")
        XCTAssertEqual(ShownText.oneLine("a\tb\rc\u{1B}[2Jd\u{2028}e"), "a\\tb\\rc\\u{1B}[2Jd\\u{2028}e")
        XCTAssertEqual(ShownText.oneLine("photo_\u{202E}gpj.exe"), "photo_[U+202E]gpj.exe")
        XCTAssertEqual(ShownText.oneLine("Vidéos/été 2026.mp4"), "Vidéos/été 2026.mp4")
    }
}
