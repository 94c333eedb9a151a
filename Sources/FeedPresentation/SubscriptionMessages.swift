public import FeedCore
public import Foundation
import Localization

/// What the window says when an address has been added (Ctrl+L).
public enum SubscriptionMessages {
    public static func message(for outcome: SubscriptionOutcome, address: String) -> String {
        switch outcome {
        case .subscribed(let subscription, let added):
            let title = subscription.title.isEmpty ? address : subscription.title
            return added.isEmpty ? tr("Following {title}: no videos yet", ["title": title])
                : trn("Following {title}: {count} video", "Following {title}: {count} videos", added.count, ["title": title])
        case .alreadySubscribed(let subscription):
            return tr("You already follow {title}.", ["title": subscription.title.isEmpty ? address : subscription.title])
        case .imported(let subscriptions):
            return trn("Following {count} feed from the list", "Following {count} feeds from the list", subscriptions.count)
        case .video:
            return tr("Added the video.")
        case .failed(let reason):
            return tr("Couldn’t follow {address}: {reason}", ["address": address, "reason": reason])
        }
    }

    /// What the user typed or pasted, as an address: "video.example/c/x" is taken as https.
    public static func address(from text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains(" ") else { return nil }
        let withScheme = trimmed.contains("://") ? trimmed : "https://" + trimmed
        guard let url = URL(string: withScheme), url.host?.isEmpty == false else { return nil }
        return url
    }

    /// Pasted text as an address: only what says http:// or https:// itself (a word on the
    /// clipboard is not taken for a host).
    public static func pastedAddress(from text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = address(from: trimmed), let scheme = url.scheme?.lowercased(),
              trimmed.lowercased().hasPrefix(scheme + "://"), scheme == "http" || scheme == "https" else { return nil }
        return url
    }
}
