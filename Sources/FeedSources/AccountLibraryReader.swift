public import FeedCore
import Foundation
import Localization

/// FeedCore's `AccountLibraryReading` over the networks' APIs, with the account's token, page
/// after page (at most `pageLimit` pages of each list): PeerTube's `users/me/subscriptions` and
/// `accounts/{name}/ratings?rating=like` (openapi: My Subscriptions, List ratings of an
/// account); Loops' `account/following/{id}` (the account's own id from `account/info/self`)
/// and `account/videos/likes` (routes/api.php: AccountController). Any page that fails fails
/// the reading, in plain words.
@MainActor
public final class AccountLibraryReader: AccountLibraryReading {
    /// Pages read of each list at most (PeerTube's 100 a page; Loops' few).
    static let pageLimit = 50

    private let http: any HTTPTransport
    /// PeerTube's page: its largest (100); smaller in tests, to page.
    private let peerTubePageSize: Int

    public init(http: any HTTPTransport, peerTubePageSize: Int = 100) {
        self.http = http
        self.peerTubePageSize = peerTubePageSize
    }

    @discardableResult
    public func read(_ account: Account, token: String,
                     then done: @escaping @MainActor (Result<AccountLibrary, AccountLibraryFailure>) -> Void) -> any NetworkRequest {
        let call = ExchangeCall()
        let finish: @MainActor (Result<AccountLibrary, AccountLibraryFailure>) -> Void = { result in
            guard !call.cancelled else { return }
            done(result)
        }
        switch account.network {
        case .peertube: readPeerTube(account, token: token, call, then: finish)
        case .loops: readLoops(account, token: token, call, then: finish)
        }
        return call
    }

    // MARK: - PeerTube

    private func readPeerTube(_ account: Account, token: String, _ call: ExchangeCall,
                              then done: @escaping @MainActor (Result<AccountLibrary, AccountLibraryFailure>) -> Void) {
        guard let server = RemoteServer(kind: .peertube, address: account.origin) else {
            return done(.failure(AccountLibraryFailure(account.origin.absoluteString)))
        }
        let size = peerTubePageSize
        let subscriptions: (RemotePageCursor?) -> URL? = { cursor in
            Self.offsetURL(account.origin, "api/v1/users/me/subscriptions", cursor, size: size, extra: [])
        }
        let ratings: (RemotePageCursor?) -> URL? = { cursor in
            Self.offsetURL(account.origin, "api/v1/accounts/\(account.username)/ratings", cursor, size: size,
                           extra: [URLQueryItem(name: "rating", value: "like")])
        }
        pages(subscriptions, token: token, call, read: { data, cursor in
            try PeerTubeDocuments.channels(data, from: server, start: Self.start(cursor), count: size)
        }) { [self] channels in
            guard case .success(let channels) = channels else { return done(channels.map { _ in AccountLibrary() }) }
            pages(ratings, token: token, call, read: { data, cursor in
                try PeerTubeDocuments.ratedVideos(data, from: server, start: Self.start(cursor), count: size)
            }) { liked in
                done(liked.map { AccountLibrary(channels: channels, liked: $0.map { RemotePostRef($0.identity) }) })
            }
        }
    }

    private static func start(_ cursor: RemotePageCursor?) -> Int {
        if case .offset(let start, _)? = cursor { start } else { 0 }
    }

