public import FeedCore
public import Foundation
import Localization

/// Posts videos to the user's PeerTube channels with the resumable upload, and to Loops accounts
/// with their one POST (UploadService+Loops): each upload is in
/// the library before its first request and each step is written before the next, so after a
/// lost connection, a server error, a 429 or the app being killed it asks the server where it
/// is and goes on from that byte, not from the start. Cancel tells the server (DELETE). A
/// refusal (too big, over the quota) is said in words; the local post is never touched. Each
/// change is an `upload` event. Over the app's one HTTP client, on the main loop.
@MainActor
public final class UploadService {
    public typealias ReadBytes = @Sendable (_ file: URL, _ offset: Int64, _ count: Int) throws -> [UInt8]

    public struct Dependencies {
        public var http: any HTTPTransport
        public var store: any UploadStoring
        public var accounts: any AccountTokenProviding
        public var timers: any Timers
        public var events: (any EventSink)?
        public var now: @MainActor () -> Date
        public var readBytes: ReadBytes
        public var chunkBytes: Int
        /// Between two looks at a video the server is still transcoding.
        public var pollMilliseconds: UInt32
        /// The accounts signed in now (whose PeerTube channels the posting page offers).
        public var signedIn: @MainActor () -> [AccountKey]

        public init(http: any HTTPTransport, store: any UploadStoring, accounts: any AccountTokenProviding,
                    timers: any Timers, events: (any EventSink)? = nil, now: @escaping @MainActor () -> Date = { Date() },
                    readBytes: @escaping ReadBytes = UploadService.read, chunkBytes: Int = 4 << 20,
                    pollMilliseconds: UInt32 = 2_000, signedIn: @escaping @MainActor () -> [AccountKey] = { [] }) {
            self.http = http
            self.store = store
            self.accounts = accounts
            self.timers = timers
            self.events = events
            self.now = now
            self.readBytes = readBytes
            self.chunkBytes = max(1, chunkBytes)
            self.pollMilliseconds = pollMilliseconds
            self.signedIn = signedIn
        }
    }

    /// The uploads as they stand, oldest first (the banner reads them).
    public internal(set) var uploads: [UploadRecord] = []
    /// Told of each upload that changed, and of one cancelled (then gone).
    private var observers: [@MainActor (UploadRecord, _ cancelled: Bool) -> Void] = []
    let dependencies: Dependencies
    var exchanges: [UploadRecord.ID: any HTTPExchange] = [:]
    var timers: [UploadRecord.ID: any TimerToken] = [:]
    /// Uploads whose next request renews the token first (the last one got a 401).
    var renewing: Set<UploadRecord.ID> = []
    /// Uploads whose token was renewed after a 401 and not yet taken since.
    var renewed: Set<UploadRecord.ID> = []
    private(set) var started = false

    public init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    var nowMs: Int64 { Int64((dependencies.now().timeIntervalSince1970 * 1000).rounded()) }

    /// Reads the uploads from the library and goes on with each unfinished one: first asking
    /// the server how much it has.
    public func start() throws {
        uploads = try dependencies.store.uploads()
        started = true
        for upload in uploads where !upload.state.isOver { step(upload.id, ask: true) }
    }

    /// Stops: nothing new begins (what is under way is dropped; the library says where it was).
    public func stop() {
        started = false
        for exchange in exchanges.values { exchange.cancel() }
        for timer in timers.values { timer.cancel() }
        exchanges = [:]
        timers = [:]
    }

    /// Writes a new upload of `file` (the local post `postID`'s video) to `account`'s channel
    /// and starts it. Throws when the library could not be written: nothing was sent.
    @discardableResult
    public func upload(postID: Int64, file: URL, cover: URL? = nil, account: AccountKey,
                       metadata: UploadMetadata) throws -> UploadRecord {
        guard started else { throw UploadNotStarted() }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
        var metadata = metadata
        metadata.begunMs = nowMs
        let added = try dependencies.store.addUpload(UploadRecord(id: 0, postID: postID, account: account, file: file,
                                                                  total: size, metadata: metadata, cover: cover))
        uploads.append(added)
        report(added)
        step(added.id, ask: false)
        return added
    }

