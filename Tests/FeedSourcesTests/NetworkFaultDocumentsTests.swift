import FeedCore
import FeedSources
import Foundation
import XCTest

/// Every document fault the fakes can make (Tests/servers/faults.py: wrong_types, huge_numbers,
/// hostile_text, bad_urls, garbage, deep_nesting, huge_json), captured from them in
/// Fixtures/networks/faults, through the decoder of the document it spoils.
final class NetworkFaultDocumentsTests: XCTestCase {
    /// What a decoder made of a document: its summary and what breaks NetworkDocumentChecks.
    struct Outcome: CustomStringConvertible {
        var items: Int
        var dropped: Int
        var problems: [String]
        var error: RemoteDocumentError?
        var description: String { error.map { "error \($0)" } ?? "\(items) read, \(dropped) dropped, problems \(problems)" }
    }

    static func decode(_ target: String, _ data: Data) -> Outcome {
        func one<T>(_ read: () throws(RemoteDocumentError) -> T, _ check: (T) -> [String]) -> Outcome {
            do {
                let value = try read()
                return Outcome(items: 1, dropped: 0, problems: check(value))
            } catch {
                return Outcome(items: 0, dropped: 0, problems: [], error: error)
            }
        }
        func page<T>(_ read: () throws(RemoteDocumentError) -> RemotePage<T>, _ check: (T) -> [String]) -> Outcome {
            do {
                let page = try read()
                return Outcome(items: page.items.count, dropped: page.dropped, problems: NetworkDocumentChecks.problems(in: page, check))
            } catch {
                return Outcome(items: 0, dropped: 0, problems: [], error: error)
            }
        }
        let pt = NetworkFixtures.peertube, lo = NetworkFixtures.loops
        switch target {
        case "pt-videos": return page({ () throws(RemoteDocumentError) in try PeerTubeDocuments.videos(data, from: pt, start: 0, count: 4) }, NetworkDocumentChecks.problems(in:))
        case "index-videos": return page({ () throws(RemoteDocumentError) in try PeerTubeDocuments.videos(data, from: NetworkFixtures.index, start: 0, count: 4) }, NetworkDocumentChecks.problems(in:))
        case "pt-video": return one({ () throws(RemoteDocumentError) in try PeerTubeDocuments.video(data, from: pt) }, NetworkDocumentChecks.problems(in:))
        case "pt-threads": return page({ () throws(RemoteDocumentError) in try PeerTubeDocuments.commentThreads(data, from: pt, start: 0, count: 5) }, NetworkDocumentChecks.problems(in:))
        case "pt-thread": return one({ () throws(RemoteDocumentError) in try PeerTubeDocuments.commentTree(data, from: pt) }, NetworkDocumentChecks.problems(in:))
        case "pt-channel": return one({ () throws(RemoteDocumentError) in try PeerTubeDocuments.channel(data, from: pt) }, NetworkDocumentChecks.problems(in:))
        case "pt-account": return one({ () throws(RemoteDocumentError) in try PeerTubeDocuments.account(data, from: pt) }, NetworkDocumentChecks.problems(in:))
        case "pt-captions":
            return one({ () throws(RemoteDocumentError) in try PeerTubeDocuments.captions(data, from: pt) }) { $0.flatMap(NetworkDocumentChecks.problems(in:)) }
        case "loops-feed", "loops-tag-feed": return page({ () throws(RemoteDocumentError) in try LoopsDocuments.videos(data, from: lo) }, NetworkDocumentChecks.problems(in:))
        case "loops-video": return one({ () throws(RemoteDocumentError) in try LoopsDocuments.video(data, from: lo) }, NetworkDocumentChecks.problems(in:))
        case "loops-account": return one({ () throws(RemoteDocumentError) in try LoopsDocuments.account(data, from: lo) }, NetworkDocumentChecks.problems(in:))
        case "loops-comments": return page({ () throws(RemoteDocumentError) in try LoopsDocuments.comments(data, from: lo) }, NetworkDocumentChecks.problems(in:))
        case "loops-replies": return page({ () throws(RemoteDocumentError) in try LoopsDocuments.replies(data, from: lo, parent: "1") }, NetworkDocumentChecks.problems(in:))
        case "loops-tags":
            return one({ () throws(RemoteDocumentError) in try LoopsDocuments.tags(data) }) { tags in
                tags.filter { !RemoteTag.isValidName($0.name) }.map { "tag \($0.name.prefix(40))" }
            }
        default:
            return Outcome(items: 0, dropped: 0, problems: ["no decoder for \(target)"])
        }
    }

    static let targets = ["pt-videos", "index-videos", "pt-video", "pt-threads", "pt-thread", "pt-channel", "pt-account", "pt-captions",
                          "loops-feed", "loops-tag-feed", "loops-video", "loops-account", "loops-comments", "loops-replies", "loops-tags"]

