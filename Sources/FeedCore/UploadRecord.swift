public import Foundation

/// One post on its way to a PeerTube channel or a Loops account, as the library keeps it (migration 13): each step
/// is written before the next, so after a crash or kill -9 the upload goes on from the byte the
/// server has. The local post it came from is never touched by what happens here.
public struct UploadRecord: Sendable, Equatable, Identifiable {
    public enum State: Sendable, Equatable {
        /// Written; the first request (the metadata) not yet answered.
        case starting
        /// The server gave its address (`sessionURL`); bytes go.
        case sending
        /// A lost connection, a server error or a 429: asked again at `atMs` where the server is.
        case waiting(atMs: Int64, reason: String)
        /// On the server, being transcoded; polled until it is published.
        case processing
        case published
        /// Stopped for good, in words (too big, over the quota, refused); the local post stays.
        case failed(reason: String)

        /// The `upload` event's `state`.
        public var eventName: String {
            switch self {
            case .starting: "starting"
            case .sending: "sending"
            case .waiting: "waiting"
            case .processing: "processing"
            case .published: "published"
            case .failed: "failed"
            }
        }

        /// Nothing more goes to the server for it.
        public var isOver: Bool {
            switch self {
            case .published, .failed: true
            default: false
            }
        }
    }

    public typealias ID = Int64

    public var id: ID
    public var postID: Int64
    public var account: AccountKey
    /// The file sent (the local post's video, in the library's data folder).
    public var file: URL
    public var total: Int64
    public var metadata: UploadMetadata
    /// The chosen cover (a PNG), set as the video's thumbnail once the server has the video.
    public var cover: URL?
    /// PeerTube: where the chunks go (the first answer's Location, with its upload_id). Loops
    /// (one POST, no session): where the video was sent, written before it goes; once set the
    /// server may have it, so the account's videos are looked through before it is sent again.
    public var sessionURL: URL?
    /// What the server said it has, from byte 0.
    public var bytesOnServer: Int64
    public var state: State
    /// Sendings after a failure so far (the backoff grows with them).
    public var attempts: Int
    /// The video's uuid on the server, and its page (what Share copies).
    public var remoteID: String?
    public var remoteURL: URL?

    public init(id: ID, postID: Int64, account: AccountKey, file: URL, total: Int64, metadata: UploadMetadata,
                cover: URL? = nil, sessionURL: URL? = nil, bytesOnServer: Int64 = 0, state: State = .starting, attempts: Int = 0,
                remoteID: String? = nil, remoteURL: URL? = nil) {
        self.id = id
        self.postID = postID
        self.account = account
        self.file = file
        self.total = total
        self.metadata = metadata
        self.cover = cover
        self.sessionURL = sessionURL
        self.bytesOnServer = bytesOnServer
        self.state = state
        self.attempts = attempts
        self.remoteID = remoteID
        self.remoteURL = remoteURL
    }

    /// 0...1 of the file on the server.
    public var fraction: Double { total > 0 ? min(1, Double(bytesOnServer) / Double(total)) : 0 }
}

/// The uploads in the library (FeedStorage's UploadStore; memory in FeedTesting).
public protocol UploadStoring: AnyObject {
    /// Every upload, oldest first.
    func uploads() throws -> [UploadRecord]
    /// Writes a new upload (its id is the store's) and gives it back.
    func addUpload(_ upload: UploadRecord) throws -> UploadRecord
    func saveUpload(_ upload: UploadRecord) throws
    /// Forgets it (a cancelled upload: the local post stays).
    func deleteUpload(_ id: UploadRecord.ID) throws
    /// The local post's page is now `page` (the video on the server): Share copies it.
    func linkPost(_ postID: Int64, to page: URL) throws
}
