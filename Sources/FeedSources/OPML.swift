public import Foundation
import XMLKit

/// One subscription in an OPML file.
public struct OPMLOutline: Sendable, Equatable {
    public var feedURL: URL
    public var title: String

    public init(feedURL: URL, title: String) {
        self.feedURL = feedURL
        self.title = title
    }
}

/// OPML, the list of subscriptions feed readers import and export: every outline with an
/// `xmlUrl` (in any folder), and a file of one's own subscriptions to take elsewhere.
public enum OPML {
    static func read(_ bytes: [UInt8], base: URL?) throws(XMLReadError) -> [OPMLOutline] {
        var outlines: [OPMLOutline] = []
        try XMLEventReader.read(bytes) { event in
            guard case .start(_, "outline", let attributes) = event,
                  let url = FeedText.webURL(attributes["xmlUrl"] ?? attributes["xmlurl"], base: base) else { return true }
            guard !outlines.contains(where: { $0.feedURL == url }) else { return true }
            outlines.append(OPMLOutline(feedURL: url, title: FeedText.title(attributes["title"] ?? attributes["text"] ?? "")))
            return true
        }
        return outlines
    }

    /// An OPML 2.0 document of `outlines`, titled `title`.
    public static func write(_ outlines: [OPMLOutline], title: String) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let body = outlines.map {
            "    <outline type=\"rss\" text=\"\(escaped($0.title))\" title=\"\(escaped($0.title))\" xmlUrl=\"\(escaped($0.feedURL.absoluteString))\"/>"
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head><title>\(escaped(title))</title></head>
              <body>
            \(body)
              </body>
            </opml>

            """
    }
}
