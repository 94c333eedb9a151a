public import Foundation

/// Where a signed-in account may post: one of the posting page's destinations. A PeerTube
/// channel (with its id), or a Loops account itself (Loops has no channels: `id` 0, and no
/// choice of who can see it).
public struct UploadChannel: Sendable, Equatable {
    public var account: AccountKey
    public var id: Int
    public var displayName: String
    /// "name@host", as Preferences lists the account.
    public var accountHandle: String
    public var network: RemoteNetwork

    public init(account: AccountKey, id: Int, displayName: String, accountHandle: String, network: RemoteNetwork = .peertube) {
        self.account = account
        self.id = id
        self.displayName = displayName
        self.accountHandle = accountHandle
        self.network = network
    }

    /// Who may see the video is asked (PeerTube's privacy); Loops' uploads are public.
    public var asksPrivacy: Bool { network == .peertube }
}

/// Where the posting page posts: this computer only, or also a channel or Loops account (with
/// its privacy, which only PeerTube reads).
public enum PostingDestination: Sendable, Equatable {
    case thisComputer
    case channel(UploadChannel, UploadPrivacy)
}

/// Posts on their way to the user's channels (FeedSources' UploadService in the app): the
/// posting page starts one after the post is stored here, the banner shows and cancels it.
@MainActor
public protocol PostUploading: AnyObject {
    /// Oldest first, as the library has them.
    var uploads: [UploadRecord] { get }
    /// Told of each change; `cancelled` once an upload is cancelled (it is then gone).
    func observe(_ observer: @escaping @MainActor (_ upload: UploadRecord, _ cancelled: Bool) -> Void)
    /// The channels of the signed-in PeerTube accounts (none when no server answered) and the
    /// signed-in Loops accounts.
    func channels(then done: @escaping @MainActor ([UploadChannel]) -> Void)
    /// Writes the upload to the library and starts it (`cover`, a PNG, becomes the thumbnail);
    /// throws when the library could not be written (nothing was sent).
    @discardableResult
    func upload(postID: Int64, file: URL, cover: URL?, account: AccountKey, metadata: UploadMetadata) throws -> UploadRecord
    func cancel(_ id: UploadRecord.ID)
}
