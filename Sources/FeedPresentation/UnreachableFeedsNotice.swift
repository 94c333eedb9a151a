public import FeedCore
import Localization

/// What the window says, once, after the launch's refresh of the followed feeds: which of them
/// could not be reached. A feed that was already failing before (said at an earlier launch, and
/// in Following since) is not said again; nothing is said when every feed answered.
public struct UnreachableFeedsNotice: Sendable, Equatable {
    /// The feeds that had already failed before this refresh, by id.
    private let failingBefore: Set<Int64>

    /// `before`: what is followed as the launch's refresh starts.
    public init(before: [Subscription]) {
        failingBefore = Set(before.filter { $0.lastError != nil }.map(\.id))
    }

    /// `failed`: the feeds this refresh could not refresh. Nil: nothing to say.
    public func message(failed: [Subscription]) -> String? {
        let new = failed.filter { !failingBefore.contains($0.id) }
        guard !new.isEmpty else { return nil }
        let names = new.map { $0.title.isEmpty ? $0.url : $0.title }
        switch names.count {
        case 1:
            // TRANSLATORS: said once after launch; {title} is a followed channel or feed.
            return tr("Couldn’t reach {title}: its new videos come when it answers.", ["title": names[0]])
        case 2:
            return tr("Couldn’t reach {first} or {second}: their new videos come when they answer.",
                      ["first": names[0], "second": names[1]])
        default:
            return trn("Couldn’t reach {title} and {count} other followed feed: Following says more.",
                       "Couldn’t reach {title} and {count} other followed feeds: Following says more.",
                       names.count - 1, ["title": names[0]])
        }
    }
}
