import FeedCore
@testable import FeedSources
import FeedStorage
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Loops' one-POST upload against a scripted server on the test's clock: the multipart body,
/// the video found in the account's studio list afterwards (its answer has no id), a cut
/// connection sent again from the start, an answer lost after the server stored it never sent
/// twice (also across a restart), 5xx and 429 retried with backoff or Retry-After, 413 and 422
/// stopping in the server's words; the POST's progress shown, never written, 0 again after a cut.
final class LoopsUploadServiceTests: XCTestCase {
    private func run(_ test: @Sendable @MainActor (LoopsUploadRig) throws -> Void) throws {
        try onMain {
            let rig = try LoopsUploadRig()
            defer { rig.remove() }
            try test(rig)
        }
    }

    func testSendsOneMultipartPostThenFindsTheVideoAndLinksThePost() throws {
        try run { try $0.sendsOneMultipartPostThenFindsTheVideoAndLinksThePost() }
    }
    func testThePostsProgressIsShownAndNotWritten() throws { try run { try $0.thePostsProgressIsShownAndNotWritten() } }
    func testAfterACutPostTheBytesStartAgainFromZero() throws { try run { try $0.afterACutPostTheBytesStartAgainFromZero() } }
    func testACutConnectionIsSentAgainFromTheStartAfterLookingForIt() throws {
        try run { try $0.aCutConnectionIsSentAgainFromTheStartAfterLookingForIt() }
    }
    func testAnAnswerLostAfterTheServerStoredItIsNotSentAgain() throws {
        try run { try $0.anAnswerLostAfterTheServerStoredItIsNotSentAgain() }
    }
    func testAfterAKillBetweenSendAndAnswerTheRestartLooksBeforeSending() throws {
        try run { try $0.afterAKillBetweenSendAndAnswerTheRestartLooksBeforeSending() }
    }
    func testAnOlderVideoWithTheSameCaptionIsNotTakenForThisOne() throws {
        try run { try $0.anOlderVideoWithTheSameCaptionIsNotTakenForThisOne() }
    }
    func testA503IsRetriedWithBackoffAndA429AfterItsRetryAfter() throws {
        try run { try $0.a503IsRetriedWithBackoffAndA429AfterItsRetryAfter() }
    }
    func testA413AndA422StopInTheServersWords() throws { try run { try $0.a413AndA422StopInTheServersWords() } }
    func testAVideoTakenButNeverListedIsSaidAndNotSentAgain() throws {
        try run { try $0.aVideoTakenButNeverListedIsSaidAndNotSentAgain() }
    }
    func testA401IsAnsweredOnceWithARenewedToken() throws { try run { try $0.a401IsAnsweredOnceWithARenewedToken() } }
    func testTheSignedInLoopsAccountIsADestination() throws { try run { try $0.theSignedInLoopsAccountIsADestination() } }

    /// StoreVideoRequest: `description` is at most 200 characters; the whole caption goes, cut there.
    func testTheDescriptionIsTheWholeCaptionCutToLoopsLimit() {
        let long = "Title line\n" + String(repeating: "é", count: 300)
        let metadata = UploadMetadata.from(caption: long, fallbackTitle: "Video", privacy: .public, allowsComments: true,
                                           channelID: 0, filename: "a.mp4")
        let description = LoopsUploadCalls.description(of: metadata)
        XCTAssertEqual(description.count, 200)
        XCTAssertTrue(description.hasPrefix("Title line\néé"))
        XCTAssertTrue(description.hasSuffix("…"))
        var older = metadata
        older.caption = nil
        older.description = "the rest"
        XCTAssertEqual(LoopsUploadCalls.description(of: older), "Title line\nthe rest", "an upload kept before the caption was")
    }

