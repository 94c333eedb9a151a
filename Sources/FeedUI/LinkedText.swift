import FeedCore
import Foundation
import GLibKit
import GtkKit

/// Text someone wrote (a caption, a comment) as Pango markup with its #hashtags and @mentions as
/// links, and those links read back. Nothing written is ever interpreted: all else is escaped.
enum LinkedText {
    enum Link: Equatable {
        case hashtag(String)
        case mention(String)
    }

    static func markup(_ text: String) -> String {
        Hashtags.runs(text).map { run in
            switch run {
            case .text(let text): Markup.escape(text)
            case .hashtag, .mention:
                "<a href=\"" + Markup.escape(uri(run) ?? "") + "\"><b>" + Markup.escape(run.shown) + "</b></a>"
            }
        }.joined()
    }

    /// Where the link with `uri` shows in `text`'s markup, in UTF-8 bytes of what the label shows
    /// (the first, when the same link is there twice).
    static func bytes(of uri: String, in text: String) -> Range<Int>? {
        CaptionRun.linkBytes(Hashtags.runs(text)).first { self.uri($0.run) == uri }?.bytes
    }

    static func link(_ uri: String) -> Link? {
        if uri.hasPrefix("hashtag:"), let tag = String(uri.dropFirst(8)).removingPercentEncoding { return .hashtag(tag) }
        if uri.hasPrefix("mention:"), let handle = String(uri.dropFirst(8)).removingPercentEncoding { return .mention(handle) }
        return nil
    }

    private static func uri(_ run: CaptionRun) -> String? {
        switch run {
        case .text: nil
        case .hashtag(let tag): "hashtag:" + (tag.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? tag)
        case .mention(let handle): "mention:" + handle
        }
    }
}
