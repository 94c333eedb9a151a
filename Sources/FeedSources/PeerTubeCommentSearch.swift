import FeedCore
import Foundation

/// Looks for a comment the account may already have posted (a sending whose answer was lost, or
/// cut by a crash) on the home instance: by its author, its text and its time, among the video's
/// newest threads, or among the replies of the comment it answers.
@MainActor
struct PeerTubeCommentSearch {
    let http: any HTTPTransport
    let job: OutboxJob
    let video: String
    let now: @MainActor () -> Date
    /// Clocks differ: a comment is taken from a little before the sending began.
    static let clockSlack: TimeInterval = 10 * 60
    /// Threads whose replies are read when the comment answered is not itself a thread.
    static let threadsRead = 10

    func find(text: String, replyTo: String?, since: Date,
              then done: @escaping @MainActor (CommentSearchResult) -> Void) {
        let from = since.addingTimeInterval(-Self.clockSlack)
        let mine = { (comment: [String: Any]) -> String? in
            let account = comment["account"] as? [String: Any]
            guard account?["name"] as? String == job.accountName, comment["isDeleted"] as? Bool != true,
                  CommentText.same(comment["text"] as? String ?? "", as: text),
                  let created = (comment["createdAt"] as? String).flatMap(FeedDate.parse), created >= from else { return nil }
            return OutboxAnswer.id(comment["id"])
        }
        let roots = job.url("api/v1/videos/\(video)/comment-threads")
        var components = URLComponents(url: roots, resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "sort", value: "-createdAt"), URLQueryItem(name: "count", value: "100")]
        read(components?.url ?? roots) { page in
            guard case .success(let object) = page else { return done(.failed(page.outcome)) }
            let threads = object["data"] as? [[String: Any]] ?? []
            guard let replyTo else {
                return done(threads.lazy.compactMap(mine).first.map { .found(remoteID: $0) } ?? .absent)
            }
            // The comment answered is a thread (read its replies), or a reply in one of the newest.
            let candidates = [replyTo] + threads.filter { ($0["totalReplies"] as? Int ?? 0) > 0 }
                .compactMap { OutboxAnswer.id($0["id"]) }.filter { $0 != replyTo }.prefix(Self.threadsRead)
            search(Array(candidates), mine: mine, then: done)
        }
    }

    private func search(_ threads: [String], mine: @escaping ([String: Any]) -> String?,
                        then done: @escaping @MainActor (CommentSearchResult) -> Void) {
        guard let thread = threads.first else { return done(.absent) }
        read(job.url("api/v1/videos/\(video)/comment-threads/\(thread)")) { tree in
            switch tree {
            case .success(let object):
                if let found = Self.flatten(object).lazy.compactMap(mine).first { return done(.found(remoteID: found)) }
            case .failure(let failure) where failure.outcome == .notFound: break
            case .failure(let failure): return done(.failed(failure.outcome))
            }
            search(Array(threads.dropFirst()), mine: mine, then: done)
        }
    }

    /// Every comment of a thread's tree, replies to replies too, the root's left out.
    private static func flatten(_ tree: [String: Any]) -> [[String: Any]] {
        (tree["children"] as? [[String: Any]] ?? []).flatMap { child in
            (child["comment"] as? [String: Any]).map { [$0] + flatten(child) } ?? flatten(child)
        }
    }

    private func read(_ url: URL, then done: @escaping @MainActor (Result<[String: Any], PageFailure>) -> Void) {
        http.fetch(OutboxAnswer.request(.get, url, token: job.token)) { answer in
            let outcome = OutboxAnswer.outcome(answer, now: now())
            guard case .done = outcome else { return done(.failure(PageFailure(outcome: outcome))) }
            done(OutboxAnswer.object(answer).map { .success($0) } ?? .failure(PageFailure(outcome: .serverError(status: 200))))
        }
    }

    struct PageFailure: Error {
        let outcome: OutboxRules.Outcome
    }
}

private extension Result where Success == [String: Any], Failure == PeerTubeCommentSearch.PageFailure {
    var outcome: OutboxRules.Outcome {
        if case .failure(let failure) = self { failure.outcome } else { .done(remoteID: nil) }
    }
}