    /// SanitizeService::cleanPlainText: what Loops keeps is what is sent, so the video is found by it.
    func testTheDescriptionIsWhatLoopsKeeps() {
        let metadata = UploadMetadata.from(caption: "a <b>bold</b> loop\r\n\n\n\nx < y #tag", fallbackTitle: "Video", privacy: .public,
                                           allowsComments: true, channelID: 0, filename: "a.mp4")
        XCTAssertEqual(LoopsUploadCalls.description(of: metadata), "a bold loop\n\nx < y #tag")
        let posted = LoopsUploadCalls.Posted(id: "1", caption: "a bold loop\n\nx < y #tag", createdMs: 5, page: nil)
        XCTAssertEqual(LoopsUploadCalls.match([posted], description: "a <b>bold</b> loop\n\n\nx < y #tag", begunMs: 5, taken: [])?.id, "1")
        let family = String(repeating: "👩‍👩‍👧", count: 80)
        let cut = LoopsUploadCalls.description(of: UploadMetadata.from(caption: family, fallbackTitle: "Video", privacy: .public,
                                                                       allowsComments: true, channelID: 0, filename: "a.mp4"))
        XCTAssertEqual(cut.unicodeScalars.count, 200, "Laravel's max counts code points")
    }
}

@MainActor
private final class LoopsUploadRig {
    @MainActor
    private final class Tokens: AccountTokenProviding {
        var renewals = 0
        func network(of account: AccountKey) -> RemoteNetwork? { .loops }
        func accessToken(for account: AccountKey, renewing: Bool,
                         then done: @escaping @MainActor (Result<String, SignInFailure>) -> Void) {
            if renewing { renewals += 1 }
            done(.success("token-\(renewals)"))
        }
    }

    /// The Loops server: the account's videos (the studio list), what each POST brought.
    @MainActor
    private final class Server {
        static let origin = URL(string: "http://127.0.0.1:9")!
        static let upload = origin.appendingPathComponent("/api/v1/studio/upload")
        struct Video { var id: String; var caption: String; var createdMs: Int64; var published: Bool }
        var videos: [Video] = []
        /// The stored videos' files and the POSTs' fields.
        var files: [[UInt8]] = []
        var fields: [[String: String]] = []
        /// Answers for the next POSTs in place of taking them; `storeThen` takes it, then answers so.
        var interrupt: [FakeHTTPAnswer] = []
        var storeThen: [FakeHTTPAnswer] = []
        var nowMs: () -> Int64 = { 0 }
        /// False: the studio list never shows what was uploaded.
        var listed = true

