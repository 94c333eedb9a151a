public import FeedCore
import Localization

/// For You's reasons in plain words (Why this video?).
public enum ForYouReasonText {
    public static func text(_ reason: ForYouReason, creator: String) -> String {
        switch reason {
        case .watchedTagToEnd(let tag, let count):
            // TRANSLATORS: Why this video?; {count} is 2 or more, {tag} a hashtag without "#".
            tr("You watched {count} videos tagged #{tag} to the end", ["count": count, "tag": tag])
        case .watchedCreatorToEnd(_, let count):
            tr("You watched {count} videos by {creator} to the end", ["count": count, "creator": creator])
        case .newFromFollowed:
            tr("New from a channel you follow")
        case .popularOn(let host?):
            tr("Popular on {host}", ["host": host])
        case .popularOn(nil):
            tr("Popular among your videos")
        case .fresh(let host?):
            tr("New on {host}", ["host": host])
        case .fresh(nil):
            tr("New in your library")
        case .somethingNew:
            tr("Something new for you")
        }
    }
}