    private func outcomes(_ fault: String) throws -> [String: Outcome] {
        var found: [String: Outcome] = [:]
        for target in Self.targets {
            let path = "faults/\(target)-\(fault).json"
            guard FileManager.default.fileExists(atPath: NetworkFixtures.folder.appendingPathComponent(path).path) else { continue }
            found[target] = Self.decode(target, try NetworkFixtures.data(path))
        }
        return found
    }

    /// Nothing decoded from any fault breaks the checks; a document either reads (its bad items
    /// left out) or is refused as what it is.
    func testNoFaultedDocumentBreaksTheChecks() throws {
        var seen = 0
        for fault in ["wrong-types", "huge-numbers", "hostile-text", "bad-urls"] {
            for (target, outcome) in try outcomes(fault) {
                seen += 1
                XCTAssertEqual(outcome.problems, [], "\(fault) \(target)")
                if let error = outcome.error, case .unexpected = error {} else if let error = outcome.error {
                    XCTFail("\(fault) \(target): \(error)")
                }
            }
        }
        XCTAssertEqual(seen, 53, "every captured fault was read")
    }

    /// wrong_types spoils three values in four: each list item has a required field spoilt and
    /// is left out, the page itself still reads; a lone document of that kind is refused.
    func testWrongTypesDropTheItemsNotThePage() throws {
        let found = try outcomes("wrong-types")
        for target in ["pt-videos", "pt-threads", "loops-feed", "loops-comments", "loops-tag-feed"] {
            let outcome = try XCTUnwrap(found[target])
            XCTAssertNil(outcome.error, target)
            XCTAssertGreaterThan(outcome.items + outcome.dropped, 0, target)
        }
        XCTAssertEqual(found["pt-video"]?.error, .unexpected("a video without a readable uuid, name, sensitivity or channel"))

        // One item of a real page with a wrong type where it matters: only that item goes.
        var list = try NetworkFixtures.object("peertube/videos-trending.json")
        var items = list["data"] as! [[String: Any]]
        items[1]["uuid"] = 12345
        items[2]["nsfw"] = 0  // a number where a boolean belongs
        items[3]["likes"] = "many"
        items[3]["aspectRatio"] = ["value": 0.5625]
        list["data"] = items
        let page = try PeerTubeDocuments.videos(NetworkFixtures.json(list), from: NetworkFixtures.peertube, start: 0, count: 5)
        XCTAssertEqual(page.items.map(\.title), ["Kitchen loop 4", "Kitchen loop 28", "Mountain trail 24"])
        XCTAssertEqual(page.dropped, 2)
        XCTAssertEqual(page.next, .offset(start: 5, count: 5), "the page goes on from what was listed")
        XCTAssertNil(page.items[1].counts.likes, "a wrong type in a count is no count")
        XCTAssertNil(page.items[1].aspectRatio)
        XCTAssertEqual(page.items[1].counts.views, (items[3]["views"] as? Int))
    }

    func testHugeNumbersAreNoNumbers() throws {
        let video = try PeerTubeDocuments.video(NetworkFixtures.data("faults/pt-video-huge-numbers.json"), from: NetworkFixtures.peertube)
        XCTAssertEqual(video.counts, RemoteCounts())
        XCTAssertNil(video.duration)
        XCTAssertNil(video.aspectRatio)
        XCTAssertNil(video.identity.answeringID)
        let renditions = try XCTUnwrap(video.sources.hls?.renditions)
        XCTAssertEqual(renditions.count, 3, "the files are still there")
        XCTAssertTrue(renditions.allSatisfy { $0.width == nil && $0.height == nil && $0.byteSize == nil && $0.resolution == nil })
        // A comment's id that is past 2^53 cannot be sent back: the comment is left out.
        XCTAssertEqual(try outcomes("huge-numbers")["pt-threads"]?.dropped, 5)
        let loops = try LoopsDocuments.videos(NetworkFixtures.data("faults/loops-feed-huge-numbers.json"), from: NetworkFixtures.loops)
        XCTAssertEqual(loops.items.count, 13, "Loops' ids are strings, untouched")
        XCTAssertTrue(loops.items.allSatisfy { $0.counts == RemoteCounts() && $0.width == nil && $0.duration == nil })
    }

