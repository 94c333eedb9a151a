import FeedCore
@testable import FeedSources
import FeedStorage
import FeedTesting
import Foundation
import GLibKit
import MainLoopServices
import SoupKit
import XCTest

/// Accounts signed in to the loopback PeerTube instances with the real password grant; a
/// renewal is the real refresh grant, counted.
@MainActor
final class LoopbackAccounts: AccountTokenProviding {
    private(set) var held: [AccountKey: PeerTubeSignedIn] = [:]
    private(set) var renewals = 0
    private let signIn: PeerTubeSignIn

    init(http: any HTTPTransport) {
        signIn = PeerTubeSignIn(http: http)
    }

    func add(_ account: AccountKey, _ signedIn: PeerTubeSignedIn) { held[account] = signedIn }

    func network(of account: AccountKey) -> RemoteNetwork? { held[account] == nil ? nil : .peertube }

    func accessToken(for account: AccountKey, renewing: Bool, then done: @escaping @MainActor (Result<String, SignInFailure>) -> Void) {
        guard let signedIn = held[account], let origin = URL(string: account.server) else { return done(.failure(.signInAgain)) }
        guard renewing else { return done(.success(signedIn.tokens.access)) }
        renewals += 1
        signIn.renew(origin: origin, client: signedIn.client, refreshToken: signedIn.tokens.refresh) { [self] result in
            switch result {
            case .success(let tokens):
                held[account]?.tokens = tokens
                done(.success(tokens.access))
            case .failure(let failure):
                done(.failure(failure))
            }
        }
    }
}

/// What an outbox test over loopback needs: the fakes, the app's libsoup client, an account
/// signed in to the first instance, a library in a folder of its own, and a sender over them.
@MainActor
final class OutboxRig {
    let networks: FakeNetworks
    let home: URL
    let client: HTTPClient
    let accounts: LoopbackAccounts
    let account: AccountKey
    let events = RecordingEventSink()
    let folder: URL
    /// Every change the sender told of, in order.
    private(set) var changes: [(atMs: Int64, entry: OutboxEntry)] = []
    private(set) var sender: OutboxSender!
    private var library: SQLiteFeedRepository!

    init(_ networks: FakeNetworks) throws {
        self.networks = networks
        let home = try XCTUnwrap(networks.peertube.first)
        self.home = home
        for site in networks.peertube { try networks.setFaults(site, []) }
        client = HTTPClient(userAgent: "Loopfeed-tests", timers: MainLoopTimers())
        accounts = LoopbackAccounts(http: client)
        let users = try XCTUnwrap(networks.manifest(home)["users"] as? [[String: Any]])
        let name = try XCTUnwrap(users.first { !($0["otp"] is String) }?["username"] as? String)
        account = AccountKey(server: home.absoluteString, name: name)
        let signIn = PeerTubeSignIn(http: client)
        let signedIn = try XCTUnwrap(Self.wait { signIn.signIn(origin: home, username: name, password: name + "-password", then: $0) }).get()
        accounts.add(account, signedIn)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-outbox-\(UUID().uuidString)")
        try openLibrary()
    }

    func remove() {
        sender?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The library opened (again, as after a restart) and a new sender over it, not started.
    @discardableResult
    func openLibrary() throws -> OutboxSender {
        sender?.stop()
        library = try LibraryDatabase.open(at: folder.appendingPathComponent("feed.sqlite"))
        let sender = OutboxSender(.init(http: client, store: OutboxStore(connection: library.connection), accounts: accounts,
                                        timers: MainLoopTimers(), events: events))
        sender.onChange = { [weak self] entry in
            self?.changes.append((Int64(Date().timeIntervalSince1970 * 1000), entry))
        }
        self.sender = sender
        return sender
    }

    var store: OutboxStore { OutboxStore(connection: library.connection) }

    /// A local video of `site`, by its index among those the manifest lists.
    func video(_ index: Int, on site: URL? = nil) throws -> RemotePostRef {
        let site = site ?? home
        let videos = try XCTUnwrap(networks.manifest(site)["videos"] as? [[String: Any]])
        let video = videos[index]
        return RemotePostRef(network: .peertube, host: try XCTUnwrap(RemoteHost.host(of: site)), apiBase: site,
                             id: try XCTUnwrap(video["uuid"] as? String), shortUUID: video["shortUUID"] as? String)
    }

    /// Runs the main loop until every entry for which `which` holds has left the pending states.
    @discardableResult
    func waitUntilSettled(timeout: Double = 30, _ which: (OutboxEntry) -> Bool = { _ in true }) -> Bool {
        MainLoop.run(until: { [self] in sender.entries.filter(which).allSatisfy { !$0.state.isPending } }, timeoutSeconds: timeout)
    }

    /// The account's call to its home instance, as a test reads it: GET, or another method with JSON.
    func call(_ method: HTTPRequest.Method = .get, _ path: String, json: [String: Any]? = nil, on site: URL? = nil) throws -> Any? {
        let answer = try response(method, path, json: json, on: site)
        return answer.body.isEmpty ? nil : try JSONSerialization.jsonObject(with: Data(answer.body))
    }

    func response(_ method: HTTPRequest.Method = .get, _ path: String, json: [String: Any]? = nil, on site: URL? = nil) throws -> HTTPResponse {
        let token = try XCTUnwrap(accounts.held[account]?.tokens.access)
        let url = try XCTUnwrap(URL(string: path, relativeTo: site ?? home)).absoluteURL
        var request = OutboxAnswer.request(method, url, token: token, json: json)
        // Another instance is read as anyone may: the token is the home instance's.
        if let site, site != home { request.headers = ["Accept": "application/json"] }
        return try XCTUnwrap(Self.wait { done in
            self.client.fetch(request) { done($0) }
        }).get()
    }

    /// What `site` was asked for paths containing `fragment` by `method`, in order (time, status).
    func requests(_ method: String, containing fragment: String, on site: URL? = nil) throws -> [[String: Any]] {
        try networks.requests(site ?? home).filter {
            $0["method"] as? String == method && ($0["path"] as? String ?? "").contains(fragment)
        }
    }

    /// The video's root comments on the home instance written by the account with `text`.
    func comments(on video: RemotePostRef, text: String) throws -> [[String: Any]] {
        let page = try call(.get, "/api/v1/videos/\(video.id)/comment-threads?count=100&sort=-createdAt") as? [String: Any]
        return (page?["data"] as? [[String: Any]] ?? []).filter {
            ($0["account"] as? [String: Any])?["name"] as? String == account.name && ($0["text"] as? String ?? "").contains(text)
        }
    }

    func outboxEvents() -> [(action: String, state: String, attempt: Int, reason: String)] {
        events.events.compactMap {
            if case .outbox(let action, _, let state, let attempt, _, let reason) = $0 { (action, state, attempt, reason) } else { nil }
        }
    }

    static func wait<T, F: Error>(_ call: (@escaping @MainActor (Result<T, F>) -> Void) -> Void) -> Result<T, F>? {
        var answer: Result<T, F>?
        call { answer = $0 }
        _ = MainLoop.run(until: { answer != nil }, timeoutSeconds: 20)
        return answer
    }
}
