public import FeedCore
public import Foundation

/// What following feeds and channels needs (Ctrl+L, the Following window, the refreshes).
public struct FollowingDependencies {
    /// Follows feeds and channels (FeedSources' SubscriptionService in the app).
    public var subscriptions: any FeedSubscribing
    /// Pictures from the web (a followed channel's), fetched once into the cache.
    public var webImages: (any WebImageFetching)?
    /// Web addresses named on the command line that are not a video's: followed at start.
    public var addressesToFollow: [URL]
    /// OPML files named on the command line: their feeds are followed at start.
    public var opmlFilesToImport: [URL]
    /// How often followed feeds are refreshed while the app stays open, in seconds (besides at
    /// launch); 0: only at launch.
    public var refreshSeconds: Int

    public init(subscriptions: any FeedSubscribing, webImages: (any WebImageFetching)?, addressesToFollow: [URL],
                opmlFilesToImport: [URL], refreshSeconds: Int) {
        self.subscriptions = subscriptions
        self.webImages = webImages
        self.addressesToFollow = addressesToFollow
        self.opmlFilesToImport = opmlFilesToImport
        self.refreshSeconds = refreshSeconds
    }
}