    private static func offsetURL(_ origin: URL, _ path: String, _ cursor: RemotePageCursor?, size: Int, extra: [URLQueryItem]) -> URL? {
        var components = URLComponents(url: origin.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        components?.queryItems = extra + [URLQueryItem(name: "start", value: String(start(cursor))),
                                          URLQueryItem(name: "count", value: String(size))]
        return components?.url
    }

    // MARK: - Loops

    private func readLoops(_ account: Account, token: String, _ call: ExchangeCall,
                           then done: @escaping @MainActor (Result<AccountLibrary, AccountLibraryFailure>) -> Void) {
        guard let server = RemoteServer(kind: .loops, address: account.origin) else {
            return done(.failure(AccountLibraryFailure(account.origin.absoluteString)))
        }
        call.exchange = http.fetch(Self.request(account.origin.appendingPathComponent("api/v1/account/info/self"), token: token)) { [self] answer in
            guard !call.cancelled else { return }
            guard case .success(let body) = Self.body(answer),
                  let id = (try? NetworkJSON.object(Data(body)))?.object("data")?.identifier("id") else {
                return done(.failure(Self.failure(answer)))
            }
            let following: (RemotePageCursor?) -> URL? = { Self.cursorURL(account.origin, "api/v1/account/following/\(id)", $0) }
            let likes: (RemotePageCursor?) -> URL? = { Self.cursorURL(account.origin, "api/v1/account/videos/likes", $0) }
            pages(following, token: token, call, read: { data, _ in try LoopsDocuments.profiles(data, from: server) }) { [self] channels in
                guard case .success(let channels) = channels else { return done(channels.map { _ in AccountLibrary() }) }
                pages(likes, token: token, call, read: { data, _ in try LoopsDocuments.videos(data, from: server) }) { liked in
                    done(liked.map { AccountLibrary(channels: channels, liked: $0.map { RemotePostRef($0.identity) }) })
                }
            }
        }
    }

    private static func cursorURL(_ origin: URL, _ path: String, _ cursor: RemotePageCursor?) -> URL? {
        var components = URLComponents(url: origin.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if case .cursor(let value)? = cursor { components?.queryItems = [URLQueryItem(name: "cursor", value: value)] }
        return components?.url
    }

    // MARK: - Paging

    /// Every page of a list from the first, until it has no next or `pageLimit` pages were read.
    private func pages<Item: Sendable & Equatable>(
        _ url: @escaping (RemotePageCursor?) -> URL?, token: String, _ call: ExchangeCall,
        read: @escaping (Data, RemotePageCursor?) throws -> RemotePage<Item>,
        then done: @escaping @MainActor (Result<[Item], AccountLibraryFailure>) -> Void
    ) {
        var items: [Item] = []
        var pagesRead = 0
        func page(_ cursor: RemotePageCursor?) {
            guard let address = url(cursor) else { return done(.success(items)) }
            call.exchange = http.fetch(Self.request(address, token: token)) { answer in
                guard !call.cancelled else { return }
                guard case .success(let body) = Self.body(answer) else { return done(.failure(Self.failure(answer))) }
                let list: RemotePage<Item>
                do {
                    list = try read(Data(body), cursor)
                } catch {
                    return done(.failure(AccountLibraryFailure(tr("{server} answered what Loopfeed can’t read ({problem})",
                                                                   ["server": RemoteHost.host(of: address) ?? "", "problem": error]))))
                }
                items += list.items
                pagesRead += 1
                guard let next = list.next, pagesRead < Self.pageLimit else { return done(.success(items)) }
                page(next)
            }
        }
        page(nil)
    }

    private static func request(_ url: URL, token: String) -> HTTPRequest {
        HTTPRequest(.get, url: url, headers: ["Accept": "application/json", "Authorization": "Bearer " + token],
                    priority: .background, maximumBodyBytes: 10 << 20)
    }

    private static func body(_ answer: Result<HTTPResponse, HTTPFailure>) -> Result<[UInt8], AccountLibraryFailure> {
        guard case .success(let response) = answer, response.head.isSuccess else { return .failure(failure(answer)) }
        return .success(response.body)
    }

    /// No answer, or the server's refusal, in plain words.
    private static func failure(_ answer: Result<HTTPResponse, HTTPFailure>) -> AccountLibraryFailure {
        switch answer {
        case .failure(let failure):
            return AccountLibraryFailure(failure.description)
        case .success(let response):
            let words = OutboxAnswer.message(in: response.body) ?? tr("the server answered {status}", ["status": String(response.status)])
            return AccountLibraryFailure(words)
        }
    }
}
