import FeedCore
import Foundation

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org): items whose attachments include a video.
enum JSONFeedParser {
    private struct Document: Decodable {
        var version: String?
        var title: String?
        var home_page_url: String?
        var icon: String?
        var author: Person?
        var authors: [Person]?
        var items: [Item]?
    }

    private struct Person: Decodable { var name: String? }

    private struct Attachment: Decodable {
        var url: String?
        var mime_type: String?
        var size_in_bytes: Int64?
        var duration_in_seconds: Double?
    }

    private struct Item: Decodable {
        var id: JSONFeedID?
        var url: String?
        var title: String?
        var content_text: String?
        var content_html: String?
        var summary: String?
        var image: String?
        var date_published: String?
        var author: Person?
        var authors: [Person]?
        var attachments: [Attachment]?
    }

    /// Feeds usually say their version first. One that writes it after its items (JSON's keys
    /// have no order) was taken for something else, as was one whose first 2 KB ended inside a
    /// character (the strict decoding of those bytes failed): then the whole document says.
    static func isJSONFeed(_ bytes: [UInt8]) -> Bool {
        if String(decoding: bytes.prefix(2048), as: UTF8.self).contains("jsonfeed.org/version") { return true }
        return (try? JSONDecoder().decode(Version.self, from: Data(bytes)))?.version?.contains("jsonfeed.org/version") == true
    }

    private struct Version: Decodable {
        var version: String?
    }

    static func parse(_ bytes: [UInt8], base: URL?) throws -> ParsedFeed {
        let document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        let feedAuthor = (document.authors?.first ?? document.author)?.name
        var feed = ParsedFeed(title: FeedText.title(document.title ?? ""), siteURL: FeedText.webURL(document.home_page_url, base: base),
                              imageURL: FeedText.webURL(document.icon, base: base))
        for item in document.items ?? [] {
            let offered = (item.attachments ?? []).compactMap { attachment -> VideoRendition? in
                guard let url = FeedText.webURL(attachment.url, base: base),
                      let type = attachment.mime_type?.lowercased() else { return nil }
                let rendition = VideoRendition(url: url, mimeType: type, byteSize: attachment.size_in_bytes)
                return type.hasPrefix("video/") || rendition.isStreamPlaylist ? rendition : nil
            }
            // A stream's playlist is kept only to say why nothing else plays.
            let playable = offered.filter(\.isPlayableFile)
            let renditions = playable.isEmpty ? offered : playable
            guard let first = renditions.first else { continue }
            let summary = item.content_text.map(FeedText.description)
                ?? item.content_html.map(FeedText.plain(html:)) ?? item.summary.map(FeedText.description) ?? ""
            feed.entries.append(FeedEntry(
                id: item.id?.value ?? item.url ?? first.url.absoluteString, title: FeedText.title(item.title ?? ""),
                summary: summary, author: ((item.authors?.first ?? item.author)?.name ?? feedAuthor).map(FeedText.name),
                published: FeedText.date(item.date_published), pageURL: FeedText.webURL(item.url, base: base),
                renditions: renditions, thumbnailURL: FeedText.webURL(item.image, base: base),
                durationSeconds: item.attachments?.compactMap(\.duration_in_seconds).first))
        }
        return feed
    }
}
