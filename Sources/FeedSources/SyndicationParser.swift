import FeedCore
import Foundation
import XMLKit

/// RSS 2.0 (with Media RSS, as PeerTube writes it) and Atom (as Loops writes it), read in one
/// pass with libxml2's streaming reader. Only entries with a video are kept (one that can't play
/// here too: a stream's playlist, a video of another type).
struct SyndicationParser {
    static let atom = "http://www.w3.org/2005/Atom"
    static let media = "http://search.yahoo.com/mrss/"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"

    let base: URL?

    private struct Draft {
        var id = ""
        var title = ""
        var summary = ""
        var summaryIsHTML = true
        var author: String?
        var published: String?
        var page: String?
        var renditions: [VideoRendition] = []
        var thumbnail: String?
        var duration: Double?
        var likes: Int?
    }

    private var feed = ParsedFeed(title: "")
    private var entry: Draft?
    private var path: [(namespace: String, name: String, attributes: [String: String])] = []
    private var text = ""

    init(base: URL?) { self.base = base }

    static func parse(_ bytes: [UInt8], base: URL?) throws(XMLReadError) -> ParsedFeed {
        var parser = SyndicationParser(base: base)
        try XMLEventReader.read(bytes) { event in
            parser.handle(event)
            return true
        }
        return parser.feed
    }

    private mutating func handle(_ event: XMLEvent) {
        switch event {
        case .start(let namespace, let name, let attributes):
            path.append((namespace, name, attributes))
            text = ""
            start(namespace, name, attributes)
        case .text(let chunk):
            text += chunk
        case .end(let namespace, let name):
            end(namespace, name, attributes: path.last?.attributes ?? [:], text: text)
            text = ""
            if !path.isEmpty { path.removeLast() }
        }
    }

    private var parentName: String { path.count >= 2 ? path[path.count - 2].name : "" }

    private mutating func start(_ namespace: String, _ name: String, _ attributes: [String: String]) {
        switch (namespace, name) {
        case ("", "item"), (Self.atom, "entry"):
            entry = Draft()
        case ("", "enclosure"):
            addRendition(url: attributes["url"], type: attributes["type"], size: attributes["length"])
        case (Self.atom, "link") where entry != nil:
            let rel = attributes["rel"] ?? "alternate"
            if rel == "enclosure" {
                addRendition(url: attributes["href"], type: attributes["type"], size: attributes["length"])
            } else if rel == "alternate", entry?.page == nil {
                entry?.page = attributes["href"]
            }
        case (Self.atom, "link"):
            if (attributes["rel"] ?? "alternate") == "alternate", feed.siteURL == nil {
                feed.siteURL = FeedText.webURL(attributes["href"], base: base)
            }
        case (Self.media, "content"):
            // PeerTube marks its split audio file medium="video" too; its type says audio.
            let medium = attributes["medium"]?.lowercased()
            guard medium == nil || medium == "video" || medium == "audio" else { return }
            addRendition(url: attributes["url"], type: attributes["type"], size: attributes["fileSize"],
                         width: attributes["width"], height: attributes["height"], isVideo: medium == "video")
            if let duration = attributes["duration"].flatMap(Double.init), entry?.duration == nil { entry?.duration = duration }
        case (Self.media, "thumbnail") where entry != nil:
            if entry?.thumbnail == nil { entry?.thumbnail = attributes["url"] }
        case (Self.media, "starRating"), (Self.media, "statistics"):
            if let likes = (attributes["favorites"] ?? attributes["count"]).flatMap(Int.init) { entry?.likes = likes }
        default:
            break
        }
    }

