import FeedCore
import Foundation

/// The documents captured from the loopback fakes (Fixtures/networks, made by its capture.py:
/// PeerTube instances on 127.0.0.2 and .3, Loops servers on .4 and .5, the search index on .6,
/// all on port 8080), and the servers that answered them.
enum NetworkFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/networks")

    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(path))
    }

    static let peertube = server(.peertube, "http://127.0.0.2:8080")
    static let peertube2 = server(.peertube, "http://127.0.0.3:8080")
    static let loops = server(.loops, "http://127.0.0.4:8080")
    static let loops2 = server(.loops, "http://127.0.0.5:8080")
    static let index = server(.peertubeSearchIndex, "http://127.0.0.6:8080")

    private static func server(_ kind: RemoteServer.Kind, _ address: String) -> RemoteServer {
        RemoteServer(kind: kind, address: URL(string: address)!)!
    }

    /// The fixture's JSON as an object, to build variants of it in a test.
    static func object(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data(path)) as! [String: Any]
    }

    static func json(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object)
    }
}
