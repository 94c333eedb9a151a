@testable import FeedCore
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The client's rules (per-host and total limits, priorities, Retry-After, timeouts, body limits,
/// cancelling) over the scripted server, on the test's own clock: no libsoup, no waiting.
final class LimitedHTTPTransportTests: XCTestCase {
    @MainActor
    private final class Rig {
        let timers = ManualTimers()
        let server: FakeHTTPTransport
        let client: LimitedHTTPTransport
        private(set) var heard: [String: [HTTPEvent]] = [:]

        init(_ limits: HTTPLimits = HTTPLimits(), now: Date = Date(timeIntervalSince1970: 1_000_000)) {
            server = FakeHTTPTransport(timers: timers)
            client = LimitedHTTPTransport(over: server, limits: limits, timers: timers, now: { now })
        }

        /// Sends `request`, its events kept under `name`.
        @discardableResult
        func send(_ name: String, _ request: HTTPRequest, progress: (@MainActor (HTTPUploadProgress) -> Void)? = nil) -> any HTTPExchange {
            heard[name] = []
            return client.send(request, progress: progress) { [weak self] event in self?.heard[name]?.append(event) }
        }

        func events(_ name: String) -> [HTTPEvent] { heard[name] ?? [] }
        func ended(_ name: String) -> Bool {
            switch events(name).last { case .end?, .failed?: true; default: false }
        }
        /// The paths under way at the server now.
        var underWay: [String] { server.underWay.map(\.url.path) }
        func elapse(_ milliseconds: UInt32) { timers.elapse(milliseconds: milliseconds) }
    }

    private static func url(_ host: String, _ path: String) -> URL { URL(string: "https://\(host)\(path)")! }

    func testAHostGetsItsLimitAtOnceAndTheRestWaitInTheOrderSent() {
        onMain {
            let rig = Rig(HTTPLimits(perHost: 3))
            for n in 1...5 {
                let url = Self.url("a.example", "/\(n)")
                rig.server.route(.get, url) { _ in .reply(FakeHTTPReply(status: 200, body: [1], delayMilliseconds: 100)) }
                rig.send("a\(n)", .get(url))
            }
            rig.send("b1", .get(Self.url("b.example", "/1")))
            XCTAssertEqual(rig.underWay, ["/1", "/2", "/1"], "two to a.example (the third is kept), one to b.example")
            rig.elapse(100)
            XCTAssertTrue(rig.ended("a1") && rig.ended("a2"))
            XCTAssertEqual(rig.underWay, ["/3", "/4"], "the next two, in the order sent")
            rig.elapse(200)
            XCTAssertEqual((1...5).filter { rig.ended("a\($0)") }.count, 5)
            XCTAssertEqual(rig.server.requests.map(\.url.path), ["/1", "/2", "/1", "/3", "/4", "/5"])
        }
    }

    func testTheLastConnectionToAHostIsKeptForTheVideoOnScreen() {
        onMain {
            let rig = Rig(HTTPLimits(perHost: 3))
            for n in 1...4 {
                let url = Self.url("a.example", "/prefetch\(n)")
                rig.server.route(.get, url) { _ in .reply(FakeHTTPReply(status: 200, body: [1], delayMilliseconds: 100)) }
                rig.send("p\(n)", .get(url, priority: .background))
            }
            rig.send("feed", .get(Self.url("a.example", "/feed")))
            rig.send("screen", .get(Self.url("a.example", "/screen"), priority: .interactive))
            XCTAssertEqual(rig.underWay, ["/prefetch1", "/prefetch2", "/screen"], "sent at once, in the kept place")
            rig.send("next", .get(Self.url("a.example", "/next"), priority: .interactive))
            rig.elapse(0)
            rig.elapse(100)
            XCTAssertEqual(rig.server.requests.map(\.url.path),
                           ["/prefetch1", "/prefetch2", "/screen", "/next", "/feed", "/prefetch3", "/prefetch4"],
                           "the next video at once, then the feed before the prefetches")
        }
    }

