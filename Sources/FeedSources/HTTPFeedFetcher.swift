public import FeedCore
public import Foundation

/// `FeedFetching` over the app's HTTP transport: feeds, pages and API answers, up to 10 MB
/// each, asking for feeds first (PeerTube answers 406 to a request without an Accept header).
@MainActor
public final class HTTPFeedFetcher: FeedFetching {
    static let accept = "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, "
        + "application/xml;q=0.8, text/xml;q=0.8, text/html;q=0.7, */*;q=0.5"

    private let transport: any HTTPTransport

    /// `transport`: the app's one HTTP client.
    public init(transport: any HTTPTransport) {
        self.transport = transport
    }

    public func fetch(_ url: URL, etag: String?, lastModified: String?,
                      then: @escaping @MainActor (Result<FetchedDocument, FetchFailure>) -> Void) {
        let request = HTTPRequest.get(url, accept: Self.accept, etag: etag, lastModified: lastModified,
                                      maximumBodyBytes: FeedDocument.maximumBytes)
        transport.fetch(request) { result in
            then(result.flatMap(\.checked).map {
                FetchedDocument(url: $0.url, contentType: $0.contentType, etag: $0.etag, lastModified: $0.lastModified,
                                body: $0.body, notModified: $0.notModified)
            }.mapError { FetchFailure($0.description) })
        }
    }
}