    /// Stops the upload and tells the server to forget it; the local post stays.
    public func cancel(_ id: UploadRecord.ID) {
        guard let index = uploads.firstIndex(where: { $0.id == id }) else { return }
        let upload = uploads.remove(at: index)
        exchanges.removeValue(forKey: id)?.cancel()
        timers.removeValue(forKey: id)?.cancel()
        try? dependencies.store.deleteUpload(id)
        if let session = upload.sessionURL, !upload.state.isOver, dependencies.accounts.network(of: upload.account) == .peertube {
            dependencies.accounts.accessToken(for: upload.account, renewing: false) { [weak self] token in
                guard let self, case .success(let token) = token else { return }
                dependencies.http.fetch(PeerTubeUploadCalls.cancel(session, token: token)) { _ in }
            }
        }
        dependencies.events?.emit(.upload(state: "cancelled", bytes: upload.bytesOnServer, total: upload.total,
                                          postID: upload.postID, reason: ""))
        for observer in observers { observer(upload, true) }
    }

    public func observe(_ observer: @escaping @MainActor (UploadRecord, _ cancelled: Bool) -> Void) {
        observers.append(observer)
    }

    public func channels(then done: @escaping @MainActor ([UploadChannel]) -> Void) {
        let signedIn = dependencies.signedIn()
        let accounts = signedIn.filter { dependencies.accounts.network(of: $0) == .peertube }
        // A Loops account posts as itself: no channels to ask for.
        let loops = signedIn.filter { dependencies.accounts.network(of: $0) == .loops }.map(LoopsUploadCalls.destination)
        var found: [AccountKey: [UploadChannel]] = [:]
        var left = accounts.count
        guard left > 0 else { return done(loops) }
        for account in accounts {
            PeerTubeUploadCalls.channels(of: account, http: dependencies.http, accounts: dependencies.accounts) { channels in
                found[account] = channels
                left -= 1
                if left == 0 { done(accounts.flatMap { found[$0] ?? [] } + loops) }
            }
        }
    }

    /// The upload of the local post `postID`, if any.
    public func upload(ofPost postID: Int64) -> UploadRecord? { uploads.last { $0.postID == postID } }

    // MARK: - Steps

    /// The next request `id` needs. `ask`: where the server is is not known here (after a
    /// restart or a failure): ask before sending bytes.
    func step(_ id: UploadRecord.ID, ask: Bool) {
        guard started, let upload = uploads.first(where: { $0.id == id }), exchanges[id] == nil else { return }
        timers.removeValue(forKey: id)?.cancel()
        switch upload.state {
        case .published, .failed: return
        case .waiting(let atMs, _) where atMs == .max: return
        case .waiting(let atMs, _) where atMs > nowMs:
            timers[id] = dependencies.timers.after(milliseconds: UInt32(clamping: atMs - nowMs)) { [weak self] in
                self?.timers[id] = nil
                self?.step(id, ask: true)
            }
            return
        default: break
        }
        guard let origin = URL(string: upload.account.server), let network = dependencies.accounts.network(of: upload.account)
        else { return retryLater(id, reason: tr("waiting for a sign-in to {server}", ["server": upload.account.server]), after: nil) }
        let renew = renewing.remove(id) != nil
        dependencies.accounts.accessToken(for: upload.account, renewing: renew) { [weak self] token in
            guard let self else { return }
            switch token {
            case .failure(let failure): retryLater(id, reason: failure.description, after: nil)
            case .success(let token) where network == .loops: sendToLoops(id, origin: origin, token: token)
            case .success(let token): send(id, origin: origin, token: token, ask: ask)
            }
        }
    }

