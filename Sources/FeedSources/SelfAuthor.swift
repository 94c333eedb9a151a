public import FeedCore
import Localization

/// The person using this copy of Loopfeed, who likes, comments and posts as "@you".
public enum SelfAuthor {
    public static let handle = "you"

    /// Stores the local user's author row unless it is there already (then it is left as the
    /// user may have edited it). Called at every start, with or without samples.
    @discardableResult
    public static func ensure(in repository: any FeedRepository) throws -> Author {
        // Looked up as "the self author", not by handle: the user may have renamed themselves.
        if let existing = try repository.selfAuthor() { return existing }
        // TRANSLATORS: the name the user starts with (stored once; they can change it).
        return try repository.insertAuthor(Author(handle: handle, name: tr("You"), isSelf: true))
    }
}