    func testAWaitingPrefetchRaisedForTheScreenGoesAheadOfTheOthers() {
        onMain {
            let rig = Rig(HTTPLimits(perHost: 2))
            for name in ["playing", "still", "prefetch"] {
                let url = Self.url("a.example", "/\(name)")
                rig.server.route(.get, url) { _ in .reply(FakeHTTPReply(status: 200, body: [1], delayMilliseconds: 100)) }
            }
            rig.send("playing", .get(Self.url("a.example", "/playing"), priority: .interactive))
            rig.send("still", .get(Self.url("a.example", "/still")))
            let prefetch = rig.send("prefetch", .get(Self.url("a.example", "/prefetch"), priority: .background))
            rig.elapse(0)
            XCTAssertEqual(rig.underWay, ["/playing"], "the host's last connection is kept for the screen")
            prefetch.raise(to: .interactive)
            rig.elapse(0)
            XCTAssertEqual(rig.underWay, ["/playing", "/prefetch"], "the raised one takes it, ahead of the older still")
            prefetch.raise(to: .background)
            XCTAssertEqual(rig.server.requests.map(\.url.path), ["/playing", "/prefetch"], "raised once, sent once")
        }
    }

    func testTheTotalLimitHoldsAcrossHosts() {
        onMain {
            let rig = Rig(HTTPLimits(perHost: 6, total: 2))
            for host in ["a.example", "b.example", "c.example"] {
                let url = Self.url(host, "/x")
                rig.server.route(.get, url) { _ in .reply(FakeHTTPReply(status: 200, delayMilliseconds: 50)) }
                rig.send(host, .get(url))
            }
            XCTAssertEqual(rig.server.underWay.map { $0.url.host! }, ["a.example", "b.example"])
            rig.elapse(50)
            XCTAssertEqual(rig.server.underWay.map { $0.url.host! }, ["c.example"])
        }
    }

    func testA429PausesItsHostForRetryAfterAndTheRequestIsSentAgainUnseen() {
        onMain {
            let rig = Rig()
            let busy = Self.url("a.example", "/busy")
            rig.server.route(.get, busy, answers: [.reply(.retryAfter(2)), .reply(.ok("fine"))])
            rig.send("busy", .get(busy))
            rig.elapse(0)
            rig.send("same host", .get(Self.url("a.example", "/other")))
            rig.send("other host", .get(Self.url("b.example", "/other")))
            rig.elapse(0)
            XCTAssertEqual(rig.server.requests.map(\.url.host!), ["a.example", "b.example"], "a.example hears nothing")
            XCTAssertEqual(rig.events("busy"), [], "the 429 is the client's, not the caller's")
            rig.elapse(1_999)
            XCTAssertEqual(rig.server.requests.count, 2)
            rig.elapse(1)
            XCTAssertEqual(rig.server.requests.map(\.url.path), ["/busy", "/other", "/busy", "/other"], "the one that met it first")
            XCTAssertEqual(rig.events("busy").dropFirst(), [.chunk(Array("fine".utf8)), .end])
            guard case .head(let head)? = rig.events("busy").first else { return XCTFail("\(rig.events("busy"))") }
            XCTAssertEqual(head.status, 200)
            XCTAssertEqual(rig.server.cancelled.map(\.url.path), ["/busy"], "the 429's body was not read")
        }
    }