        func install(on http: FakeHTTPTransport, listURL: URL) {
            http.route(.post, Self.upload) { [unowned self] request in
                if !interrupt.isEmpty { return interrupt.removeFirst() }
                take(request)
                if !storeThen.isEmpty { return storeThen.removeFirst() }
                return .reply(.ok(#"{"data":[],"error":{"code":"ok","message":""}}"#, contentType: "application/json"))
            }
            http.route(.get, listURL) { [unowned self] _ in
                let dates = ISO8601DateFormatter()
                let items = videos.filter { _ in listed }.reversed().map { video -> [String: Any] in
                    var item: [String: Any] = ["id": video.id, "caption": video.caption, "status": video.published ? "published" : "processing",
                                               "created_at": dates.string(from: Date(timeIntervalSince1970: Double(video.createdMs) / 1000))]
                    if video.published { item["url"] = "http://127.0.0.1:9/v/\(video.id)" }
                    return item
                }
                let body = try? JSONSerialization.data(withJSONObject: ["data": items])
                return .reply(.ok(String(decoding: body ?? Data(), as: UTF8.self), contentType: "application/json"))
            }
        }

        /// The multipart body's parts (the file's bytes as they came).
        private func take(_ request: HTTPRequest) {
            let type = request.headers["Content-Type"] ?? ""
            guard let boundary = type.components(separatedBy: "boundary=").last, let body = request.body else { return }
            let separator = Array("--\(boundary)".utf8)
            var parts: [[UInt8]] = []
            var start = 0
            var i = 0
            while i + separator.count <= body.count {
                if Array(body[i..<i + separator.count]) == separator {
                    if i > start { parts.append(Array(body[start..<i])) }
                    i += separator.count
                    start = i
                } else { i += 1 }
            }
            var found: [String: String] = [:]
            for part in parts {
                guard let split = (0..<max(0, part.count - 3)).first(where: { Array(part[$0..<$0 + 4]) == Array("\r\n\r\n".utf8) })
                else { continue }
                let head = String(decoding: part[..<split], as: UTF8.self)
                let data = Array(part[(split + 4)...].dropLast(2))
                guard let name = head.components(separatedBy: "name=\"").dropFirst().first?.components(separatedBy: "\"").first
                else { continue }
                if name == "video" { files.append(data) } else { found[name] = String(decoding: data, as: UTF8.self) }
            }
            fields.append(found)
            videos.append(Video(id: "9\(videos.count + 1)", caption: found["description"] ?? "", createdMs: nowMs(), published: false))
        }
    }

    private let folder: URL
    private let library: SQLiteFeedRepository
    private let timers = ManualTimers()
    private let http: FakeHTTPTransport
    private let tokens = Tokens()
    private let events = RecordingEventSink()
    private let server = Server()
    private let account = AccountKey(server: "http://127.0.0.1:9", name: "ana")
    private let file: URL
    private let bytes: [UInt8]
    private let metadata = UploadMetadata.from(caption: "Sunset over the bay\nwalked there #sea", fallbackTitle: "Video",
                                               privacy: .public, allowsComments: false, channelID: 0, filename: "clip.mp4")

    init() throws {
        http = FakeHTTPTransport(timers: timers)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-loops-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        library = try LibraryDatabase.open(at: folder.appendingPathComponent("feed.sqlite"))
        var random = SeededRandom(seed: 29)
        bytes = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        file = folder.appendingPathComponent("clip.mp4")
        try Data(bytes).write(to: file)
        let timers = timers
        server.nowMs = { 1_000_000_000 + Int64(timers.now) }
        let list = LoopsUploadCalls.posts(origin: Server.origin, token: "t", caption: LoopsUploadCalls.description(of: metadata)).url
        server.install(on: http, listURL: list)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func service() -> UploadService {
        let timers = timers
        return UploadService(.init(http: http, store: UploadStore(connection: library.connection), accounts: tokens,
                                   timers: timers, events: events,
                                   now: { Date(timeIntervalSince1970: 1_000_000 + Double(timers.now) / 1000) },
                                   pollMilliseconds: 500, signedIn: { [account] in [account] }))
    }

    private var posts: [HTTPRequest] { http.requests(to: Server.upload) }
    private var bodyBytes: Int64 { Int64(posts.last?.body?.count ?? 0) }
    private var shownBytes: [String] {
        events.events.compactMap { if case .upload(let state, let sent, _, _, _) = $0 { "\(state) \(sent)" } else { nil } }
    }
    private var keptBytes: Int64? { try? UploadStore(connection: library.connection).uploads().first?.bytesOnServer }
    private static let taken = FakeHTTPAnswer.reply(FakeHTTPReply(status: 200, body: Array("{}".utf8), delayMilliseconds: 1_000))
    private var looks: Int { http.requests.filter { $0.url.path == "/api/v1/studio/posts" }.count }
    private func state(_ uploads: UploadService) -> UploadRecord.State? { uploads.upload(ofPost: 5)?.state }

    func sendsOneMultipartPostThenFindsTheVideoAndLinksThePost() throws {
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 100)
        XCTAssertEqual(posts.count, 1)
        XCTAssertEqual(posts.first?.headers["Authorization"], "Bearer token-0")
        XCTAssertEqual(server.files, [bytes])
        XCTAssertEqual(server.fields.first, ["description": "Sunset over the bay\nwalked there #sea", "comment_state": "0"])
        XCTAssertEqual(state(uploads), .processing)
        XCTAssertEqual(uploads.upload(ofPost: 5)?.remoteID, "91", "the id found and kept while Loops makes the video")
        XCTAssertEqual(try UploadStore(connection: library.connection).uploads().first?.remoteID, "91")
        server.videos[0].published = true
        timers.elapse(milliseconds: 600)
        XCTAssertEqual(state(uploads), .published)
        XCTAssertEqual(uploads.upload(ofPost: 5)?.remoteURL, URL(string: "http://127.0.0.1:9/v/91"))
        XCTAssertEqual(posts.count, 1)
        let states = events.events.compactMap { if case .upload(let state, let sent, _, _, _) = $0 { "\(state) \(sent)" } else { nil } }
        XCTAssertEqual(states, ["starting 0", "sending 0", "processing 10000", "processing 10000", "published 10000"],
                       "sending from its first byte (no progress told here)")
    }

    func thePostsProgressIsShownAndNotWritten() throws {
        server.storeThen = [Self.taken]
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 10)
        XCTAssertTrue(http.wrote(bodyBytes / 4, of: Server.upload))
        XCTAssertEqual(state(uploads), .sending)
        XCTAssertEqual(Double(uploads.upload(ofPost: 5)?.bytesOnServer ?? 0), 2_500, accuracy: 1, "the file's share of the body written")
        XCTAssertTrue(http.wrote(bodyBytes, of: Server.upload))
        XCTAssertEqual(shownBytes.suffix(3), ["sending 0", "sending 2499", "sending 10000"])
        XCTAssertEqual(keptBytes, 0, "written to the connection is not kept by the server: not in the library")
        timers.elapse(milliseconds: 1_000)
        XCTAssertEqual(state(uploads), .processing)
        XCTAssertEqual(keptBytes, 10_000)
    }

