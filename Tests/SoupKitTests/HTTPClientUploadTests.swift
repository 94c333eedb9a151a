import FeedCore
import Foundation
import GLibKit
import MainLoopServices
@testable import SoupKit
import TestSupport
import XCTest

/// A body's progress through libsoup ("wrote-body-data") against the loopback server reading it
/// slowly (http_test_server.py's /slow-read): told on the main loop as the body goes, at most ten
/// times a second, all before the answer; and the answer time counted from the last piece.
final class HTTPClientUploadTests: XCTestCase {
    private static let server = Result { try LoopbackServer(script: "http_test_server.py", besides: #filePath) }

    override class func tearDown() {
        if case .success(let server) = server { server.stop() }
    }

    /// What the caller was told, in order.
    private enum Told: Equatable {
        case progress(HTTPUploadProgress, seconds: Double)
        case head(Int)
        case body(String)
        case end
        case failed(HTTPFailure)
    }

    func testAnUploadsProgressGrowsAsTheServerReadsAndComesBeforeTheAnswer() throws {
        let slow = try Self.server.get().url("/slow-read")
        // More than the kernel's buffers take at once on loopback (about 4 MB), read at 6 MB/s.
        let size = 16 << 20
        onMain {
            // An answer time shorter than the upload: it counts from the body's last piece.
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers(),
                                    limits: HTTPLimits(answerMilliseconds: 1_000))
            let started = Date()
            var told: [Told] = []
            var over = false
            client.send(HTTPRequest(.post, url: slow, headers: ["Content-Type": "application/octet-stream"],
                                    body: [UInt8](repeating: 7, count: size)),
                        progress: { told.append(.progress($0, seconds: Date().timeIntervalSince(started))) }) { event in
                switch event {
                case .head(let head): told.append(.head(head.status))
                case .chunk(let bytes): told.append(.body(String(decoding: bytes, as: UTF8.self)))
                case .end: told.append(.end); over = true
                case .failed(let failure): told.append(.failed(failure)); over = true
                }
            }
            XCTAssertTrue(MainLoop.run(until: { over }, timeoutSeconds: 30))
            let elapsed = Date().timeIntervalSince(started)
            let progress = told.compactMap { if case .progress(let sent, let at) = $0 { (sent, at) } else { nil } }
            XCTAssertEqual(told.suffix(3), [.head(200), .body(String(size)), .end], "\(told.suffix(4))")
            XCTAssertEqual(told.firstIndex(of: .head(200)), progress.count, "all the progress before the answer")
            XCTAssertEqual(progress.last?.0, HTTPUploadProgress(sent: Int64(size), total: Int64(size)))
            XCTAssertEqual(progress.map(\.0.sent), progress.map(\.0.sent).sorted(), "growing")
            XCTAssertEqual(Set(progress.map(\.0.sent)).count, progress.count, "each told once")
            let between = progress.filter { $0.0.sent > 0 && $0.0.sent < Int64(size) }
            XCTAssertGreaterThanOrEqual(between.count, 5, "told while the server read: \(progress.map(\.0.sent))")
            XCTAssertLessThanOrEqual(Double(progress.count), elapsed * 10 + 2, "at most ten a second: \(progress.count) in \(elapsed) s")
            for (earlier, later) in zip(between, between.dropFirst()) {
                XCTAssertGreaterThanOrEqual(later.1 - earlier.1, 0.09, "told apart by the interval")
            }
        }
    }

    func testAnUploadWhoseCallerAsksNoProgressStillGoesWhole() throws {
        let slow = try Self.server.get().url("/slow-read")
        onMain {
            let client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers())
            var answer: String?
            client.fetch(HTTPRequest(.post, url: slow, body: [UInt8](repeating: 1, count: 300_000))) {
                answer = (try? $0.get()).map { String(decoding: $0.body, as: UTF8.self) }
            }
            XCTAssertTrue(MainLoop.run(until: { answer != nil }, timeoutSeconds: 10))
            XCTAssertEqual(answer, "300000")
        }
    }
}