    private func send(_ id: UploadRecord.ID, origin: URL, token: String, ask: Bool) {
        guard started, let upload = uploads.first(where: { $0.id == id }), exchanges[id] == nil else { return }
        let request: HTTPRequest
        if case .processing = upload.state, let uuid = upload.remoteID {
            request = PeerTubeUploadCalls.video(origin: origin, uuid: uuid, token: token)
            exchanges[id] = dependencies.http.fetch(request) { [weak self] result in self?.polled(id, result) }
            return
        }
        if let session = upload.sessionURL {
            if ask || upload.bytesOnServer >= upload.total {
                request = PeerTubeUploadCalls.status(session, token: token, total: upload.total)
            } else {
                let count = Int(min(Int64(dependencies.chunkBytes), upload.total - upload.bytesOnServer))
                let bytes: [UInt8]
                do {
                    bytes = try dependencies.readBytes(upload.file, upload.bytesOnServer, count)
                } catch {
                    return fail(id, tr("The video file can’t be read ({reason}).", ["reason": "\(error)"]))
                }
                request = PeerTubeUploadCalls.chunk(session, token: token, bytes: bytes, first: upload.bytesOnServer,
                                                    total: upload.total)
            }
        } else {
            request = PeerTubeUploadCalls.start(origin: origin, token: token, metadata: upload.metadata, total: upload.total)
        }
        exchanges[id] = dependencies.http.fetch(request) { [weak self] result in
            guard let self else { return }
            exchanges[id] = nil
            answered(id, PeerTubeUploadCalls.answer(result, asked: request.url, now: dependencies.now()), origin: origin)
        }
    }

    private func answered(_ id: UploadRecord.ID, _ answer: PeerTubeUploadCalls.Answer, origin: URL) {
        guard var upload = uploads.first(where: { $0.id == id }) else { return }
        switch answer {
        case .session(let url):
            renewed.remove(id)
            upload.sessionURL = url
            upload.bytesOnServer = 0
            upload.state = .sending
        case .has(let bytes):
            renewed.remove(id)
            upload.bytesOnServer = min(bytes, upload.total)
            upload.state = .sending
            upload.attempts = 0
        case .uploaded(let uuid, let shortUUID):
            upload.bytesOnServer = upload.total
            upload.remoteID = uuid
            upload.remoteURL = PeerTubeUploadCalls.page(origin: origin, uuid: uuid, shortUUID: shortUUID)
            upload.state = .processing
            upload.attempts = 0
        case .unauthorized:
            return refusedToken(id)
        case .gone:
            // The server forgot it (expired, or cleaned up): from the start, with what the library kept.
            upload.sessionURL = nil
            upload.bytesOnServer = 0
            upload.state = .starting
        case .tooBig(let words):
            return fail(id, tr("The server refused the video as too big: {reason}", ["reason": words]))
        case .refused(let words):
            return fail(id, tr("The server refused the video: {reason}", ["reason": words]))
        case .tryLater(let reason, let seconds):
            return retryLater(id, reason: reason, after: seconds)
        }
        guard record(upload) else { return }
        if case .processing = upload.state {
            timers[id] = dependencies.timers.after(milliseconds: dependencies.pollMilliseconds) { [weak self] in
                self?.timers[id] = nil
                self?.step(id, ask: false)
            }
        } else {
            step(id, ask: false)
        }
        if case .uploaded = answer, let page = upload.remoteURL {
            // The local post links to the remote one (Share copies its page).
            try? dependencies.store.linkPost(upload.postID, to: page)
            setThumbnail(of: upload, origin: origin)
        }
    }

    /// The chosen cover as the video's thumbnail: one try, beside the polling; a failure leaves
    /// the one the server made (said in the events, nothing else depends on it).
    private func setThumbnail(of upload: UploadRecord, origin: URL) {
        guard let cover = upload.cover, let uuid = upload.remoteID,
              let png = try? dependencies.readBytes(cover, 0, 8 << 20), !png.isEmpty else { return }
        dependencies.accounts.accessToken(for: upload.account, renewing: false) { [weak self] token in
            guard let self, case .success(let token) = token else { return }
            dependencies.http.fetch(PeerTubeUploadCalls.thumbnail(origin: origin, uuid: uuid, token: token, png: png)) { [weak self] result in
                guard case .success(let response) = result, response.head.isSuccess else {
                    let reason = (try? result.get()).map { String($0.status) } ?? "\(result)"
                    self?.dependencies.events?.emit(.error(kind: "upload", message: tr("The cover was not set as the thumbnail"),
                                                           postID: upload.postID, detail: reason))
                    return
                }
            }
        }
    }