    private mutating func end(_ namespace: String, _ name: String, attributes: [String: String], text: String) {
        guard entry != nil else { return feedLevel(namespace, name, text) }
        switch (namespace, name) {
        case ("", "item"), (Self.atom, "entry"):
            finishEntry()
        case ("", "guid"), (Self.atom, "id"):
            entry?.id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case ("", "title"), (Self.atom, "title"):
            entry?.title = text
        case (Self.media, "title") where entry?.title.isEmpty == true:
            entry?.title = text
        case ("", "description"), (Self.atom, "summary"), (Self.atom, "content"):
            // Atom's text (not html) content is text already.
            if entry?.summary.isEmpty == true || name == "description" {
                entry?.summary = text
                entry?.summaryIsHTML = namespace != Self.atom || ["html", "xhtml"].contains(attributes["type"] ?? "text")
            }
        case (Self.media, "description") where entry?.summary.isEmpty == true:
            entry?.summary = text
            entry?.summaryIsHTML = attributes["type"] == "html"
        case ("", "link"):
            entry?.page = text
        case ("", "pubDate"), (Self.atom, "published"):
            entry?.published = text
        case (Self.atom, "updated") where entry?.published == nil:
            entry?.published = text
        case (Self.dublinCore, "creator"), ("", "author"):
            if entry?.author == nil { entry?.author = text }
        case (Self.atom, "name") where parentName == "author":
            if entry?.author == nil { entry?.author = text }
        case (Self.itunes, "duration") where entry?.duration == nil:
            entry?.duration = FeedText.seconds(text)
        default:
            break
        }
    }

    private mutating func feedLevel(_ namespace: String, _ name: String, _ text: String) {
        switch (namespace, name, parentName) {
        case ("", "title", "channel"), (Self.atom, "title", "feed"):
            feed.title = FeedText.title(text)
        case ("", "link", "channel"):
            feed.siteURL = feed.siteURL ?? FeedText.webURL(text, base: base)
        case ("", "url", "image"), (Self.atom, "logo", "feed"), (Self.atom, "icon", "feed"):
            feed.imageURL = feed.imageURL ?? FeedText.webURL(text, base: base)
        default:
            break
        }
    }

    /// `isVideo`: Media RSS says it is a video (`medium="video"`), whatever its type.
    private mutating func addRendition(url: String?, type: String?, size: String?, width: String? = nil, height: String? = nil,
                                       isVideo: Bool = false) {
        guard entry != nil, let url = FeedText.webURL(url, base: base) else { return }
        let rendition = VideoRendition(url: url, mimeType: type?.lowercased(), width: width.flatMap(Int.init),
                                       height: height.flatMap(Int.init), byteSize: size.flatMap(Int64.init))
        // The audio-only file is kept for the video-only ones it gives their sound to; a stream's
        // playlist or a video of another type, to say why the entry can't play.
        let unplayableVideo = rendition.isStreamPlaylist || (isVideo && !rendition.isAudioFile)
        guard rendition.isPlayableFile || rendition.isAudioFile || unplayableVideo,
              !(entry?.renditions.contains { $0.url == url } ?? false) else { return }
        entry?.renditions.append(rendition)
    }

    private mutating func finishEntry() {
        guard let draft = entry else { return }
        entry = nil
        // An entry with no video at all (a post of a blog) is left out.
        guard let first = draft.renditions.first(where: \.isPlayableFile) ?? draft.renditions.first(where: { !$0.isAudioFile })
        else { return }
        let id = draft.id.isEmpty ? (draft.page ?? first.url.absoluteString) : draft.id
        // What can't play is kept only to say why when nothing else can.
        let playable = draft.renditions.filter { $0.isPlayableFile || $0.isAudioFile }
        let renditions = first.isPlayableFile ? playable : draft.renditions
        feed.entries.append(FeedEntry(
            id: id, title: FeedText.title(draft.title),
            summary: draft.summaryIsHTML ? FeedText.plain(html: draft.summary) : FeedText.description(draft.summary),
            author: draft.author.map(FeedText.name).flatMap { $0.isEmpty ? nil : $0 },
            published: FeedText.date(draft.published), pageURL: FeedText.webURL(draft.page, base: base),
            renditions: renditions, thumbnailURL: FeedText.webURL(draft.thumbnail, base: base),
            durationSeconds: draft.duration, likeCount: draft.likes))
    }
}
