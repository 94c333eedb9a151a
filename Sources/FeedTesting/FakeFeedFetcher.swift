public import FeedCore
public import Foundation

/// `FeedFetching` answered from a table of addresses, at once; records what was asked.
@MainActor
public final class FakeFeedFetcher: FeedFetching {
    public var documents: [URL: Result<FetchedDocument, FetchFailure>] = [:]
    public private(set) var requests: [(url: URL, etag: String?)] = []

    public init() {}

    /// Serves `body` at `url`, with an ETag when given (a request carrying it gets a 304).
    public func serve(_ url: URL, _ body: String, etag: String? = nil, contentType: String? = nil) {
        documents[url] = .success(FetchedDocument(url: url, contentType: contentType, etag: etag, body: Array(body.utf8)))
    }

    public func fetch(_ url: URL, etag: String?, lastModified: String?,
                      then: @escaping @MainActor (Result<FetchedDocument, FetchFailure>) -> Void) {
        requests.append((url, etag))
        guard let answer = documents[url] else { return then(.failure(FetchFailure("the server answered 404"))) }
        if case .success(let document) = answer, let etag, document.etag == etag {
            return then(.success(FetchedDocument(url: url, etag: etag, notModified: true)))
        }
        then(answer)
    }
}
