import FeedCore
import Foundation
import TestSupport
import XCTest

/// WebVTT as PeerTube serves captions (Fixtures: captured from Tests/servers), and as a broken
/// or hostile server might.
final class WebVTTTests: XCTestCase {
    private func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    func testTheServedCaptionsReadAsCues() throws {
        let english = try XCTUnwrap(WebVTT.parse(fixture("captions-en.vtt")))
        XCTAssertEqual(english.cues, [CaptionCue(start: 0, end: 1, text: "Hello from the loop"),
                                      CaptionCue(start: 1, end: 2, text: "The cat looks outside"),
                                      CaptionCue(start: 2, end: 3, text: "Here it comes again"),
                                      CaptionCue(start: 3, end: 4, text: "And once more")])
        XCTAssertEqual(try XCTUnwrap(WebVTT.parse(fixture("captions-fr.vtt"))).cues.first?.text, "Bonjour de la boucle")
        let long = try XCTUnwrap(WebVTT.parse(fixture("captions-long-en.vtt")))
        XCTAssertEqual(long.cues.count, 38)
        XCTAssertEqual(long.cues.last?.end, 190)
    }

    /// A looping video's position: each pass shows the same cues again; the end of a cue is not
    /// part of it; before the first and in gaps nothing shows.
    func testTheCueAtALoopingPosition() throws {
        let cues = try XCTUnwrap(WebVTT.parse(fixture("captions-en.vtt")))
        XCTAssertEqual(cues.text(at: 0), "Hello from the loop")
        XCTAssertEqual(cues.text(at: 0.999), "Hello from the loop")
        XCTAssertEqual(cues.text(at: 1), "The cat looks outside")
        XCTAssertNil(cues.text(at: 4), "past the last cue")
        XCTAssertEqual(cues.text(at: 5.5, loopDuration: 4), "The cat looks outside", "the second pass")
        XCTAssertEqual(cues.text(at: 4_000_003.2, loopDuration: 4), "And once more")
        XCTAssertNil(cues.text(at: -1))
        XCTAssertNil(cues.text(at: .nan))
        XCTAssertEqual(cues.text(at: 2.5, loopDuration: 0), "Here it comes again", "no loop length: the position as it is")

        let overlapping = try XCTUnwrap(WebVTT.parse("""
            WEBVTT

            00:00.000 --> 00:10.000
            Long

            00:02.000 --> 00:03.000
            Short
            """))
        XCTAssertEqual(overlapping.text(at: 2.5), "Long\nShort")
        XCTAssertEqual(overlapping.text(at: 5), "Long")
    }

    func testIdentifiersSettingsNotesStylesAndMarkup() throws {
        let cues = try XCTUnwrap(WebVTT.parse("""
            \u{FEFF}WEBVTT - with a title
            Kind: captions

            STYLE
            ::cue { color: red }

            NOTE a note
            spanning lines

            intro
            00:00:01.500 --> 00:00:02.000 align:start position:10% line:0
            <v Roger Bingham>We are in <i>New York</i> &amp; <c.loud>&lt;live&gt;</c></v>
            <00:00:01.750>second &#x263A; line

            00:02.000 --> 00:03.000
            &lrm;no&nbsp;break&rlm;
            """))
        XCTAssertEqual(cues.cues, [CaptionCue(start: 1.5, end: 2, text: "We are in New York & <live>\nsecond ☺ line"),
                                   CaptionCue(start: 2, end: 3, text: "no\u{00A0}break")])
    }

    func testCRLFAndCRLineEndingsAndCuesWithoutBlankLines() throws {
        let crlf = "WEBVTT\r\n\r\n00:00.000 --> 00:01.000\r\nOne\r\n\r\n00:01.000 --> 00:02.000\r\nTwo\r\n"
        XCTAssertEqual(WebVTT.parse(crlf)?.cues.map(\.text), ["One", "Two"])
        let cr = "WEBVTT\r\r00:00.000 --> 00:01.000\rOne\r00:01.000 --> 00:02.000\rTwo"
        XCTAssertEqual(WebVTT.parse(cr)?.cues.map(\.text), ["One", "Two"], "an arrow line starts the next cue")
    }

    func testNotWebVTTAndBrokenCuesAreSkippedNeverGuessed() {
        XCTAssertNil(WebVTT.parse(""))
        XCTAssertNil(WebVTT.parse("1\n00:00:00,000 --> 00:00:01,000\nSRT, not WebVTT"))
        XCTAssertNil(WebVTT.parse("WEBVTTX\n\n00:00.000 --> 00:01.000\nx"))
        let broken = WebVTT.parse("""
            WEBVTT

            00:00.000 --> 00:00.000
            empty span

            00:02.000 --> 00:01.000
            backwards

            00:61.000 --> 00:62.000
            seconds past 59

            1:00.000 --> 1:01.000
            one-digit minutes

            99999999999:00:00.000 --> 99999999999:00:01.000
            too many hours

            00:00.5 --> 00:01.000
            short fraction

            garbage --> more garbage
            no times

            00:04.000 --> 00:05.000

            00:05.000 --> 00:06.000
            the only good one
            """)
        XCTAssertEqual(broken?.cues, [CaptionCue(start: 5, end: 6, text: "the only good one")])
    }

    func testHostileTextIsPlainOneCueWithinLimits() throws {
        let hostile = "\u{202E}gnp.exe\u{202C} \u{2066}isolate\u{2069} \u{0000}\u{0007}\u{001B}[31mred\t<script>alert(1)</script>"
        let cues = try XCTUnwrap(WebVTT.parse("WEBVTT\n\n00:00.000 --> 00:01.000\n\(hostile)\n\(String(repeating: "x", count: 100_000))"))
        let text = try XCTUnwrap(cues.cues.first?.text)
        XCTAssertTrue(text.hasPrefix("gnp.exe isolate [31mred alert(1)\n"), text.prefix(60).debugDescription)
        XCTAssertEqual(text.count, TextLimits.caption)
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x202A...0x2069).contains($0.value) })
    }

    /// Mutated captions (bytes flipped, cut, spliced) never crash or stall the parser, and what
    /// comes out is always well formed.
    func testMutatedCaptionsAreReadSafely() throws {
        let samples = try ["captions-en.vtt", "captions-fr.vtt", "captions-long-en.vtt"].map(fixture)
        var rng = SeededRandom(seed: 13)
        for run in 0..<300 {
            var bytes = Array(samples.randomElement(using: &rng)!.utf8)
            for _ in 0...Int.random(in: 0...2, using: &rng) {
                bytes = ByteMutation.allCases.randomElement(using: &rng)!.apply(to: bytes, using: &rng)
            }
            let started = Date()
            let cues = WebVTT.parse(String(decoding: bytes, as: UTF8.self))
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, "run \(run)")
            for cue in cues?.cues ?? [] {
                XCTAssertTrue(cue.start.isFinite && cue.end > cue.start && !cue.text.isEmpty, "run \(run): \(cue)")
                XCTAssertLessThanOrEqual(cue.text.count, TextLimits.caption)
            }
            _ = cues?.text(at: Double(run) / 7, loopDuration: 4)
        }
    }
}
