import FeedCore
import Foundation
import Localization

/// An outbox action carried out on the account's home PeerTube instance (openapi: Video Rates,
/// Video Comments, My Subscriptions): a video of another instance is first found through the
/// home instance's search by its address, so the action lands there and federates from there.
/// A comment that may have reached the server before is looked for in its thread first.
@MainActor
final class PeerTubeOutboxCalls: OutboxCalls {
    private let http: any HTTPTransport
    private let now: @MainActor () -> Date
    /// A remote video's id on a home instance, once found ("home|post key").
    private var resolved: [String: String] = [:]

    init(http: any HTTPTransport, now: @escaping @MainActor () -> Date) {
        self.http = http
        self.now = now
    }

    func perform(_ job: OutboxJob) {
        let done = job.finish
        switch job.entry.action {
        case .rate(let post, let liked):
            video(post, job) { [self] id in
                send(.put, job.home, "api/v1/videos/\(id)/rate", job, json: ["rating": liked ? "like" : "none"], then: done)
            }
        case .comment(let post, _, let text, let replyTo):
            video(post, job) { [self] id in
                guard let replyTo, !isHome(post, job) else { return comment(text, replyTo: replyTo, video: id, job) }
                homeComment(replyTo, of: post, video: id, job) { [self] homeID in
                    comment(text, replyTo: homeID, video: id, job)
                }
            }
        case .deleteComment(let post, let comment):
            guard let remoteID = job.remoteCommentID(comment) else { return done(.done(remoteID: nil)) }
            if case .remote = comment, !isHome(post, job) {
                // Its id is the origin's, and PeerTube finds a comment by id on one instance only.
                return done(.refused(status: 422, message: tr("This comment can be deleted only on {server}", ["server": post.host])))
            }
            video(post, job) { [self] id in
                send(.delete, job.home, "api/v1/videos/\(id)/comments/\(remoteID)", job) { outcome in
                    // 409: already deleted, which is what was asked.
                    if case .refused(409, _) = outcome { return done(.done(remoteID: nil)) }
                    done(outcome)
                }
            }
        case .follow(let channel, true):
            send(.post, job.home, "api/v1/users/me/subscriptions", job, json: ["uri": channel], then: done)
        case .follow(let channel, false):
            send(.delete, job.home, "api/v1/users/me/subscriptions/\(channel)", job) { outcome in
                // Not followed (any more) is what was asked.
                done(outcome == .notFound ? .done(remoteID: nil) : outcome)
            }
        }
    }

    /// Posts a comment (a reply to the home instance's `replyTo`), after looking for it in its
    /// thread when an earlier sending may have reached the server.
    private func comment(_ text: String, replyTo: String?, video id: String, _ job: OutboxJob) {
        let done = job.finish
        let post = { [self] in
            let path = replyTo.map { "api/v1/videos/\(id)/comments/\($0)" } ?? "api/v1/videos/\(id)/comment-threads"
            http.fetch(OutboxAnswer.request(.post, job.url(path), token: job.token, json: ["text": text])) { [self] answer in
                let outcome = OutboxAnswer.outcome(answer, now: now())
                guard case .done = outcome else { return done(outcome) }
                let comment = OutboxAnswer.object(answer)?["comment"] as? [String: Any]
                done(.done(remoteID: OutboxAnswer.id(comment?["id"])))
            }
        }
        guard let since = job.mayBeThereSince else { return post() }
        PeerTubeCommentSearch(http: http, job: job, video: id, now: now)
            .find(text: text, replyTo: replyTo, since: since) { found in
                switch found {
                case .found(let remoteID): done(.done(remoteID: remoteID))
                case .absent: post()
                case .failed(let outcome): done(outcome)
                }
            }
    }

    private func isHome(_ post: RemotePostRef, _ job: OutboxJob) -> Bool {
        RemoteHost.host(of: post.apiBase) == RemoteHost.host(of: job.home)
    }