    func testAHostIsForgottenOnceNothingIsUnderWayAndItsPauseIsOver() {
        onMain {
            let rig = Rig()
            for n in 1...40 {
                let url = Self.url("host\(n).example", "/feed")
                rig.server.route(.get, url) { _ in .reply(FakeHTTPReply(status: 200, body: [1], delayMilliseconds: 10)) }
                rig.send("h\(n)", .get(url))
            }
            rig.elapse(0)
            XCTAssertGreaterThan(rig.client.originsKnown, 0)
            rig.elapse(1_000)
            XCTAssertEqual((1...40).filter { rig.ended("h\($0)") }.count, 40)
            XCTAssertEqual(rig.client.originsKnown, 0, "a federated feed's hosts are not kept for ever")
            let busy = Self.url("a.example", "/busy")
            rig.server.route(.get, busy, answers: [.reply(.retryAfter(2)), .reply(.ok("fine"))])
            rig.send("busy", .get(busy))
            rig.elapse(0)
            XCTAssertEqual(rig.client.originsKnown, 1, "kept while its pause runs")
            rig.elapse(2_000)
            XCTAssertTrue(rig.ended("busy"))
            XCTAssertEqual(rig.client.originsKnown, 0)
        }
    }

    func testARetryAfterDateAndA503AreObeyedAlike() {
        onMain {
            let now = Date(timeIntervalSince1970: 1_000_000)
            let rig = Rig(now: now)
            let url = Self.url("a.example", "/503")
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let date = formatter.string(from: now.addingTimeInterval(5))
            rig.server.route(.get, url, answers: [.reply(.status(503, headers: ["Retry-After": date])), .reply(.ok("up"))])
            rig.send("x", .get(url))
            rig.elapse(4_999)
            XCTAssertEqual(rig.server.requests.count, 1)
            rig.elapse(1)
            XCTAssertEqual(rig.server.requests.count, 2)
            XCTAssertEqual(rig.events("x").last, .end)
        }
    }

    func testARequestTheWindowWaitsOnIsToldOfAPauseAtOnceAndTheHostIsStillLeftAlone() {
        onMain {
            let rig = Rig()
            let list = Self.url("a.example", "/list")
            rig.server.route(.get, list, answers: [.reply(.retryAfter(4)), .reply(.ok("fine"))])
            rig.send("list", HTTPRequest(url: list, waitsOutPauses: false))
            rig.elapse(0)
            guard case .head(let head)? = rig.events("list").first else { return XCTFail("\(rig.events("list"))") }
            XCTAssertEqual(head.status, 429, "the 429 is the caller's at once")
            rig.send("again", HTTPRequest(url: list, waitsOutPauses: false))
            let dropped = rig.send("dropped", HTTPRequest(url: Self.url("a.example", "/x"), waitsOutPauses: false))
            rig.send("patient", .get(Self.url("a.example", "/feed")))
            dropped.cancel()
            rig.elapse(0)
            XCTAssertEqual(rig.events("again"), [.failed(.asksToWait(seconds: 4))], "not sent while the pause runs")
            XCTAssertEqual(rig.events("dropped"), [], "a cancelled request is never told")
            XCTAssertEqual(rig.server.requests.map(\.url.path), ["/list"], "a.example hears nothing more during the pause")
            rig.elapse(3_999)
            XCTAssertEqual(rig.server.requests.count, 1)
            rig.elapse(1)
            XCTAssertEqual(rig.server.requests.map(\.url.path), ["/list", "/feed"], "the patient one goes once the pause is over")
            rig.send("later", HTTPRequest(url: list, waitsOutPauses: false))
            rig.elapse(0)
            XCTAssertEqual(rig.events("later").last, .end)
        }
    }

    func testAPauseLongerThanTheLongestIsNotWaitedForButTheHostIsLeftAlone() {
        onMain {
            let rig = Rig(HTTPLimits(longestPauseMilliseconds: 60_000))
            let url = Self.url("a.example", "/hour")
            rig.server.route(.get, url) { _ in .reply(.retryAfter(3_600)) }
            rig.send("hour", .get(url))
            rig.elapse(0)
            guard case .head(let head)? = rig.events("hour").first else { return XCTFail("\(rig.events("hour"))") }
            XCTAssertEqual(head.status, 429, "told at once")
            rig.send("next", .get(Self.url("a.example", "/next")))
            rig.elapse(59_999)
            XCTAssertEqual(rig.server.requests.count, 1)
            rig.elapse(1)
            XCTAssertEqual(rig.server.requests.map(\.url.path), ["/hour", "/next"])
        }
    }

