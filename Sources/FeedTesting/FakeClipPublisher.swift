public import FeedCore
public import Foundation

/// `ClipPublishing` that keeps each publication and answers when the test says: stored (or
/// why not), then the extra copy.
@MainActor
public final class FakeClipPublisher: ClipPublishing {
    /// A publication handed over and what it waits for.
    public struct Pending {
        public let publication: ClipPublication
        public let removeWhenDone: URL?
        let stored: @MainActor (Result<Post, RecorderError>) -> Void
        let copied: @MainActor (_ copy: URL?, _ problem: String?) -> Void
    }

    /// Every publication handed over, in order (answered or not).
    public private(set) var published: [ClipPublication] = []
    public private(set) var pending: [Pending] = []

    public init() {}

    public func publish(_ publication: ClipPublication, removeWhenDone: URL?,
                        stored: @escaping @MainActor (Result<Post, RecorderError>) -> Void,
                        copied: @escaping @MainActor (_ copy: URL?, _ problem: String?) -> Void) {
        published.append(publication)
        pending.append(Pending(publication: publication, removeWhenDone: removeWhenDone, stored: stored, copied: copied))
    }

    /// The oldest publication is in the library as `post` (or failed with `error`); a stored one
    /// asked for a copy waits for `finishCopy`.
    public func finishStore(with result: Result<Post, RecorderError>) {
        guard let first = pending.first else { return }
        if case .failure = result { pending.removeFirst() } else if first.publication.copyFolder == nil { pending.removeFirst() }
        first.stored(result)
    }

    /// The stored publication's copy was made (`copy`) or not (`problem`).
    public func finishCopy(_ copy: URL?, problem: String? = nil) {
        guard !pending.isEmpty else { return }
        pending.removeFirst().copied(copy, problem)
    }
}
