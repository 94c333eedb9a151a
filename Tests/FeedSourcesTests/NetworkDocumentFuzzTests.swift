import FeedCore
import FeedSources
import Foundation
import TestSupport
import XCTest

/// The feed fuzzer (FeedFuzzTests) over the networks' API documents: every kind the fakes serve
/// (PeerTube videos, details, search results, channels, accounts, threads, trees, captions,
/// config; Loops profiles, feeds, tag feeds, videos, comments, replies, tags), mutated with a
/// fixed seed the same way (hostile pieces into values, pieces repeated, bytes damaged), through
/// the decoder of their kind. None may crash or take long, and what is read must pass
/// NetworkDocumentChecks.
///
/// 200 documents in CI. The long run sets LOOPFEED_FUZZ_RUNS (and _SEED, _START) and writes
/// fuzz_network_documents.json into $RELIABILITY_RESULTS_DIR.
final class NetworkDocumentFuzzTests: XCTestCase {
    /// (fixture, decoder) pairs: the decoder names are NetworkFaultDocumentsTests.decode's.
    static let samples: [(path: String, target: String)] = [
        ("peertube/videos-trending.json", "pt-videos"), ("peertube/search-videos.json", "pt-videos"),
        ("peertube/index-search-videos.json", "index-videos"), ("peertube/video-portrait-web-hls.json", "pt-video"),
        ("peertube/video-split-audio.json", "pt-video"), ("peertube/remote-video.json", "pt-video"),
        ("peertube/threads.json", "pt-threads"), ("peertube/thread-nested.json", "pt-thread"),
        ("peertube/captions.json", "pt-captions"), ("peertube/channel.json", "pt-channel"),
        ("peertube/search-channels.json", "pt-channels"), ("peertube/account.json", "pt-account"),
        ("peertube/config.json", "config"), ("loops/config.json", "config"), ("peertube/search-400.json", "problem"),
        ("loops/feed-page1.json", "loops-feed"), ("loops/tag-feed.json", "loops-tag-feed"), ("loops/video.json", "loops-video"),
        ("loops/account.json", "loops-account"), ("loops/comments-tombstone.json", "loops-comments"),
        ("loops/replies-tombstone.json", "loops-replies"), ("loops/tags.json", "loops-tags"), ("loops/error-422.json", "problem"),
    ]

    /// Reading a 10 MB document takes about a second here; past this it is a hang.
    static let limitSeconds = 5.0

    static func decode(_ target: String, _ data: Data) -> NetworkFaultDocumentsTests.Outcome {
        switch target {
        case "pt-channels":
            do {
                let page = try PeerTubeDocuments.channels(data, from: NetworkFixtures.peertube, start: 0, count: 15)
                return .init(items: page.items.count, dropped: page.dropped,
                             problems: NetworkDocumentChecks.problems(in: page, NetworkDocumentChecks.problems(in:)))
            } catch {
                return .init(items: 0, dropped: 0, problems: [], error: error)
            }
        case "config":
            do {
                let info = try NetworkDocuments.serverInfo(data)
                var problems: [String] = []
                if let info {
                    NetworkDocumentChecks.line(info.name, TextLimits.caption, "server name", &problems)
                    NetworkDocumentChecks.lines(info.description, TextLimits.caption, "server description", &problems)
                }
                return .init(items: info == nil ? 0 : 1, dropped: 0, problems: problems)
            } catch {
                return .init(items: 0, dropped: 0, problems: [], error: error)
            }
        case "problem":
            let problem = NetworkDocuments.problem(data)
            var problems: [String] = []
            if let problem {
                NetworkDocumentChecks.line(problem.message, TextLimits.caption, "problem", &problems)
                problem.invalidParameters.forEach { NetworkDocumentChecks.line($0, TextLimits.name, "parameter", &problems) }
            }
            return .init(items: problem == nil ? 0 : 1, dropped: 0, problems: problems)
        default:
            return NetworkFaultDocumentsTests.decode(target, data)
        }
    }