    private func polled(_ id: UploadRecord.ID, _ result: Result<HTTPResponse, HTTPFailure>) {
        exchanges[id] = nil
        guard var upload = uploads.first(where: { $0.id == id }) else { return }
        switch PeerTubeUploadCalls.published(result) {
        case true?:
            upload.state = .published
            record(upload)
        case false?:
            fail(id, tr("The server could not convert the video; it stays on this computer."))
        case nil:
            timers[id] = dependencies.timers.after(milliseconds: dependencies.pollMilliseconds) { [weak self] in
                self?.timers[id] = nil
                self?.step(id, ask: false)
            }
        }
    }

    /// Once with a renewed token; a second 401 waits (the account may need a sign-in).
    func refusedToken(_ id: UploadRecord.ID) {
        guard renewed.insert(id).inserted else {
            renewed.remove(id)
            return retryLater(id, reason: tr("the server did not take the account’s sign-in"), after: nil)
        }
        renewing.insert(id)
        step(id, ask: true)
    }

    /// Asks again later: after the server's Retry-After, else 1 s doubling to a minute.
    func retryLater(_ id: UploadRecord.ID, reason: String, after seconds: Double?) {
        guard var upload = uploads.first(where: { $0.id == id }) else { return }
        upload.attempts += 1
        let backoff = min(Int64(1_000) << Int64(min(upload.attempts - 1, 6)), 60_000)
        let wait = seconds.map { Int64(($0 * 1000).rounded(.up)) } ?? backoff
        let previous = upload.state
        upload.state = .waiting(atMs: nowMs + min(max(wait, 0), 10 * 60_000), reason: reason)
        // Processing stays processing: only the next look waits.
        if case .processing = previous {
            upload.state = .processing
            timers[id] = dependencies.timers.after(milliseconds: UInt32(clamping: wait)) { [weak self] in
                self?.timers[id] = nil
                self?.step(id, ask: false)
            }
            return
        }
        guard record(upload) else { return }
        step(id, ask: true)
    }

    func fail(_ id: UploadRecord.ID, _ reason: String) {
        guard var upload = uploads.first(where: { $0.id == id }) else { return }
        upload.state = .failed(reason: reason)
        record(upload)
    }

    /// Writes `upload` and reports it; false (and the upload paused here until the next start)
    /// when the library could not be written: a byte the library does not know of is not sent.
    @discardableResult
    func record(_ upload: UploadRecord) -> Bool {
        guard let index = uploads.firstIndex(where: { $0.id == upload.id }) else { return false }
        do {
            try dependencies.store.saveUpload(upload)
        } catch {
            var paused = upload
            paused.state = .waiting(atMs: Int64.max, reason: RecorderError.isOutOfSpace(error)
                ? tr("the disk is full: the upload goes on once there is room and Loopfeed starts again")
                : tr("the library could not be written: the upload goes on when Loopfeed starts again"))
            uploads[index] = paused
            report(paused)
            dependencies.events?.emit(.error(kind: "upload", message: tr("The upload could not be written to the library"),
                                             postID: upload.postID, detail: String(describing: error)))
            return false
        }
        uploads[index] = upload
        report(upload)
        return true
    }

    /// Reports `upload` without writing it to the library: bytes a Loops POST wrote so far, of
    /// which the server keeps none unless it answers yes.
    func show(_ upload: UploadRecord) {
        guard let index = uploads.firstIndex(where: { $0.id == upload.id }) else { return }
        uploads[index] = upload
        report(upload)
    }

    private func report(_ upload: UploadRecord) {
        for observer in observers { observer(upload, false) }
        let reason: String = switch upload.state {
        case .waiting(_, let reason), .failed(let reason): reason
        default: ""
        }
        dependencies.events?.emit(.upload(state: upload.state.eventName, bytes: upload.bytesOnServer, total: upload.total,
                                          postID: upload.postID, reason: reason))
    }

    /// `count` bytes of `file` from `offset` (fewer at its end).
    public nonisolated static func read(_ file: URL, offset: Int64, count: Int) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        return Array(try handle.read(upToCount: count) ?? Data())
    }
}

extension UploadService: PostUploading {}

/// The library's uploads were not read at launch: a new one is not begun (it could not be kept).
struct UploadNotStarted: Error, CustomStringConvertible {
    var description: String { tr("the uploads could not be read from the library") }
}
