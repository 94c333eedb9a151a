import FeedCore
@testable import FeedSources
import FeedStorage
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// PeerTube's resumable upload against a scripted server on the test's clock: the metadata,
/// chunks with Content-Range, the server's Range after a 308, a cut connection and a 429
/// answered by asking the server where it is, a 413 in words, Cancel's DELETE, and a restart
/// that goes on from the library's record.
final class UploadServiceTests: XCTestCase {
    private func run(_ test: @Sendable @MainActor (UploadRig) throws -> Void) throws {
        try onMain {
            let rig = try UploadRig()
            defer { rig.remove() }
            try test(rig)
        }
    }

    func testSendsTheMetadataThenTheFileInChunksAndWaitsUntilPublished() throws {
        try run { try $0.sendsTheMetadataThenTheFileInChunksAndWaitsUntilPublished() }
    }
    func testA308WithLessThanSentGoesOnFromTheServersRange() throws { try run { try $0.a308WithLessThanSentGoesOnFromTheServersRange() } }
    func testACutConnectionAsksTheServerWhereItIsAndGoesOnFromThatByte() throws {
        try run { try $0.aCutConnectionAsksTheServerWhereItIsAndGoesOnFromThatByte() }
    }
    func testA429IsWaitedOutForItsRetryAfterThenTheServerIsAsked() throws {
        try run { try $0.a429IsWaitedOutForItsRetryAfterThenTheServerIsAsked() }
    }
    func testA413SaysTheVideoIsTooBigAndSendsNothingMore() throws { try run { try $0.a413SaysTheVideoIsTooBigAndSendsNothingMore() } }
    func testA401IsAnsweredOnceWithARenewedToken() throws { try run { try $0.a401IsAnsweredOnceWithARenewedToken() } }
    func testCancelTellsTheServerAndForgetsTheUpload() throws { try run { try $0.cancelTellsTheServerAndForgetsTheUpload() } }
    func testAFullDiskPausesTheUploadInWordsAndSendsNoByteTheLibraryDoesNotKnow() throws {
        try run { try $0.aFullDiskPausesTheUploadInWordsAndSendsNoByteTheLibraryDoesNotKnow() }
    }
    func testAfterARestartItGoesOnFromTheByteTheServerHas() throws { try run { try $0.afterARestartItGoesOnFromTheByteTheServerHas() } }
}

/// One upload's world: the scripted server, the library in a folder of its own, a 10,000-byte file.
@MainActor
private final class UploadRig {
    /// One account, one token; `renewals` counted.
    @MainActor
    private final class Tokens: AccountTokenProviding {
        var renewals = 0
        func network(of account: AccountKey) -> RemoteNetwork? { .peertube }
        func accessToken(for account: AccountKey, renewing: Bool,
                         then done: @escaping @MainActor (Result<String, SignInFailure>) -> Void) {
            if renewing { renewals += 1 }
            done(.success("token-\(renewals)"))
        }
    }

    /// The server's side of one upload: what it has, and what the test makes it answer instead.
    @MainActor
    private final class Server {
        static let origin = URL(string: "http://127.0.0.1:9")!
        static let start = origin.appendingPathComponent("/api/v1/videos/upload-resumable")
        static let session = URL(string: "http://127.0.0.1:9/api/v1/videos/upload-resumable?upload_id=u1")!
        static let video = origin.appendingPathComponent("/api/v1/videos/uuid-1")
        var received: [UInt8] = []
        var metadata: [String: Any] = [:]
        /// Answers for the next chunk PUTs, in place of taking them.
        var interrupt: [FakeHTTPAnswer] = []
        var startAnswer: FakeHTTPAnswer?
        /// Of each chunk, only this many bytes are kept (a server that took less).
        var keepAtMost: Int?
        /// The data chunk (counted from 1) whose connection breaks after the server kept `keep` bytes of it.
        var cut: (chunk: Int, keep: Int)?
        private var chunks = 0
        var published = false
        /// Before each answer to a chunk (to stop the test between two).
        var chunkDelay: UInt32 = 0
        var deleted = 0
        /// The updateVideo bodies (the thumbnail's multipart).
        var updates: [[UInt8]] = []

