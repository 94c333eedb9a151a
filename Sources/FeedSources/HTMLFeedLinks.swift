import Foundation
import XMLKit

/// Feed autodiscovery: the feeds a page announces with `<link rel="alternate" type=…>`, RSS and
/// Atom and JSON Feed, in the order the page lists them.
enum HTMLFeedLinks {
    static let feedTypes = ["application/rss+xml", "application/atom+xml", "application/feed+json", "application/json"]

    static func alternates(in html: [UInt8], base: URL?) -> [URL] {
        HTMLLinks.links(in: html).compactMap { link in
            let rel = (link["rel"] ?? "").lowercased().split(separator: " ")
            guard rel.contains("alternate"), let type = link["type"]?.lowercased(),
                  feedTypes.contains(where: { type.hasPrefix($0) }) else { return nil }
            return FeedText.webURL(link["href"], base: base)
        }
    }
}
