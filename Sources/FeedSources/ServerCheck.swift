public import FeedCore
public import Foundation

/// What an address is, from its `/api/v1/config`: PeerTube's has `serverVersion`, Loops'
/// `app.software` "loops". Another site (a 404, a web page, JSON of another shape) is neither,
/// which is an answer, not a failure; a server that can't be reached or refuses is a failure.
@MainActor
public final class ServerCheck: NetworkServerChecking {
    private let api: NetworkAPIClient

    public init(api: NetworkAPIClient) {
        self.api = api
    }

    @discardableResult
    public func check(_ address: URL, then: @escaping @MainActor (Result<RemoteServerInfo?, NetworkFailure>) -> Void)
        -> any NetworkRequest {
        guard let server = RemoteServer(kind: .peertube, address: address), let url = server.url("/api/v1/config") else {
            return api.refuse(RemoteServer(kind: .peertube, address: URL(string: "https://invalid")!)!, then: then)
        }
        return api.get(url, from: server, priority: .interactive, read: { data throws(RemoteDocumentError) in
            try NetworkDocuments.serverInfo(data)
        }) { result in
            switch result {
            case .success(let info): then(.success(info))
            case .failure(.notFound), .failure(.unreadable): then(.success(nil))
            case .failure(let failure): then(.failure(failure))
            }
        }
    }
}