    func testMutatedAPIDocumentsAreReadSafely() throws {
        let settings = FuzzSettings.fromEnvironment(defaultRuns: 200)
        let texts = try Self.samples.map { String(decoding: try NetworkFixtures.data($0.path), as: UTF8.self) }
        let log = FuzzLog(name: "fuzz_network_documents", settings: settings)
        for index in log.indexes {
            var rng = SeededRandom(seed: log.seed(of: index))
            let pick = Int.random(in: 0..<Self.samples.count, using: &rng)
            let sample = Self.samples[pick]
            var (input, mutation) = FeedFuzzTests.mutate(texts[pick], json: true, rng: &rng)
            if Int.random(in: 0..<4, using: &rng) == 0 {
                let (again, second) = FeedFuzzTests.mutate(String(decoding: input, as: UTF8.self), json: true, rng: &rng)
                input = again
                mutation += "+" + second
            }
            let label = "\(sample.path):\(mutation)"
            log.willTry(input, index: index, mutation: label)
            let started = Date()
            let outcome = Self.decode(sample.target, Data(input))
            let seconds = Date().timeIntervalSince(started)
            if !outcome.problems.isEmpty {
                log.fail(index: index, mutation: label, reason: outcome.problems.joined(separator: "; "), input: input)
            }
            if seconds > Self.limitSeconds {
                log.fail(index: index, mutation: label, reason: "took \(String(format: "%.1f", seconds)) s", input: input)
            }
            let result = outcome.error.map { error -> String in
                switch error {
                case .tooLarge: "too large"
                case .notJSON: "not JSON"
                case .unexpected: "refused"
                }
            } ?? (outcome.dropped > 0 ? "read, items dropped" : "read")
            log.record(index: index, mutation: label, outcome: "\(sample.target): \(result)", seconds: seconds)
        }
        log.finish()
        XCTAssertEqual(log.failures.count, 0, log.failures.map { "run \($0.index) (\($0.mutation), seed \(settings.seed)): \($0.reason)" }
            .joined(separator: "\n"))
    }

    /// The fuzzer starts from documents that read whole: a mutation, not the sample, is what
    /// any failure comes from.
    func testTheSamplesReadWhole() throws {
        for sample in Self.samples {
            let outcome = Self.decode(sample.target, try NetworkFixtures.data(sample.path))
            XCTAssertNil(outcome.error, sample.path)
            XCTAssertEqual(outcome.problems, [], sample.path)
            XCTAssertEqual(outcome.dropped, 0, sample.path)
            XCTAssertGreaterThan(outcome.items, 0, sample.path)
        }
    }

    /// The check finds what it looks for: a decoded document that broke it would fail a run.
    func testTheChecksCatchWhatTheyLookFor() {
        let base = URL(string: "http://127.0.0.2:8080")!
        let actor = RemoteActor(kind: .peertubeChannel, name: "a/b", displayName: String(repeating: "n", count: TextLimits.name + 1),
                                host: "x y", avatarURL: URL(string: "file:///etc/passwd"))
        XCTAssertEqual(NetworkDocumentChecks.problems(in: actor).count, 4)
        let video = RemoteVideo(
            identity: RemoteVideoID(network: .peertube, host: "127.0.0.2:8080", apiBase: base, id: "../x", answeringServer: base),
            title: "two\nlines\u{202E}", author: RemoteActor(kind: .peertubeChannel, name: "ok", displayName: "", host: "127.0.0.2:8080"),
            duration: 1e300, counts: RemoteCounts(likes: -1),
            sources: RemoteVideoSources(webVideos: [RemoteVideoFile(url: URL(string: "javascript:alert(1)")!)]))
        XCTAssertEqual(NetworkDocumentChecks.problems(in: video).count, 5)
        let comment = RemoteComment(id: "1", threadID: "1", author: nil, text: "\u{0007}", isDeleted: true)
        XCTAssertEqual(NetworkDocumentChecks.problems(in: comment).count, 2)
    }

    /// A comment's HTML nested deep (a hostile server's) is read without running out of stack:
    /// libxml2 builds at most 256 levels (its limit without XML_PARSE_HUGE), so the text inside
    /// 200 levels is kept and the text under 20,000 is dropped.
    func testDeeplyNestedCommentHTMLIsReadSafely() throws {
        for (levels, text, links) in [(200, "deep link", ["https://example.org/x"]), (20_000, "", [])] {
            var thread = try NetworkFixtures.object("peertube/thread-nested.json")
            var comment = thread["comment"] as! [String: Any]
            comment["text"] = String(repeating: "<b>", count: levels) + "deep <a href=\"https://example.org/x\">link</a>"
                + String(repeating: "</b>", count: levels)
            thread["comment"] = comment
            let tree = try PeerTubeDocuments.commentTree(NetworkFixtures.json(thread), from: NetworkFixtures.peertube)
            XCTAssertEqual(NetworkDocumentChecks.problems(in: tree), [])
            XCTAssertEqual(tree.comment.text, text, "\(levels) levels")
            XCTAssertEqual(tree.comment.links.map(\.absoluteString), links, "\(levels) levels")
        }
    }
}
