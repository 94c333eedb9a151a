import FeedCore
import Foundation

/// Videos as the networks' documents become them, for the stores' tests.
enum RemoteVideoSamples {
    static let server = URL(string: "http://127.0.0.2:8080")!

    /// Video `number` on PeerTube: a list's summary (no files) unless `playable`.
    static func video(_ number: Int, playable: Bool = false, live: Bool = false, network: RemoteNetwork = .peertube) -> RemoteVideo {
        let id = String(format: "00000000-0000-4000-8000-%012d", number)
        let identity = RemoteVideoID(network: network, host: "127.0.0.2:8080", apiBase: server, id: id, answeringServer: server,
                                     pageURL: URL(string: "http://127.0.0.2:8080/w/\(number)"))
        let author = RemoteActor(kind: network == .loops ? .loopsProfile : .peertubeChannel, name: "alice_loops",
                                 displayName: "Alice's loops", host: "127.0.0.2:8080")
        let file = RemoteVideoFile(url: URL(string: "http://127.0.0.2:8080/static/web-videos/\(id)-720.mp4")!, resolution: 720,
                                   width: 720, height: 1280, hasAudio: true, hasVideo: true)
        return RemoteVideo(identity: identity, title: "Clip \(number)", author: author, duration: live ? 0 : 4, aspectRatio: 0.5625,
                           isLive: live, counts: RemoteCounts(likes: number, comments: 1),
                           published: Date(timeIntervalSince1970: 1_700_000_000 + Double(number)),
                           thumbnailURL: URL(string: "http://127.0.0.2:8080/lazy-static/thumbnails/\(id).jpg"),
                           sources: playable && !live ? RemoteVideoSources(webVideos: [file]) : RemoteVideoSources(),
                           needsDetails: !playable)
    }

    static func videos(_ numbers: ClosedRange<Int>) -> [RemoteVideo] { numbers.map { video($0) } }

    static func cursor(_ start: Int) -> ExploreCursor {
        ExploreCursor(pages: ["http://127.0.0.2:8080": .offset(start: start, count: 20)])
    }
}