    /// The home instance's id of a thread's first comment known by its origin's id (what the
    /// comments sheet, reading the origin, gives): the same comment is the one with the same
    /// ActivityPub address (`url`) among the home instance's newest threads. One that is not a
    /// thread's first, or not among them, is refused in plain words: a reply never goes under
    /// another comment.
    private func homeComment(_ originID: String, of post: RemotePostRef, video: String, _ job: OutboxJob,
                             then found: @escaping @MainActor (String) -> Void) {
        let key = job.home.absoluteString + "|" + post.key + "|" + originID
        if let id = resolved[key] { return found(id) }
        let notFound = OutboxRules.Outcome.refused(status: 404, message: tr("The comment answered is not on {server} yet",
                                                                         ["server": RemoteHost.host(of: job.home) ?? ""]))
        // The origin is read as anyone may: the account's token goes only to its home instance.
        let origin = post.apiBase.appendingPathComponent("api/v1/videos/\(post.id)/comment-threads/\(originID)")
        http.fetch(HTTPRequest.get(origin, accept: "application/json", maximumBodyBytes: OutboxAnswer.maximumBodyBytes)) { [self] answer in
            let outcome = OutboxAnswer.outcome(answer, now: now())
            guard case .done = outcome else { return job.finish(outcome == .notFound ? notFound : outcome) }
            guard let address = (OutboxAnswer.object(answer)?["comment"] as? [String: Any])?["url"] as? String else {
                return job.finish(notFound)
            }
            var components = URLComponents(url: job.url("api/v1/videos/\(video)/comment-threads"), resolvingAgainstBaseURL: false)
            components?.queryItems = [URLQueryItem(name: "sort", value: "-createdAt"), URLQueryItem(name: "count", value: "100")]
            guard let url = components?.url else { return job.finish(notFound) }
            http.fetch(OutboxAnswer.request(.get, url, token: job.token)) { [self] answer in
                let outcome = OutboxAnswer.outcome(answer, now: now())
                guard case .done = outcome else { return job.finish(outcome) }
                let threads = OutboxAnswer.object(answer)?["data"] as? [[String: Any]] ?? []
                guard let id = OutboxAnswer.id(threads.first(where: { $0["url"] as? String == address })?["id"]) else {
                    return job.finish(notFound)
                }
                resolved[key] = id
                found(id)
            }
        }
    }

    private func send(_ method: HTTPRequest.Method, _ home: URL, _ path: String, _ job: OutboxJob, json: [String: Any]? = nil,
                      then done: @escaping @MainActor (OutboxRules.Outcome) -> Void) {
        http.fetch(OutboxAnswer.request(method, job.url(path), token: job.token, json: json)) { [self] answer in
            done(OutboxAnswer.outcome(answer, now: now()))
        }
    }

    /// The video's id on the home instance: its own id on its own instance; else what the home
    /// instance's search finds for its address (fetching it from its origin when it did not know
    /// it yet). Not found: refused, in plain words.
    private func video(_ post: RemotePostRef, _ job: OutboxJob, then found: @escaping @MainActor (String) -> Void) {
        if RemoteHost.host(of: post.apiBase) == RemoteHost.host(of: job.home) { return found(post.id) }
        let key = job.home.absoluteString + "|" + post.key
        if let id = resolved[key] { return found(id) }
        let address = Self.address(of: post)
        var components = URLComponents(url: job.url("api/v1/search/videos"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "search", value: address.absoluteString), URLQueryItem(name: "count", value: "5")]
        guard let url = components?.url else { return job.finish(.refused(status: 400, message: address.absoluteString)) }
        http.fetch(OutboxAnswer.request(.get, url, token: job.token)) { [self] answer in
            let outcome = OutboxAnswer.outcome(answer, now: now())
            guard case .done = outcome else { return job.finish(outcome) }
            let videos = OutboxAnswer.object(answer)?["data"] as? [[String: Any]] ?? []
            let names = Set([post.id, post.shortUUID].compactMap { $0 })
            guard let video = videos.first(where: { names.contains($0["uuid"] as? String ?? "") || names.contains($0["shortUUID"] as? String ?? "") }),
                  let uuid = video["uuid"] as? String, !uuid.isEmpty else {
                return job.finish(.refused(status: 404, message: tr("{server} could not find this video on {origin}",
                                                                    ["server": RemoteHost.host(of: job.home) ?? job.home.absoluteString,
                                                                     "origin": post.host])))
            }
            resolved[key] = uuid
            found(uuid)
        }
    }

    /// The video's page on its origin, as the home instance's search takes it: PeerTube's
    /// canonical /videos/watch/{uuid}, or /w/{short uuid} when only that is known.
    static func address(of post: RemotePostRef) -> URL {
        let isUUID = UUID(uuidString: post.id) != nil
        return post.apiBase.appendingPathComponent(isUUID ? "videos/watch/\(post.id)" : "w/\(post.id)")
    }
}