    func testAPostIsNotSentAgainAndRetriesStopAfterTheirNumber() {
        onMain {
            let rig = Rig(HTTPLimits(retriesAfterPause: 2))
            let comment = Self.url("a.example", "/comments")
            rig.server.route(.post, comment) { _ in .reply(.retryAfter(1, status: 503)) }
            rig.send("post", HTTPRequest(.post, url: comment, body: Array("{}".utf8)))
            rig.elapse(0)
            guard case .head(let head)? = rig.events("post").first else { return XCTFail("\(rig.events("post"))") }
            XCTAssertEqual(head.status, 503, "a POST may have been acted on: its caller decides")
            XCTAssertEqual(rig.server.requests.count, 1)

            let busy = Self.url("a.example", "/always-busy")
            rig.server.route(.get, busy) { _ in .reply(.retryAfter(1)) }
            rig.send("get", .get(busy))
            for _ in 0..<5 { rig.elapse(1_000) }
            XCTAssertEqual(rig.server.requests(to: busy).count, 3, "once and twice again")
            guard case .head(let last)? = rig.events("get").first else { return XCTFail("\(rig.events("get"))") }
            XCTAssertEqual(last.status, 429)
        }
    }

    func testNoAnswerTimesOutAndABodyThatStopsStalls() {
        onMain {
            let rig = Rig(HTTPLimits(answerMilliseconds: 10_000, stallMilliseconds: 15_000))
            let silent = Self.url("a.example", "/silent"), stuck = Self.url("a.example", "/stuck")
            rig.server.route(.get, silent) { _ in .silence }
            rig.server.route(.get, stuck) { _ in
                .reply(FakeHTTPReply(status: 200, body: Array(repeating: 1, count: 100), chunkSize: 10, chunkDelayMilliseconds: 1_000,
                                     ending: .stalledAfter(50)))
            }
            rig.send("silent", .get(silent))
            rig.send("stuck", .get(stuck))
            rig.elapse(9_999)
            XCTAssertFalse(rig.ended("silent"))
            rig.elapse(1)
            XCTAssertEqual(rig.events("silent"), [.failed(.timedOut)])
            XCTAssertFalse(rig.ended("stuck"), "its chunks came until 4 s, so it has until 19 s")
            rig.elapse(8_999)
            XCTAssertFalse(rig.ended("stuck"))
            rig.elapse(1)
            XCTAssertEqual(rig.events("stuck").last, .failed(.stalled))
            XCTAssertEqual(rig.events("stuck").filter { if case .chunk = $0 { true } else { false } }.count, 5)
            XCTAssertEqual(Set(rig.server.cancelled.map(\.url.path)), ["/silent", "/stuck"], "both connections let go")
            XCTAssertEqual(rig.underWay, [])
        }
    }

    /// A big upload on a slow line takes longer than the answer time: each piece of its body
    /// written starts that time again, and its caller is told of them.
    func testAnUploadsProgressReachesItsCallerAndStartsTheAnswerTimeAgain() {
        onMain {
            let rig = Rig(HTTPLimits(answerMilliseconds: 10_000))
            let upload = Self.url("a.example", "/upload"), quiet = Self.url("a.example", "/quiet")
            rig.server.route(.post, upload) { _ in .silence }
            rig.server.route(.post, quiet) { _ in .silence }
            var told: [HTTPUploadProgress] = []
            rig.send("upload", HTTPRequest(.post, url: upload, body: Array(repeating: 1, count: 1_000)), progress: { told.append($0) })
            rig.send("quiet", HTTPRequest(.post, url: quiet, body: [1]))
            rig.elapse(9_000)
            XCTAssertTrue(rig.server.wrote(400, of: upload))
            rig.elapse(9_000)
            XCTAssertEqual(rig.events("quiet"), [.failed(.timedOut)], "nothing written, no answer: 10 s")
            XCTAssertFalse(rig.ended("upload"), "its body went on at 9 s")
            XCTAssertTrue(rig.server.wrote(1_000, of: upload))
            XCTAssertEqual(told, [HTTPUploadProgress(sent: 400, total: 1_000), HTTPUploadProgress(sent: 1_000, total: 1_000)])
            rig.elapse(9_999)
            XCTAssertFalse(rig.ended("upload"))
            rig.elapse(1)
            XCTAssertEqual(rig.events("upload"), [.failed(.timedOut)], "10 s after its last byte went")
            XCTAssertFalse(rig.server.wrote(1_000, of: upload), "nothing is told after the end")
            XCTAssertEqual(told.count, 2)
        }
    }

