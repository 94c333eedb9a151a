import FeedCore
import Foundation

/// A followed feed's entries as the library's posts: each one's address (the rendition for the
/// window; a video nothing here plays is a post whose page says why, never a gap), its author
/// (the feed's channel for its own entries), and its place on the network. A value made on the
/// main thread and read where the posts are made: on the entry store's worker in the app, as a
/// 10 MB feed's 18,915 entries held the main loop 200 ms there (bench step 12).
struct FeedEntryPosts: Sendable {
    let feed: ParsedFeed
    let subscription: Subscription
    /// The window's size in device pixels (`PlaybackChoice`).
    let window: PixelSize
    /// When the feed arrived: no entry is dated later.
    let arrival: Date

    func make() -> [RemotePost] {
        let feedURL = URL(string: subscription.url)
        let host = feedURL?.host ?? "web"
        let channel = feedURL.flatMap { FollowedPostIdentity.channelHandle(of: feed, url: $0) }
        // A feed's entries share a few authors: each name's handle is made once.
        var handles: [String: String] = [:]
        var posts: [RemotePost] = []
        posts.reserveCapacity(feed.entries.count)
        for entry in feed.entries {
            let sources = RemoteVideoSources(feedRenditions: entry.renditions)
            let address = PlaybackChoice.order(sources, window: window).first?.address
                ?? UnplayableVideo(feedRenditions: entry.renditions, identity: "\(subscription.url) \(entry.id)").address
            // A name, as long as the library holds one (a feed's title may be a caption long).
            let name = entry.author ?? FeedText.name(feed.title.isEmpty ? host : feed.title)
            let isFeedsOwn = entry.author == nil || entry.author == feed.title
            let named = handles[name] ?? Self.handle(name, host: host)
            handles[name] = named
            posts.append(RemotePost(subscriptionID: subscription.id, remoteID: entry.id,
                                    authorHandle: isFeedsOwn ? channel ?? named : named,
                                    // Its own sound: shown as "Original sound — " and the channel (Post.musicLine).
                                    authorName: name, caption: entry.title, music: "",
                                    videoURI: address,
                                    duration: entry.durationSeconds ?? 0, likeCount: entry.likeCount ?? 0,
                                    // A date in the future would pin the entry above everything
                                    // newer for as long as it lasts: it arrived now.
                                    created: min(entry.published ?? arrival, arrival), pageURL: entry.pageURL?.absoluteString,
                                    thumbnailURI: entry.thumbnailURL?.absoluteString, sources: sources,
                                    remote: feedURL.flatMap { FollowedPostIdentity.of(entry, feed: $0) },
                                    // The channel's picture (the Following window shows it too) is
                                    // its own author's, not that of another channel in the feed.
                                    authorAvatarURI: isFeedsOwn ? feed.imageURL?.absoluteString : nil))
        }
        return posts
    }

    /// A handle for a feed's author by name: its letters and digits, "." between words, at the
    /// feed's host.
    static func handle(_ name: String, host: String) -> String {
        let slug = name.lowercased().unicodeScalars.map { scalar -> String in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII ? String(scalar) : "."
        }.joined().split(separator: ".").joined(separator: ".")
        let short = String(slug.prefix(TextLimits.handle)).trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return "\(short.isEmpty ? "channel" : short)@\(host)"
    }
}