    /// hostile_text makes every name 100,000 characters and every other text markup, direction
    /// overrides and control characters: names can no longer be put into an address, so what
    /// carries them is left out; text that is only shown is made plain and cut.
    func testHostileTextIsLeftOutOrMadePlain() throws {
        let found = try outcomes("hostile-text")
        XCTAssertEqual(found["pt-channel"]?.error, .unexpected("a channel without a readable name or host"))
        XCTAssertEqual(found["loops-replies"]?.dropped, 3)
        XCTAssertEqual(try LoopsDocuments.tags(NetworkFixtures.data("faults/loops-tags-hostile-text.json")), [])
        XCTAssertEqual(try PeerTubeDocuments.captions(NetworkFixtures.data("faults/pt-captions-hostile-text.json"),
                                                      from: NetworkFixtures.peertube), [], "their language codes are text now")

        // The same text in the fields that are only shown, on a video that is otherwise sound.
        let account = try NetworkFixtures.object("faults/pt-account-hostile-text.json")
        let longName = account["displayName"] as! String, text = account["description"] as! String
        var document = try NetworkFixtures.object("peertube/video-portrait-web-hls.json")
        document["name"] = longName
        document["description"] = text
        var channel = document["channel"] as! [String: Any]
        channel["displayName"] = text
        document["channel"] = channel
        let video = try PeerTubeDocuments.video(NetworkFixtures.json(document), from: NetworkFixtures.peertube)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: video), [])
        XCTAssertEqual(video.title.count, TextLimits.caption)
        XCTAssertTrue(video.title.hasPrefix("gnp.exe isolate \u{200B}\u{FEFF}NNN"), video.title.prefix(40).debugDescription)
        XCTAssertTrue(video.description.hasPrefix("<script>alert(\"x\")</script><img src=x onerror=alert(1)><b>bold</b>&amp;&lt;"),
                      "markup stays the text it is")
        XCTAssertEqual(video.author.displayName.count, TextLimits.name)
        XCTAssertEqual(video.author.name, "alice_loops")
    }

    func testBadAddressesAreDroppedAndPathsStayOnTheServer() throws {
        let video = try PeerTubeDocuments.video(NetworkFixtures.data("faults/pt-video-bad-urls.json"), from: NetworkFixtures.peertube)
        XCTAssertTrue(video.sources.isEmpty, "no file:, javascript:, data: or relative address is played")
        XCTAssertNil(video.identity.pageURL)
        XCTAssertEqual(video.identity.apiBase.absoluteString, "http://127.0.0.2:8080", "without its url, the instance that listed it")
        XCTAssertEqual(video.thumbnailURL?.absoluteString, "http://127.0.0.2:8080/lazy-static/thumbnails/\(video.identity.id).jpg",
                       "thumbnailPath is a path by contract")
        XCTAssertEqual(try outcomes("bad-urls")["index-videos"]?.dropped, 4, "the index's videos need their origin's url")
        let loops = try LoopsDocuments.video(NetworkFixtures.data("faults/loops-video-bad-urls.json"), from: NetworkFixtures.loops)
        XCTAssertTrue(loops.sources.isEmpty)
        XCTAssertFalse(loops.needsDetails, "its src_url was there, and is no address: nothing to play, not a summary")
        XCTAssertNil(loops.author.avatarURL)
        for (href, kept) in [("//evil.invalid/x", false), ("/lazy-static/x.jpg", true), ("file:///etc/passwd", false),
                             ("/\\evil.invalid/x", false), ("javascript:alert(1)", false)] {
            var document = try NetworkFixtures.object("peertube/video-portrait-web-hls.json")
            document["thumbnailPath"] = href
            let read = try PeerTubeDocuments.video(NetworkFixtures.json(document), from: NetworkFixtures.peertube)
            XCTAssertEqual(read.thumbnailURL != nil, kept, href)
            if kept { XCTAssertEqual(read.thumbnailURL?.host, "127.0.0.2") }
        }
    }

    func testGarbageDeepNestingAndHugeDocumentsAreRefused() throws {
        for path in ["faults/pt-videos-garbage.json", "faults/loops-feed-garbage.json", "faults/pt-videos-deep-nesting.json"] {
            let data = try NetworkFixtures.data(path)
            XCTAssertThrowsError(try PeerTubeDocuments.videos(data, from: NetworkFixtures.peertube, start: 0, count: 4), path) {
                XCTAssertEqual($0 as? RemoteDocumentError, .notJSON)
            }
            XCTAssertThrowsError(try LoopsDocuments.comments(data, from: NetworkFixtures.loops), path)
        }
        // huge_json as faults.py makes it: the list repeated past 10 MB, the same shape.
        var list = try NetworkFixtures.object("peertube/videos-trending.json")
        let items = list["data"] as! [Any]
        let unit = try NetworkFixtures.json(items).count
        list["data"] = Array(repeating: items, count: RemoteDocumentError.maximumBytes / unit + 1).flatMap { $0 }
        let huge = try NetworkFixtures.json(list)
        XCTAssertGreaterThan(huge.count, RemoteDocumentError.maximumBytes)
        XCTAssertThrowsError(try PeerTubeDocuments.videos(huge, from: NetworkFixtures.peertube, start: 0, count: 4)) {
            XCTAssertEqual($0 as? RemoteDocumentError, .tooLarge(bytes: huge.count))
        }
        XCTAssertThrowsError(try NetworkDocuments.serverInfo(huge)) { XCTAssertEqual($0 as? RemoteDocumentError, .tooLarge(bytes: huge.count)) }
        XCTAssertNil(NetworkDocuments.problem(huge))
    }
}
