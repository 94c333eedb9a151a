public import FeedCore
import Localization

/// What an account already follows and likes, brought in once it is signed in (issue 23): its
/// channels are followed here as the account's (Following says "From name@host"), and the videos
/// it liked show as liked, now and whenever they come. It runs once per sign-in, not at each
/// launch. A failure says so in plain words and leaves the sign-in done.
@MainActor
public final class AccountImport {
    public struct Dependencies {
        public var reader: any AccountLibraryReading
        public var subscriptions: any FeedSubscribing
        public var likes: any AccountLikesStoring
        /// A working token of the account on `host`.
        public var token: @MainActor (_ host: String, _ done: @escaping @MainActor (Result<String, SignInFailure>) -> Void) -> Void
        /// Where the outcome is said (Preferences' Accounts line; a failure in the window too).
        public var say: @MainActor (_ text: String, _ isProblem: Bool) -> Void
        public var events: (any EventSink)?

        public init(reader: any AccountLibraryReading, subscriptions: any FeedSubscribing, likes: any AccountLikesStoring,
                    token: @escaping @MainActor (String, @escaping @MainActor (Result<String, SignInFailure>) -> Void) -> Void,
                    say: @escaping @MainActor (String, Bool) -> Void, events: (any EventSink)?) {
            self.reader = reader
            self.subscriptions = subscriptions
            self.likes = likes
            self.token = token
            self.say = say
            self.events = events
        }
    }

    private let deps: Dependencies
    /// Readings under way, by the account's origin.
    private var reading: [String: any NetworkRequest] = [:]
    /// Called when a reading ended (tests wait for it; the window reloads Following).
    public var onFinished: ((Account) -> Void)?

    public init(_ dependencies: Dependencies) {
        deps = dependencies
    }

    /// The account was just signed in to: reads its follows and likes and brings them in.
    public func signedIn(_ account: Account) {
        let key = account.server
        reading.removeValue(forKey: key)?.cancel()
        deps.token(account.host) { [weak self] token in
            guard let self else { return }
            switch token {
            case .failure(let failure): finish(account, channels: 0, liked: 0, failure: failure.description)
            case .success(let token):
                reading[key] = deps.reader.read(account, token: token) { [weak self] result in
                    self?.reading[key] = nil
                    switch result {
                    case .failure(let failure): self?.finish(account, channels: 0, liked: 0, failure: failure.description)
                    case .success(let library): self?.bring(library, of: account)
                    }
                }
            }
        }
    }

    /// Follows the channels one after the other (each as the account's), then keeps the likes.
    private func bring(_ library: AccountLibrary, of account: Account) {
        var channels = library.channels.filter { $0.feedURL != nil }[...]
        var followed = 0
        var problems: [String] = []
        func next() {
            guard let channel = channels.popFirst(), let feed = channel.feedURL else { return keepLikes() }
            deps.subscriptions.add(feed) { [weak self] outcome in
                guard let self else { return }
                switch outcome {
                case .subscribed(let subscription, _), .alreadySubscribed(let subscription):
                    do {
                        try deps.subscriptions.markChannel(id: subscription.id, FollowedChannel(channel.actor, account: account.handle))
                        followed += 1
                    } catch {
                        problems.append("\(channel.actor.handle): \(error)")
                    }
                case .failed(let reason):
                    problems.append("\(channel.actor.handle): \(reason)")
                case .imported, .video:
                    break
                }
                next()
            }
        }
        func keepLikes() {
            do {
                try deps.likes.keepAccountLikes(library.liked, account: account.handle)
            } catch {
                problems.append(tr("the likes could not be kept ({error})", ["error": error]))
            }
            finish(account, channels: followed, liked: library.liked.count, failure: problems.isEmpty ? nil : problems.joined(separator: "; "))
        }
        next()
    }

    private func finish(_ account: Account, channels: Int, liked: Int, failure: String?) {
        deps.events?.emit(.accountImported(host: account.host, channels: channels, liked: liked, failure: failure ?? ""))
        let brought = tr("From {account}: {channels} followed, {liked} liked.",
                         ["account": account.handle,
                          "channels": trn("{count} channel", "{count} channels", channels),
                          "liked": trn("{count} video", "{count} videos", liked)])
        if let failure {
            // TRANSLATORS: {account} is name@host; the sign-in itself went well.
            let text = channels + liked > 0
                ? tr("{brought} Some could not be brought in: {problem}", ["brought": brought, "problem": failure])
                : tr("You are signed in as {account}, but what it follows and likes could not be read: {problem}",
                     ["account": account.handle, "problem": failure])
            deps.say(text, true)
        } else if channels + liked > 0 {
            deps.say(brought, false)
        }
        onFinished?(account)
    }
}
