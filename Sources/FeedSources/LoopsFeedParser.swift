import FeedCore
import Foundation

/// A Loops account's videos as its public JSON API gives them (`/api/v1/feed/account/ID`):
/// `data` is a list of videos, each with its caption, page, account and `media.src_url`; older
/// videos are on the page `links.next` names, or `?cursor=` with `meta.next_cursor`.
enum LoopsFeedParser {
    private struct Page: Decodable {
        var data: [Video]
        var meta: Meta?
        var links: Links?
    }

    private struct Meta: Decodable { var next_cursor: String? }
    private struct Links: Decodable { var next: String? }

    private struct Video: Decodable {
        var id: JSONFeedID
        var caption: String?
        var url: String?
        var created_at: String?
        var likes: Int?
        var like_count: Int?
        var account: Account?
        var media: Media?
    }

    private struct Account: Decodable {
        var id: JSONFeedID?
        var username: String?
        var name: String?
    }

    private struct Media: Decodable {
        var src_url: String?
        var width: Int?
        var height: Int?
        var thumbnail: String?
        var duration: Double?
    }

    /// nil when the JSON is not a Loops list of videos.
    static func parse(_ bytes: [UInt8], base: URL?) -> ParsedFeed? {
        guard let page = try? JSONDecoder().decode(Page.self, from: Data(bytes)),
              page.data.contains(where: { $0.media != nil }) else { return nil }
        let owner = page.data.first?.account
        var feed = ParsedFeed(title: FeedText.title(owner?.name ?? owner?.username ?? ""))
        feed.nextPage = nextPage(page, base: base)
        for video in page.data {
            // A video without its file is kept, to say it can't play.
            guard video.media != nil else { continue }
            let rendition = FeedText.webURL(video.media?.src_url, base: base).map {
                VideoRendition(url: $0, mimeType: "video/mp4", width: video.media?.width, height: video.media?.height)
            }
            let author = video.account?.name ?? video.account?.username
            feed.entries.append(FeedEntry(
                id: video.id.value, title: FeedText.title(video.caption ?? ""),
                summary: FeedText.description(video.caption ?? ""), author: author.map(FeedText.name),
                published: FeedText.date(video.created_at), pageURL: FeedText.webURL(video.url, base: base),
                renditions: rendition.map { [$0] } ?? [], thumbnailURL: FeedText.webURL(video.media?.thumbnail, base: base),
                durationSeconds: video.media?.duration, likeCount: video.likes ?? video.like_count))
        }
        return feed
    }

    /// The older page: `links.next` when it is a web address, else this address with the cursor.
    private static func nextPage(_ page: Page, base: URL?) -> URL? {
        if let next = FeedText.webURL(page.links?.next, base: base) { return next }
        guard let cursor = page.meta?.next_cursor, !cursor.isEmpty, let base,
              var parts = URLComponents(url: base, resolvingAgainstBaseURL: true) else { return nil }
        parts.queryItems = (parts.queryItems ?? []).filter { $0.name != "cursor" } + [URLQueryItem(name: "cursor", value: cursor)]
        return parts.url
    }

    /// The account id in an answer of `/api/v1/account/username/NAME` (`{"data": {"id": …}}`
    /// or `{"id": …}`).
    static func accountID(in bytes: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        let account = (object["data"] as? [String: Any]) ?? object
        switch account["id"] {
        case let text as String: return text
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }
}