        func install(on http: FakeHTTPTransport, total: Int) {
            http.route(.post, Self.start) { [unowned self] request in
                if let startAnswer { return startAnswer }
                metadata = (try? JSONSerialization.jsonObject(with: Data(request.body ?? []))) as? [String: Any] ?? [:]
                return .reply(FakeHTTPReply(status: 201, headers: ["Location": "/api/v1/videos/upload-resumable?upload_id=u1"]))
            }
            http.route(.put, Self.session) { [unowned self] request in
                let range = request.headers["Content-Range"] ?? ""
                if range == "bytes */\(total)" { return has() }
                if !interrupt.isEmpty { return interrupt.removeFirst() }
                let first = Int(range.dropFirst(6).split(separator: "-")[0])!
                guard first <= received.count else { return .reply(.status(409)) }
                let body = request.body ?? []
                chunks += 1
                if let cut, cut.chunk == chunks {
                    received = Array(received[..<first]) + body.prefix(cut.keep)
                    return .failure(.network("Connection terminated unexpectedly"))
                }
                received = Array(received[..<first]) + body.prefix(keepAtMost ?? body.count)
                guard received.count == total else { return has() }
                var done = FakeHTTPReply.ok(#"{"video":{"id":7,"uuid":"uuid-1","shortUUID":"short1"}}"#, contentType: "application/json")
                done.delayMilliseconds = chunkDelay
                return .reply(done)
            }
            http.route(.delete, Self.session) { [unowned self] _ in
                deleted += 1
                return .reply(.status(204))
            }
            http.route(.put, Self.video) { [unowned self] request in
                updates.append(request.body ?? [])
                return .reply(.status(204))
            }
            http.route(.get, Self.video) { [unowned self] _ in
                .reply(.ok(#"{"uuid":"uuid-1","state":{"id":\#(published ? 1 : 2)}}"#, contentType: "application/json"))
            }
        }

        func has() -> FakeHTTPAnswer {
            .reply(FakeHTTPReply(status: 308, headers: received.isEmpty ? [:] : ["Range": "bytes=0-\(received.count - 1)"],
                                 delayMilliseconds: chunkDelay))
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

    init() throws {
        http = FakeHTTPTransport(timers: timers)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        library = try LibraryDatabase.open(at: folder.appendingPathComponent("feed.sqlite"))
        var random = SeededRandom(seed: 23)
        bytes = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        file = folder.appendingPathComponent("clip.mp4")
        try Data(bytes).write(to: file)
        server.install(on: http, total: bytes.count)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The library's uploads, whose writes fail with ENOSPC once `full` (a full disk).
    private final class FillingStore: UploadStoring {
        let store: UploadStore
        var full = false
        init(_ store: UploadStore) { self.store = store }
        func uploads() throws -> [UploadRecord] { try store.uploads() }
        func addUpload(_ upload: UploadRecord) throws -> UploadRecord { try store.addUpload(upload) }
        func saveUpload(_ upload: UploadRecord) throws {
            if full { throw POSIXError(.ENOSPC) }
            try store.saveUpload(upload)
        }
        func deleteUpload(_ id: UploadRecord.ID) throws { try store.deleteUpload(id) }
        func linkPost(_ postID: Int64, to page: URL) throws { try store.linkPost(postID, to: page) }
    }

    private func service(chunk: Int = 3_000, store: (any UploadStoring)? = nil) -> UploadService {
        let timers = timers
        return UploadService(.init(http: http, store: store ?? UploadStore(connection: library.connection), accounts: tokens,
                                   timers: timers, events: events,
                                   now: { Date(timeIntervalSince1970: 1_000_000 + Double(timers.now) / 1000) },
                                   chunkBytes: chunk, pollMilliseconds: 500))
    }

    private let metadata = UploadMetadata.from(caption: "Sunset over the bay\nwalked there #sea #evening", fallbackTitle: "Video",
                                               privacy: .unlisted, allowsComments: false, channelID: 3, filename: "clip.mp4")

    private var chunkRanges: [String] {
        http.requests(to: Server.session).filter { $0.method == .put }.compactMap { $0.headers["Content-Range"] }
    }

    func sendsTheMetadataThenTheFileInChunksAndWaitsUntilPublished() throws {
        let uploads = service()
        try uploads.start()
        let cover = folder.appendingPathComponent("cover.png")
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        try Data(png).write(to: cover)
        let upload = try uploads.upload(postID: 5, file: file, cover: cover, account: account, metadata: metadata)
        timers.elapse(milliseconds: 100)
        XCTAssertEqual(server.metadata["name"] as? String, "Sunset over the bay")
        XCTAssertEqual(server.metadata["description"] as? String, "walked there #sea #evening")
        XCTAssertEqual(server.metadata["tags"] as? [String], ["sea", "evening"])
        XCTAssertEqual(server.metadata["privacy"] as? Int, 2)
        XCTAssertEqual(server.metadata["channelId"] as? Int, 3)
        XCTAssertEqual(server.metadata["commentsPolicy"] as? Int, 2)
        XCTAssertEqual(http.requests(to: Server.start).first?.headers["X-Upload-Content-Length"], "10000")
        XCTAssertEqual(chunkRanges, ["bytes 0-2999/10000", "bytes 3000-5999/10000", "bytes 6000-8999/10000", "bytes 9000-9999/10000"])
        XCTAssertEqual(server.received, bytes)
        XCTAssertEqual(uploads.upload(ofPost: 5)?.state, .processing)
        XCTAssertEqual(uploads.upload(ofPost: 5)?.remoteURL, URL(string: "http://127.0.0.1:9/w/short1"))
        let update = try XCTUnwrap(server.updates.first, "the cover set as the thumbnail")
        XCTAssertEqual(server.updates.count, 1)
        let put = try XCTUnwrap(http.requests.last { $0.method == .put && $0.url == Server.video })
        XCTAssertTrue(put.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        XCTAssertTrue(String(decoding: update, as: UTF8.self).contains("name=\"thumbnailfile\""))
        XCTAssertNotNil(update.indices.first { Array(update.dropFirst($0).prefix(png.count)) == png }, "the PNG's bytes")
        server.published = true
        timers.elapse(milliseconds: 600)
        XCTAssertEqual(uploads.upload(ofPost: 5)?.state, .published)
        XCTAssertEqual(try UploadStore(connection: library.connection).uploads().first { $0.id == upload.id }?.state, .published)
        let states = events.events.compactMap { if case .upload(let state, let sent, _, _, _) = $0 { "\(state) \(sent)" } else { nil } }
        XCTAssertEqual(states, ["starting 0", "sending 0", "sending 3000", "sending 6000", "sending 9000", "processing 10000",
                                "published 10000"])
    }

    func a308WithLessThanSentGoesOnFromTheServersRange() throws {
        server.keepAtMost = 1_000
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 100)
        XCTAssertEqual(Array(chunkRanges.prefix(3)), ["bytes 0-2999/10000", "bytes 1000-3999/10000", "bytes 2000-4999/10000"])
        XCTAssertEqual(server.received, bytes)
    }

    func aCutConnectionAsksTheServerWhereItIsAndGoesOnFromThatByte() throws {
        server.cut = (chunk: 2, keep: 1_500)
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 100)
        guard case .waiting = uploads.upload(ofPost: 5)?.state else { return XCTFail("not waiting: \(String(describing: uploads.upload(ofPost: 5)))") }
        timers.elapse(milliseconds: 2_000)
        XCTAssertEqual(chunkRanges, ["bytes 0-2999/10000", "bytes 3000-5999/10000", "bytes */10000", "bytes 4500-7499/10000",
                                                        "bytes 7500-9999/10000"])
        XCTAssertEqual(server.received, bytes)
        XCTAssertEqual(uploads.upload(ofPost: 5)?.state, .processing)
    }

    func a429IsWaitedOutForItsRetryAfterThenTheServerIsAsked() throws {
        server.interrupt = [.reply(.retryAfter(7))]
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 6_900)
        XCTAssertEqual(chunkRanges, ["bytes 0-2999/10000"])
        timers.elapse(milliseconds: 200)
        XCTAssertEqual(Array(chunkRanges.prefix(3)), ["bytes 0-2999/10000", "bytes */10000", "bytes 0-2999/10000"])
        timers.elapse(milliseconds: 100)
        XCTAssertEqual(server.received, bytes)
    }

    func a413SaysTheVideoIsTooBigAndSendsNothingMore() throws {
        server.startAnswer = .reply(.status(413, body: #"{"detail":"The user video quota is exceeded with this video."}"#))
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 60_000)
        XCTAssertEqual(uploads.upload(ofPost: 5)?.state,
                       .failed(reason: "The server refused the video as too big: The user video quota is exceeded with this video."))
        XCTAssertEqual(http.requests.count, 1)
    }

    func a401IsAnsweredOnceWithARenewedToken() throws {
        server.interrupt = [.reply(.status(401))]
        let uploads = service()
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 100)
        XCTAssertEqual(tokens.renewals, 1)
        XCTAssertEqual(http.requests.last { $0.method == .put }?.headers["Authorization"], "Bearer token-1")
        XCTAssertEqual(server.received, bytes)
    }

    func cancelTellsTheServerAndForgetsTheUpload() throws {
        let uploads = service()
        try uploads.start()
        server.chunkDelay = 10
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 25)
        uploads.cancel(try XCTUnwrap(uploads.upload(ofPost: 5)).id)
        timers.elapse(milliseconds: 100)
        XCTAssertEqual(server.deleted, 1)
        XCTAssertNil(uploads.upload(ofPost: 5))
        XCTAssertEqual(try UploadStore(connection: library.connection).uploads(), [])
        XCTAssertLessThan(server.received.count, bytes.count)
    }

    func aFullDiskPausesTheUploadInWordsAndSendsNoByteTheLibraryDoesNotKnow() throws {
        let store = FillingStore(UploadStore(connection: library.connection))
        server.chunkDelay = 10
        let uploads = service(store: store)
        try uploads.start()
        try uploads.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 15)
        store.full = true
        timers.elapse(milliseconds: 60_000)
        guard case .waiting(_, let reason) = uploads.upload(ofPost: 5)?.state else {
            return XCTFail("not paused: \(String(describing: uploads.upload(ofPost: 5)?.state))")
        }
        XCTAssertEqual(reason, "the disk is full: the upload goes on once there is room and Loopfeed starts again")
        // The second chunk's 308 could not be written: no third chunk goes.
        XCTAssertEqual(chunkRanges, ["bytes 0-2999/10000", "bytes 3000-5999/10000"])
        XCTAssertTrue(events.events.contains { if case .error(kind: "upload", _, postID: 5, _) = $0 { true } else { false } })
        XCTAssertEqual(try UploadStore(connection: library.connection).uploads().first?.postID, 5, "the upload is kept")
    }

    func afterARestartItGoesOnFromTheByteTheServerHas() throws {
        let first = service()
        try first.start()
        server.chunkDelay = 10
        try first.upload(postID: 5, file: file, account: account, metadata: metadata)
        timers.elapse(milliseconds: 25)
        // As kill -9 leaves it: the library says where it was, nothing more is sent by this one.
        first.stop()
        let had = server.received.count
        XCTAssertGreaterThan(had, 0)
        XCTAssertLessThan(had, bytes.count)
        let sentBefore = chunkRanges.count

        let second = service()
        try second.start()
        timers.elapse(milliseconds: 100)
        XCTAssertEqual(http.requests(to: Server.start).count, 1, "started again from the metadata")
        XCTAssertEqual(chunkRanges.dropFirst(sentBefore).first, "bytes */10000")
        XCTAssertEqual(chunkRanges.dropFirst(sentBefore + 1).first, "bytes \(had)-\(min(had + 2_999, 9_999))/10000")
        XCTAssertEqual(server.received, bytes)
        XCTAssertEqual(second.upload(ofPost: 5)?.state, .processing)
    }
}
