import FeedCore
@testable import FeedSources
import Foundation
import TestSupport
import XCTest

/// The feed fuzzer (issue 13): valid RSS with Media RSS, Atom, JSON Feed, Loops API JSON, OPML
/// and HTML pages, mutated with a fixed seed (bytes flipped, cut, spliced; hostile pieces put in
/// at random: markup, entities, control and direction characters, SQL, links to this machine
/// and other schemes, long text), go through FeedDocument.read and its parsers. None may crash
/// or take long, and whatever comes out may only point at http(s), with titles and names plain,
/// one line and within the library's limits.
///
/// 200 documents in CI (a few seconds). The long run sets LOOPFEED_FUZZ_RUNS (and
/// LOOPFEED_FUZZ_SEED, LOOPFEED_FUZZ_START) and writes fuzz_feeds.json into
/// $RELIABILITY_RESULTS_DIR (tools/reliability.sh).
final class FeedFuzzTests: XCTestCase {
    /// Reading a 10 MB document takes about a second here; past this it is a hang.
    static let limitSeconds = 5.0

    /// One mutation of `text` (JSON when `json`, else XML or HTML): a hostile piece put in raw
    /// (most break the document, as a broken sender would), a quoted value or an element's text
    /// replaced by a hostile piece escaped as the format wants (the document stays well formed,
    /// so the piece reaches the parsers and FeedText), a piece repeated, or byte damage.
    static func mutate(_ text: String, json: Bool, rng: inout SeededRandom) -> ([UInt8], String) {
        var bytes = Array(text.utf8)
        let piece = FeedFuzzSamples.hostile.randomElement(using: &rng)!
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<2:
            bytes.insert(contentsOf: Array(piece.utf8), at: Int.random(in: 0...bytes.count, using: &rng))
            return (bytes, "insert_hostile")
        case 2..<7:
            // A quoted value (after `:` in JSON, `=` in XML) or (XML) an element's text.
            let quote = UInt8(ascii: "\""), open = UInt8(ascii: ">"), close = UInt8(ascii: "<")
            let opener = json ? UInt8(ascii: ":") : UInt8(ascii: "=")
            let starts = bytes.indices.filter { index in
                if !json && bytes[index] == open { return true }
                guard bytes[index] == quote else { return false }
                return bytes[..<index].last { $0 != UInt8(ascii: " ") } == opener
            }
            guard let start = starts.randomElement(using: &rng) else { return (bytes, "replace_value") }
            let ender: Set<UInt8> = bytes[start] == quote ? [quote] : [close]
            let end = bytes[(start + 1)...].firstIndex { ender.contains($0) } ?? bytes.count
            let escaped = json ? jsonEscaped(piece) : xmlEscaped(piece)
            bytes.replaceSubrange((start + 1)..<end, with: Array(escaped.utf8))
            return (bytes, "replace_value")
        case 7:
            // A piece of the document repeated (an element twice, an attribute twice).
            let from = Int.random(in: 0..<bytes.count, using: &rng)
            let repeated = bytes[from..<min(bytes.count, from + Int.random(in: 1...400, using: &rng))]
            bytes.insert(contentsOf: repeated, at: Int.random(in: 0...bytes.count, using: &rng))
            return (bytes, "duplicate_piece")
        default:
            let kind = ByteMutation.allCases.randomElement(using: &rng)!
            return (kind.apply(to: bytes, using: &rng), kind.rawValue)
        }
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The inside of a JSON string (control characters as \\u escapes, which JSON allows).
    static func jsonEscaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case _ where scalar.value < 0x20: String(format: "\\u%04x", scalar.value)
            default: String(scalar)
            }
        }.joined()
    }

    /// Why `document` must not be shown or followed, or nil when it may.
    static func problems(in document: FeedDocument) -> [String] {
        var found: [String] = []
        func link(_ url: URL?, _ what: String) {
            guard let url else { return }
            let scheme = url.scheme?.lowercased()
            if scheme != "http" && scheme != "https" || url.host?.isEmpty != false { found.append("\(what) \(url)") }
        }
        func line(_ text: String, limit: Int, _ what: String) {
            if text.count > limit { found.append("\(what) is \(text.count) characters") }
            if text.unicodeScalars.contains(where: Self.isHidden) || text.contains(where: \.isNewline) {
                found.append("\(what) has control, direction or line characters: \(text.debugDescription.prefix(80))")
            }
        }
        switch document {
        case .feed(let feed):
            line(feed.title, limit: TextLimits.caption, "the feed's title")
            link(feed.siteURL, "site")
            link(feed.imageURL, "image")
            link(feed.nextPage, "next page")
            for entry in feed.entries {
                line(entry.title, limit: TextLimits.caption, "a title")
                entry.author.map { line($0, limit: TextLimits.name, "an author") }
                if entry.summary.count > TextLimits.caption { found.append("a description is \(entry.summary.count) characters") }
                if entry.summary.unicodeScalars.contains(where: { Self.isHidden($0) && $0 != "\n" }) {
                    found.append("a description has control or direction characters")
                }
                link(entry.pageURL, "page")
                link(entry.thumbnailURL, "thumbnail")
                entry.renditions.forEach { link($0.url, "video") }
            }
        case .subscriptions(let outlines):
            for outline in outlines {
                link(outline.feedURL, "subscription")
                line(outline.title, limit: TextLimits.caption, "a subscription's title")
            }
        case .page(let feeds):
            feeds.forEach { link($0, "announced feed") }
        case .other:
            break
        }
        return found
    }

    /// Control characters (tabs too: a title is one line, tabs become spaces), and direction
    /// embeddings, overrides, isolates and marks.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    static func outcome(_ document: FeedDocument) -> String {
        switch document {
        case .feed(let feed): feed.entries.isEmpty ? "feed, no video" : "feed"
        case .subscriptions: "subscriptions"
        case .page: "page"
        case .other: "other"
        }
    }

    func testMutatedFeedsAreReadSafely() throws {
        let settings = FuzzSettings.fromEnvironment(defaultRuns: 200)
        let failures = onMain {
            let log = FuzzLog(name: "fuzz_feeds", settings: settings)
            for index in log.indexes {
                var rng = SeededRandom(seed: log.seed(of: index))
                let sample = FeedFuzzSamples.all.randomElement(using: &rng)!
                let json = sample.text.hasPrefix("{")
                var (input, mutation) = Self.mutate(sample.text, json: json, rng: &rng)
                // Now and then a second mutation on top of the first.
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    let (again, second) = Self.mutate(String(decoding: input, as: UTF8.self), json: json, rng: &rng)
                    input = again
                    mutation += "+" + second
                }
                let label = "\(sample.name):\(mutation)"
                log.willTry(input, index: index, mutation: label)
                let started = Date()
                let read = Result { () throws(FeedDocument.Failure) -> FeedDocument in
                    try FeedDocument.read(input, base: FeedFuzzSamples.base)
                }
                let seconds = Date().timeIntervalSince(started)
                let outcome: String
                switch read {
                case .success(let document):
                    outcome = Self.outcome(document)
                    let found = Self.problems(in: document)
                    if !found.isEmpty { log.fail(index: index, mutation: label, reason: found.joined(separator: "; "), input: input) }
                case .failure(let failure):
                    outcome = "refused"
                    if failure.description.isEmpty { log.fail(index: index, mutation: label, reason: "refused without a reason", input: input) }
                }
                if seconds > Self.limitSeconds {
                    log.fail(index: index, mutation: label, reason: "took \(String(format: "%.1f", seconds)) s", input: input)
                }
                log.record(index: index, mutation: label, outcome: "\(sample.name): \(outcome)", seconds: seconds)
            }
            log.finish()
            return log.failures
        }
        XCTAssertEqual(failures.count, 0, failures.map { "run \($0.index) (\($0.mutation), seed \(settings.seed)): \($0.reason)" }
            .joined(separator: "\n"))
    }

    /// The fuzzer's check finds what it looks for: a run that met any of these would fail.
    func testTheCheckCatchesWhatItLooksFor() {
        let entry = FeedEntry(id: "1", title: "ok\u{202E}", author: String(repeating: "n", count: TextLimits.name + 1),
                              pageURL: URL(string: "file:///etc/passwd"),
                              renditions: [VideoRendition(url: URL(string: "javascript:alert(1)")!)])
        let found = Self.problems(in: .feed(ParsedFeed(title: "two\nlines", entries: [entry])))
        XCTAssertEqual(found.count, 5, "\(found)")
        XCTAssertEqual(Self.problems(in: .page(feeds: [URL(string: "ftp://x.example/f")!])).count, 1)
        XCTAssertEqual(Self.problems(in: .feed(ParsedFeed(title: "Fine", entries: [FeedEntry(id: "2", title: "Fine")]))), [])
    }

    /// The samples themselves are read as what they are (so the fuzzer starts from documents
    /// that reach the parsers, not from ones refused at the door).
    func testTheSamplesAreReadAsTheirKinds() throws {
        let kinds = try FeedFuzzSamples.all.map { try Self.outcome(FeedDocument.read(Array($0.text.utf8), base: FeedFuzzSamples.base)) }
        XCTAssertEqual(kinds, ["feed", "feed", "feed", "feed", "subscriptions", "page"])
    }
}
