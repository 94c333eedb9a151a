import FeedCore
@testable import FeedSources
import FeedTesting
import Foundation
import XCTest

/// ExploreService over the scripted server, answering as the fakes do from the captured
/// documents (Fixtures/networks, hosts 127.0.0.2-6 on port 8080): each route is a host and a
/// path, a list's items sliced by the `start` and `count` asked; documents read at once.
@MainActor
final class ExploreRig {
    typealias Answer = (URLComponents) -> FakeHTTPAnswer

    let timers = ManualTimers()
    let web: FakeHTTPTransport
    let api: NetworkAPIClient
    let service: ExploreService
    private var answers: [String: Answer] = [:]

    init(_ servers: [RemoteServer] = [NetworkFixtures.peertube, NetworkFixtures.peertube2, NetworkFixtures.index, NetworkFixtures.loops],
         rules: ExploreService.Rules = ExploreService.Rules()) {
        web = FakeHTTPTransport(timers: timers)
        api = NetworkAPIClient(transport: LimitedHTTPTransport(over: web, timers: timers), work: InlineWork(), timers: timers)
        service = ExploreService(api: api, servers: servers, timers: timers, rules: rules)
        web.otherwise = { [unowned self] request in
            guard let parts = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
                  let answer = answers["\(parts.host ?? ""):\(parts.port ?? 80)\(parts.percentEncodedPath)"] else {
                return .reply(.status(404, body: "{\"title\": \"Not found\"}"))
            }
            return answer(parts)
        }
    }

    /// Answers `path` on `host` ("127.0.0.2:8080").
    func on(_ host: String, _ path: String, _ answer: @escaping Answer) {
        answers[host + path] = answer
    }

    /// A list document as the server answers `start` and `count`: its items sliced, its total kept.
    func list(_ host: String, _ path: String, _ body: Data) {
        let document = try! JSONSerialization.jsonObject(with: body) as! [String: Any]
        on(host, path) { parts in
            let items = parts.queryItems ?? []
            let start = items.first { $0.name == "start" }.flatMap { Int($0.value ?? "") } ?? 0
            let count = items.first { $0.name == "count" }.flatMap { Int($0.value ?? "") } ?? 15
            var page = document
            let data = document["data"] as? [Any] ?? []
            page["data"] = Array(data.dropFirst(start).prefix(count))
            return .reply(.ok(Array(try! NetworkFixtures.json(page)), contentType: "application/json"))
        }
    }

    func json(_ host: String, _ path: String, _ object: Any) {
        let body = try! NetworkFixtures.json(object)
        on(host, path) { _ in .reply(.ok(Array(body), contentType: "application/json")) }
    }

    func fixture(_ host: String, _ path: String, _ name: String) throws {
        let body = try NetworkFixtures.data(name)
        on(host, path) { _ in .reply(.ok(Array(body), contentType: "application/json")) }
    }

    func settle() {
        for _ in 0..<6 { timers.elapse(milliseconds: 0) }
    }

    /// The requests sent to `host` for `path`, as their parts.
    func asked(_ host: String, _ path: String) -> [URLComponents] {
        web.requests.compactMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false) }
            .filter { "\($0.host ?? ""):\($0.port ?? 80)" == host && $0.percentEncodedPath == path }
    }

    func videos(_ query: ExploreQuery, after cursor: ExploreCursor? = nil) -> ExploreAnswer<RemoteVideo>? {
        var answer: ExploreAnswer<RemoteVideo>?
        service.videos(query, after: cursor) { answer = $0 }
        settle()
        return answer
    }
}

extension URLComponents {
    func value(_ name: String) -> String? { queryItems?.first { $0.name == name }?.value }
    func values(_ name: String) -> [String] { queryItems?.filter { $0.name == name }.compactMap(\.value) ?? [] }
}
