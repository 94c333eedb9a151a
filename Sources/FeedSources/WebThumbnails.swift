public import FeedCore
public import Foundation
import GLibKit

/// Grid stills for followed posts without a second download: the feed's own still when it gave
/// one (WebImageCache), else a frame of the video once the cache holds it, else none yet. Local
/// posts go to the wrapped provider (FeedMedia's ThumbnailGenerator) as before.
public final class WebThumbnails: ThumbnailProviding {
    private let base: any ThumbnailProviding
    private let images: WebImageCache
    private let videos: VideoCache

    public init(base: any ThumbnailProviding, images: WebImageCache, videos: VideoCache) {
        self.base = base
        self.images = images
        self.videos = videos
    }

    @discardableResult
    public func thumbnail(postID: Int64, uri: String, cover: URL?, ticket: WorkTicket,
                          completion: @escaping @Sendable @MainActor (URL?) -> Void) -> WorkTicket {
        let webCover = cover.flatMap { $0.isFileURL ? nil : $0.absoluteString }
        guard webCover != nil || uri.isWebAddress else {
            return base.thumbnail(postID: postID, uri: uri, cover: cover, ticket: ticket, completion: completion)
        }
        MainLoop.invoke { [base, images, videos] in
            guard !ticket.isCancelled else { return }
            let fromVideo = {
                guard let file = videos.cachedFileURI(for: uri) else { return completion(nil) }
                base.thumbnail(postID: postID, uri: file, cover: nil, ticket: ticket, completion: completion)
            }
            guard let webCover else { return fromVideo() }
            images.image(at: webCover) { file in
                if let file { completion(file) } else { fromVideo() }
            }
        }
        return ticket
    }

    public func prepare(postID: Int64, uri: String) {
        // A remote post's still comes from its feed or its download, never a fetch of its own.
        guard !uri.isWebAddress else { return }
        base.prepare(postID: postID, uri: uri)
    }
}
