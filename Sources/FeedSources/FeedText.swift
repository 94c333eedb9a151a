import FeedCore
import Foundation
import XMLKit

/// What a feed says, made safe to show and to follow: text without control characters or
/// direction overrides (shown as it is, never as markup), HTML made plain, and only http(s)
/// links resolved against the feed's own address.
enum FeedText {
    /// Control characters (but line breaks and tabs) and bidi embeddings, overrides and isolates
    /// go: a title can't reorder or hide the text around it.
    static func clean(_ text: String, keepLineBreaks: Bool = false) -> String {
        let scalars = text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A where keepLineBreaks: true
            case 0x09: true
            case 0x00...0x1F, 0x7F...0x9F: false
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: false
            default: true
            }
        }
        var out = String(String.UnicodeScalarView(scalars))
        if !keepLineBreaks { out = out.replacingOccurrences(of: "\t", with: " ") }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A title: literal text on one line, no longer than a caption may be (a feed may be 10 MB).
    static func title(_ text: String) -> String { line(text, limit: TextLimits.caption) }

    /// A person's or a channel's name: literal text on one line, no longer than the library
    /// holds a name (a feed's author could be megabytes long, and was stored and shown whole).
    static func name(_ text: String) -> String { line(text, limit: TextLimits.name) }

    /// A description: as many characters as a caption at most (a 10 MB description was kept
    /// whole in memory with every entry of a refresh).
    static func description(_ text: String) -> String { cut(clean(text, keepLineBreaks: true), to: TextLimits.caption) }

    /// A description in HTML (RSS, Atom html, JSON content_html) as plain text.
    static func plain(html: String) -> String { cut(clean(HTMLText.plain(html), keepLineBreaks: true), to: TextLimits.caption) }

    private static func line(_ text: String, limit: Int) -> String {
        cut(clean(text.split(whereSeparator: \.isNewline).joined(separator: " ")), to: limit)
    }

    private static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    /// `link` resolved against `base`; nil unless it is http or https (never a file or a path
    /// on this machine).
    static func webURL(_ link: String?, base: URL?) -> URL? {
        guard let link = link?.trimmingCharacters(in: .whitespacesAndNewlines), !link.isEmpty,
              let url = URL(string: link, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// A feed's date in any of the forms feeds write (FeedDate); nil when it is none of them.
    static func date(_ text: String?) -> Date? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return FeedDate.parse(text)
    }

    /// "00:01:05", "65", "1:05" as seconds.
    static func seconds(_ text: String?) -> Double? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let parts = text.split(separator: ":").map { Double($0) }
        guard !parts.contains(nil) else { return nil }
        return parts.compactMap { $0 }.reduce(0) { $0 * 60 + $1 }
    }
}
