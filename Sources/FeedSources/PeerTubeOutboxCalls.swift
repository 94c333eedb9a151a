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
        case .deleteComment(let post, let comment):
            guard let remoteID = job.remoteCommentID(comment) else { return done(.done(remoteID: nil)) }
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
