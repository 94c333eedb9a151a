public import Foundation

/// Makes (or finds in the cache) a still of a post's video for grids and the Inbox, off the
/// main thread. Implemented by FeedMedia's ThumbnailGenerator; a fake in FeedTesting.
public protocol ThumbnailProviding: Sendable {
    /// `completion` runs on the main thread with the PNG, or nil when the video can't be
    /// decoded; never when `ticket` was cancelled before the work began. A `cover` chosen when
    /// posting wins while its file is there (checked on the worker, not by the view).
    @discardableResult
    func thumbnail(postID: Int64, uri: String, cover: URL?, ticket: WorkTicket,
                   completion: @escaping @Sendable @MainActor (URL?) -> Void) -> WorkTicket

    /// Makes the still ahead of time, behind everything a user waits for (an import of many
    /// files prepares theirs while the feed keeps paging).
    func prepare(postID: Int64, uri: String)
}

extension ThumbnailProviding {
    @discardableResult
    public func thumbnail(postID: Int64, uri: String,
                          completion: @escaping @Sendable @MainActor (URL?) -> Void) -> WorkTicket {
        thumbnail(postID: postID, uri: uri, cover: nil, ticket: WorkTicket(), completion: completion)
    }
}

extension ThumbnailProviding {
    @discardableResult
    public func thumbnail(postID: Int64, uri: String, ticket: WorkTicket,
                          completion: @escaping @Sendable @MainActor (URL?) -> Void) -> WorkTicket {
        thumbnail(postID: postID, uri: uri, cover: nil, ticket: ticket, completion: completion)
    }
}
