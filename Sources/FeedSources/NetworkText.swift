import FeedCore
import Foundation
import XMLKit

/// What the networks' APIs say, made safe the way FeedText makes feeds safe: text plain and
/// within TextLimits, addresses only http(s), relative paths only where the contract says a
/// field is a path, and resolved only on the server that answered.
enum NetworkText {
    /// Longer addresses are no addresses (a 10 MB document could be one).
    static let longestAddress = 8_192
    /// At most this many links are kept from one comment.
    static let mostLinks = 50
    /// A comment's HTML is read from its first 64 KB: its text is cut to 2,000 characters anyway.
    static let longestCommentHTML = 65_536

    /// An absolute http(s) address; relative ones, other schemes and oversized ones are nil.
    static func absoluteURL(_ text: String?) -> URL? {
        guard let text, text.utf8.count <= longestAddress else { return nil }
        return FeedText.webURL(text, base: nil)
    }

    /// A field the contract makes a path on a server (PeerTube's `thumbnailPath`, `captionPath`,
    /// `ActorImage.path`, on the instance that answered): "/..." only (never "//host" or a
    /// scheme), resolved against `base` (scheme://host[:port]) and kept only if it stays there.
    static func pathURL(_ text: String?, on base: URL) -> URL? {
        guard let text, text.utf8.count <= longestAddress, text.hasPrefix("/"), !text.hasPrefix("//"),
              !text.contains("\\"), let url = FeedText.webURL(text, base: base),
              RemoteHost.host(of: url) == RemoteHost.host(of: base) else { return nil }
        return url
    }

    /// A title on one line, at most a caption's length.
    static func title(_ text: String?) -> String { FeedText.title(text ?? "") }

    /// A display name on one line, at most a name's length.
    static func name(_ text: String?) -> String { FeedText.name(text ?? "") }

    /// A description with its line breaks, at most a caption's length.
    static func description(_ text: String?) -> String { FeedText.description(text ?? "") }

    /// A comment in HTML (PeerTube) as plain text and the http(s) links of its `<a>`s.
    static func comment(html: String) -> (text: String, links: [URL]) {
        let head = html.utf8.count > longestCommentHTML ? String(Substring(html.unicodeScalars.prefix(longestCommentHTML))) : html
        let (plain, hrefs) = HTMLText.plainWithLinks(head)
        let links = hrefs.lazy.compactMap(absoluteURL).prefix(mostLinks)
        return (cut(FeedText.clean(plain, keepLineBreaks: true), to: TextLimits.comment), unique(Array(links)))
    }

    /// A comment in plain text (Loops) and the http(s) addresses written in it; markup in it
    /// stays the text it is.
    static func comment(plain text: String) -> (text: String, links: [URL]) {
        let cleaned = cut(FeedText.clean(text, keepLineBreaks: true), to: TextLimits.comment)
        let trailing = CharacterSet(charactersIn: ".,;:!?)]}\"'»")
        let words = cleaned.split(whereSeparator: { $0.isWhitespace })
        let links = words.lazy.filter { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
            .compactMap { absoluteURL(String($0).trimmingCharacters(in: trailing)) }.prefix(mostLinks)
        return (cleaned, unique(Array(links)))
    }

    static func date(_ text: String?) -> Date? {
        guard let text, text.utf8.count <= 64 else { return nil }
        return FeedText.date(text)
    }

    private static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    private static func unique(_ links: [URL]) -> [URL] {
        var seen = Set<URL>()
        return links.filter { seen.insert($0).inserted }
    }
}