    func testABodyOverItsLimitIsRefusedByItsLengthOrAsItComes() {
        onMain {
            let rig = Rig()
            let said = Self.url("a.example", "/says-big"), lies = Self.url("a.example", "/lies")
            rig.server.route(.get, said) { _ in .reply(.ok(Array(repeating: 1, count: 2_000))) }
            rig.server.route(.get, lies) { _ in
                .reply(FakeHTTPReply(status: 200, headers: ["Content-Length": "10"], body: Array(repeating: 1, count: 2_000), chunkSize: 500))
            }
            rig.send("said", .get(said, maximumBodyBytes: 1_000))
            rig.send("lies", .get(lies, maximumBodyBytes: 1_000))
            rig.elapse(0)
            XCTAssertEqual(rig.events("said"), [.failed(.tooLarge(limit: 1_000))], "before a byte of it")
            XCTAssertEqual(rig.events("lies").count, 4, "head, two chunks, then the refusal")
            XCTAssertEqual(rig.events("lies").last, .failed(.tooLarge(limit: 1_000)))
        }
    }

    func testCancellingAWaitingRequestNeverSendsItAndOneUnderWayGivesItsPlace() {
        onMain {
            let rig = Rig(HTTPLimits(perHost: 2))
            let slow = Self.url("a.example", "/slow")
            rig.server.route(.get, slow) { _ in .reply(FakeHTTPReply(status: 200, delayMilliseconds: 1_000)) }
            let first = rig.send("first", .get(slow))
            let second = rig.send("second", .get(Self.url("a.example", "/second")))
            rig.send("third", .get(Self.url("a.example", "/third")))
            second.cancel()
            XCTAssertEqual(rig.events("second"), [], "never from within cancel()")
            rig.elapse(0)
            XCTAssertEqual(rig.events("second"), [.failed(.cancelled)])
            XCTAssertEqual(rig.underWay, ["/slow"])
            first.cancel()
            XCTAssertEqual(rig.underWay, ["/third"], "its place went to the next at once")
            rig.elapse(0)
            XCTAssertEqual(rig.events("first"), [.failed(.cancelled)])
            XCTAssertFalse(rig.server.requests.contains { $0.url.path == "/second" })
            first.cancel()
            rig.elapse(2_000)
            XCTAssertEqual(rig.events("first"), [.failed(.cancelled)], "told once")
        }
    }

    func testADownloadOfAnErrorPageEndsWithItsStatusAndReadsNoMore() {
        onMain {
            let rig = Rig()
            let missing = Self.url("a.example", "/missing")
            rig.server.route(.get, missing) { _ in .reply(FakeHTTPReply(status: 404, body: Array(repeating: 0, count: 1_000), chunkSize: 100)) }
            var chunks = 0
            var result: Result<HTTPHead, HTTPFailure>?
            rig.client.download(.get(missing), onHead: { _ in XCTFail("an error page is no video") },
                                onChunk: { _ in chunks += 1 }, completion: { result = $0 })
            rig.elapse(0)
            XCTAssertEqual(result.map { $0.map(\.status) }, .failure(.status(404)))
            XCTAssertEqual(chunks, 0)
            XCTAssertEqual(rig.server.cancelled.map(\.url.path), ["/missing"])
        }
    }
}