    func afterACutPostTheBytesStartAgainFromZero() throws {
        server.interrupt = [.failure(.network("Connection terminated unexpectedly"), afterMilliseconds: 500)]
        server.storeThen = [Self.taken]
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 10)
        XCTAssertTrue(http.wrote(bodyBytes / 2, of: Server.upload))
        XCTAssertGreaterThan(uploads.upload(ofPost: 5)?.bytesOnServer ?? 0, 4_900)
        timers.elapse(milliseconds: 500)
        guard case .waiting = state(uploads) else { return XCTFail("not waiting: \(String(describing: state(uploads)))") }
        XCTAssertEqual(uploads.upload(ofPost: 5)?.bytesOnServer, 0, "the banner claims none of what Loops did not keep")
        XCTAssertEqual(keptBytes, 0)
        timers.elapse(milliseconds: 1_000)
        XCTAssertEqual(posts.count, 2, "looked for, then sent again")
        XCTAssertTrue(http.wrote(bodyBytes / 4, of: Server.upload))
        XCTAssertEqual(shownBytes.filter { $0.hasPrefix("sending") || $0.hasPrefix("waiting") },
                       ["sending 0", "sending 5000", "waiting 0", "sending 0", "sending 2499"])
        timers.elapse(milliseconds: 1_000)
        XCTAssertEqual(state(uploads), .processing)
        XCTAssertEqual(server.files, [bytes])
    }

