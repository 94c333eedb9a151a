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
            case .hashtag(let tag):
                "<a href=\"hashtag:" + Markup.escape(tag.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? tag)
                    + "\"><b>#" + Markup.escape(tag) + "</b></a>"
            case .mention(let handle):
                "<a href=\"mention:" + Markup.escape(handle) + "\"><b>@" + Markup.escape(handle) + "</b></a>"
            }
        }.joined()
    }

    static func link(_ uri: String) -> Link? {
        if uri.hasPrefix("hashtag:"), let tag = String(uri.dropFirst(8)).removingPercentEncoding { return .hashtag(tag) }
        if uri.hasPrefix("mention:"), let handle = String(uri.dropFirst(8)).removingPercentEncoding { return .mention(handle) }
        return nil
    }
}
