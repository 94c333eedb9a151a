import FeedCore
import Foundation

/// Where a followed feed's entry lives on its network, when the feed says it: a PeerTube
/// channel's or account's feed (`/feeds/videos.xml`, `.rss`, `.atom`...) links each item to its
/// page on the same instance, `/w/{shortUUID}` or `/videos/watch/{uuid}`; a Loops account's
/// feed (`/api/v1/feed/account/{id}`) gives each video's id. Other feeds, and items whose page
/// is elsewhere, carry none: nothing is guessed.
enum FollowedPostIdentity {
    static func of(_ entry: FeedEntry, feed: URL) -> RemotePostRef? {
        guard let base = RemoteHost.base(of: feed), let host = RemoteHost.host(of: feed) else { return nil }
        let feedPath = feed.path.split(separator: "/").map(String.init)
        if feedPath.count == 5, Array(feedPath.prefix(4)) == ["api", "v1", "feed", "account"] {
            guard RemoteVideoID.isValidID(entry.id), entry.id.allSatisfy(\.isASCII), entry.id.allSatisfy(\.isNumber) else { return nil }
            return RemotePostRef(network: .loops, host: host, apiBase: base, id: entry.id)
        }
        guard feedPath.count == 2, feedPath[0] == "feeds", feedPath[1].hasPrefix("videos."),
              let page = entry.pageURL, RemoteHost.host(of: page) == host else { return nil }
        let pagePath = page.path.split(separator: "/").map(String.init)
        let name: String
        switch pagePath.count {
        case 2 where pagePath[0] == "w": name = pagePath[1]
        case 3 where pagePath[0] == "videos" && pagePath[1] == "watch": name = pagePath[2]
        default: return nil
        }
        guard RemoteVideoID.isValidID(name) else { return nil }
        // A uuid (8-4-4-4-12) names the video as it is; anything else is its short uuid.
        let isUUID = name.count == 36 && name.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12]
        return RemotePostRef(network: .peertube, host: host, apiBase: base, id: name, shortUUID: isUUID ? nil : name)
    }

    /// The channel a PeerTube channel's feed is, as the network names it ("alice_loops@host:port"):
    /// its link (`/c/NAME` or `/video-channels/NAME`) on the feed's own instance. Its own videos
    /// then have the author Explore knows, whose @author opens that channel's page. Nil for any
    /// other feed.
    static func channelHandle(of feed: ParsedFeed, url: URL) -> String? {
        let feedPath = url.path.split(separator: "/").map(String.init)
        guard feedPath.count == 2, feedPath[0] == "feeds", feedPath[1].hasPrefix("videos."),
              let host = RemoteHost.host(of: url), let site = feed.siteURL, RemoteHost.host(of: site) == host else { return nil }
        let sitePath = site.path.split(separator: "/").map(String.init)
        guard sitePath.count == 2, ["c", "video-channels"].contains(sitePath[0]), RemoteActor.isValidName(sitePath[1]) else {
            return nil
        }
        return "\(sitePath[1])@\(host)"
    }
}