    func aCutConnectionIsSentAgainFromTheStartAfterLookingForIt() throws {
        server.interrupt = [.failure(.network("Connection terminated unexpectedly"))]
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 100)
        guard case .waiting = state(uploads) else { return XCTFail("not waiting: \(String(describing: state(uploads)))") }
        XCTAssertEqual(looks, 0)
        timers.elapse(milliseconds: 1_000)
        XCTAssertEqual(looks, 2, "looked for before sending again, then found")
        XCTAssertEqual(posts.count, 2)
        XCTAssertEqual(server.files, [bytes], "the whole file, once")
        XCTAssertEqual(state(uploads), .processing)
    }

    func anAnswerLostAfterTheServerStoredItIsNotSentAgain() throws {
        server.storeThen = [.failure(.network("Connection terminated unexpectedly"))]
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 1_100)
        XCTAssertEqual(posts.count, 1, "found among the account's videos: not sent again")
        XCTAssertEqual(server.videos.count, 1)
        XCTAssertEqual(uploads.upload(ofPost: 5)?.remoteID, "91")
    }

    func afterAKillBetweenSendAndAnswerTheRestartLooksBeforeSending() throws {
        server.storeThen = [.reply(FakeHTTPReply(status: 200, body: Array("{}".utf8), delayMilliseconds: 50))]
        let first = service()
        try first.start()
        try first.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 10)
        first.stop()
        XCTAssertEqual(server.videos.count, 1, "the server has it; the answer never came")
        let second = service()
        try second.start()
        timers.elapse(milliseconds: 100)
        XCTAssertEqual(posts.count, 1)
        XCTAssertEqual(second.upload(ofPost: 5)?.remoteID, "91")
        XCTAssertEqual(state(second), .processing)
    }

    func anOlderVideoWithTheSameCaptionIsNotTakenForThisOne() throws {
        server.videos = [.init(id: "80", caption: "Sunset over the bay\nwalked there #sea", createdMs: 1_000_000_000 - 3_600_000,
                               published: true)]
        server.interrupt = [.failure(.network("Connection terminated unexpectedly"))]
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 1_100)
        XCTAssertEqual(posts.count, 2, "the hour-old video is another one: this one was sent again")
        XCTAssertEqual(uploads.upload(ofPost: 5)?.remoteID, "92")
    }

    func a503IsRetriedWithBackoffAndA429AfterItsRetryAfter() throws {
        server.interrupt = [.reply(.status(503, body: #"{"message":"Service Unavailable"}"#)), .reply(.retryAfter(7))]
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 900)
        XCTAssertEqual(posts.count, 1, "the backoff's first second")
        timers.elapse(milliseconds: 200)
        XCTAssertEqual(posts.count, 2)
        timers.elapse(milliseconds: 6_800)
        XCTAssertEqual(posts.count, 2, "the 429's 7 s")
        timers.elapse(milliseconds: 300)
        XCTAssertEqual(posts.count, 3)
        XCTAssertEqual(server.files, [bytes])
    }

    func a413AndA422StopInTheServersWords() throws {
        server.interrupt = [.reply(.status(413, body: "<html><title>413 Request Entity Too Large</title></html>"))]
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 60_000)
        XCTAssertEqual(state(uploads), .failed(reason: "The server refused the video as too big: the server does not take a file this big"))
        server.interrupt = [.reply(.status(422, body: #"{"message":"The video field must be at least 250 kilobytes.","errors":{}}"#))]
        try uploads.upload(postID: 6, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 60_000)
        XCTAssertEqual(uploads.upload(ofPost: 6)?.state, .failed(reason: "The server refused the video: The video field must be at least 250 kilobytes."))
        XCTAssertEqual(posts.count, 2)
        XCTAssertEqual(looks, 0)
    }

    func aVideoTakenButNeverListedIsSaidAndNotSentAgain() throws {
        server.listed = false
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 500 * 29)
        XCTAssertEqual(state(uploads), .processing, "still looked for")
        timers.elapse(milliseconds: 60_000)
        XCTAssertEqual(state(uploads), .failed(reason: "Loops took the video but does not list it among the account’s videos; it is not sent again."))
        XCTAssertEqual(looks, 31)
        XCTAssertEqual(posts.count, 1)
    }

    func a401IsAnsweredOnceWithARenewedToken() throws {
        server.interrupt = [.reply(.status(401, body: #"{"message":"Unauthenticated."}"#))]
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 100)
        XCTAssertEqual(tokens.renewals, 1)
        XCTAssertEqual(posts.last?.headers["Authorization"], "Bearer token-1")
        XCTAssertEqual(server.files, [bytes])
    }

    func theSignedInLoopsAccountIsADestination() throws {
        let uploads = service()
        var offered: [UploadChannel] = []
        uploads.channels { offered = $0 }
        XCTAssertEqual(offered, [UploadChannel(account: account, id: 0, displayName: "Loops", accountHandle: "ana@127.0.0.1:9",
                                               network: .loops)])
        XCTAssertFalse(offered[0].asksPrivacy)
        XCTAssertTrue(http.requests.isEmpty, "a Loops account has no channels to ask for")
    }
}
