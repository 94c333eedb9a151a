public import FeedCore
import Foundation
import Localization

/// The offer to sign in made when the user likes or comments on a network's post that no account
/// of theirs acts on (issue 23): "Sign in to tube.example to like it there", once per network and
/// run, not at every like; what was done stays on this computer as before. Accepted, the offer
/// becomes what Preferences' Accounts form is filled with (the server's address and kind).
@MainActor
public final class SignInPrompt {
    public enum Action: Sendable {
        case like
        case comment
    }

    /// What is offered: the post's server, its network and the words shown.
    public struct Offer: Equatable, Sendable {
        public var network: RemoteNetwork
        public var host: String
        /// The server's address as the form takes it (scheme://host[:port]).
        public var address: String
        public var text: String

        public init(network: RemoteNetwork, host: String, address: String, text: String) {
            self.network = network
            self.host = host
            self.address = address
            self.text = text
        }
    }

    /// The offer shown now; nil when none.
    public private(set) var offer: Offer?
    /// What the Accounts form is to be filled with, once, after Sign in was chosen.
    public private(set) var formSuggestion: Offer?
    /// The offer changed (shown or gone).
    public var onChange: (() -> Void)?
    /// Networks offered already this run: the offer is not made again for them.
    private var offered: Set<RemoteNetwork> = []

    public init() {}

    /// `action` was done here on `remote`'s post, and no account acts on it.
    public func actedWithoutAccount(on remote: RemotePostRef, _ action: Action) {
        guard !offered.contains(remote.network) else { return }
        offered.insert(remote.network)
        let text = switch action {
        // TRANSLATORS: {server} is the post's server ("tube.example"); offered once, with a Sign in button.
        case .like: tr("Sign in to {server} to like it there", ["server": remote.host])
        // TRANSLATORS: {server} is the post's server ("tube.example"); offered once, with a Sign in button.
        case .comment: tr("Sign in to {server} to comment there", ["server": remote.host])
        }
        offer = Offer(network: remote.network, host: remote.host, address: remote.apiBase.absoluteString, text: text)
        onChange?()
    }

    /// Not now: the offer goes (and is not made again for its network this run).
    public func dismiss() {
        guard offer != nil else { return }
        offer = nil
        onChange?()
    }

    /// Sign in: the offer goes, and the Accounts form is to be filled with it.
    public func accept() {
        guard let offer else { return }
        formSuggestion = offer
        self.offer = nil
        onChange?()
    }

    /// What the Accounts form is filled with, once.
    public func takeFormSuggestion() -> Offer? {
        defer { formSuggestion = nil }
        return formSuggestion
    }
}
