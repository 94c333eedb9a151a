import FeedCore
import Foundation
import Localization

/// An outbox action carried out on the account's Loops server (routes/api.php: VideoController's
/// like, unlike, storeComment, deleteComment and deleteCommentReply; AccountController's follow
/// and unfollow). Loops names a video by its own id on each server and offers no look-up of
/// another server's video in its published API, so only the account's own server's videos are
/// acted on; another's is refused in plain words. A comment that may have reached the server is
/// looked for among the newest comments (or the replies to the comment it answers) first.
@MainActor
final class LoopsOutboxCalls: OutboxCalls {
    private let http: any HTTPTransport
    private let now: @MainActor () -> Date
    /// Clocks differ: a comment is taken from a little before the sending began.
    static let clockSlack: TimeInterval = 10 * 60

    init(http: any HTTPTransport, now: @escaping @MainActor () -> Date) {
        self.http = http
        self.now = now
    }

    func perform(_ job: OutboxJob) {
        switch job.entry.action {
        case .rate(let post, let liked):
            guard let video = video(post, job) else { return }
            send("api/v1/video/\(liked ? "like" : "unlike")/\(video)", job) { job.finish($0) }
        case .comment(let post, _, let text, let replyTo):
            guard let video = video(post, job) else { return }
            let post = { [self] in
                var fields: [String: Any] = ["comment": text]
                if let replyTo { fields["parent_id"] = replyTo }
                http.fetch(OutboxAnswer.request(.post, job.url("api/v1/video/comments/\(video)"), token: job.token, json: fields)) { [self] answer in
                    let outcome = OutboxAnswer.outcome(answer, now: now())
                    guard case .done = outcome else { return job.finish(outcome) }
                    let made = (OutboxAnswer.object(answer)?["data"] as? [[String: Any]])?.first
                    job.finish(.done(remoteID: OutboxAnswer.id(made?["id"])))
                }
            }
            guard let since = job.mayBeThereSince else { return post() }
            find(text: text, video: video, replyTo: replyTo, since: since, job) { found in
                switch found {
                case .found(let remoteID): job.finish(.done(remoteID: remoteID))
                case .absent: post()
                case .failed(let outcome): job.finish(outcome)
                }
            }
        case .deleteComment(let post, let comment):
            guard let remoteID = job.remoteCommentID(comment) else { return job.finish(.done(remoteID: nil)) }
            guard let video = video(post, job) else { return }
            let path = job.parentOfComment(comment).map { "api/v1/comments/delete/\(video)/\($0)/\(remoteID)" }
                ?? "api/v1/comments/delete/\(video)/\(remoteID)"
            send(path, job) { job.finish($0) }
        case .follow(let handle, let following):
            profile(handle, job) { [self] id in
                send("api/v1/account/\(following ? "follow" : "unfollow")/\(id)", job) { outcome in
                    // Not there to unfollow is what was asked.
                    job.finish(!following && outcome == .notFound ? .done(remoteID: nil) : outcome)
                }
            }
        }
    }

    private func send(_ path: String, _ job: OutboxJob, then done: @escaping @MainActor (OutboxRules.Outcome) -> Void) {
        http.fetch(OutboxAnswer.request(.post, job.url(path), token: job.token)) { [self] answer in
            done(OutboxAnswer.outcome(answer, now: now()))
        }
    }

    /// The video's id on the account's server; nil (and the job refused) for another server's.
    private func video(_ post: RemotePostRef, _ job: OutboxJob) -> String? {
        if RemoteHost.host(of: post.apiBase) == RemoteHost.host(of: job.home) { return post.id }
        job.finish(.refused(status: 422, message: tr("Loops takes a like or a comment only from an account on {server}",
                                                     ["server": post.host])))
        return nil
    }

    /// A profile's id on the account's server, by its handle (`name`, or `name@host` for one of
    /// another server).
    private func profile(_ handle: String, _ job: OutboxJob, then found: @escaping @MainActor (String) -> Void) {
        let parts = handle.split(separator: "@", maxSplits: 1).map(String.init)
        let username = parts.count == 2 && parts[1] == RemoteHost.host(of: job.home) ? parts[0] : handle
        http.fetch(OutboxAnswer.request(.get, job.url("api/v1/account/username/\(username)"), token: job.token)) { [self] answer in
            let outcome = OutboxAnswer.outcome(answer, now: now())
            guard case .done = outcome else { return job.finish(outcome) }
            guard let id = OutboxAnswer.id((OutboxAnswer.object(answer)?["data"] as? [String: Any])?["id"]) else {
                return job.finish(.serverError(status: 200))
            }
            found(id)
        }
    }

    /// The account's comment with `text` made since `since`, among the newest comments of the
    /// video or the newest replies to `replyTo`.
    private func find(text: String, video: String, replyTo: String?, since: Date, _ job: OutboxJob,
                      then done: @escaping @MainActor (CommentSearchResult) -> Void) {
        let from = since.addingTimeInterval(-Self.clockSlack)
        var components = URLComponents(url: job.url("api/v1/video/comments/\(video)" + (replyTo == nil ? "" : "/replies")),
                                       resolvingAgainstBaseURL: false)
        components?.queryItems = replyTo.map { [URLQueryItem(name: "cr", value: $0)] }
        guard let url = components?.url else { return done(.absent) }
        http.fetch(OutboxAnswer.request(.get, url, token: job.token)) { [self] answer in
            let outcome = OutboxAnswer.outcome(answer, now: now())
            guard case .done = outcome else { return done(.failed(outcome)) }
            let comments = OutboxAnswer.object(answer)?["data"] as? [[String: Any]] ?? []
            let mine = comments.first { comment in
                (comment["account"] as? [String: Any])?["username"] as? String == job.accountName
                    && comment["tombstone"] as? Bool != true
                    && CommentText.same(comment["caption"] as? String ?? "", as: text)
                    && ((comment["created_at"] as? String).flatMap(FeedDate.parse).map { $0 >= from } ?? false)
            }
            done(OutboxAnswer.id(mine?["id"]).map { .found(remoteID: $0) } ?? .absent)
        }
    }
}
