import FeedCore
import Foundation

/// The vertical filter over a round of videos, asking the network where the documents say too
/// little: a video whose shape or length is unknown (PeerTube's null `aspectRatio`) is fetched
/// for its files' sizes and, when they say nothing either, its first bytes are read
/// (`MP4Head`), within a budget per page; what is still unknown is hidden. A Loops tag feed's
/// summaries (no `src_url`, shape and length given) are kept as they are, like PeerTube's list
/// summaries: whatever plays them asks `details(of:)` first, and a page of results waits for no
/// round trip its grid does not need (a search's answer was a whole round trip later).
@MainActor
struct VideoJudge {
    let filter: VerticalFilter
    /// How many videos of a page may be looked into.
    let budget: Int
    let details: @MainActor (RemoteVideo, @escaping @MainActor (Result<RemoteVideo, NetworkFailure>) -> Void) -> any NetworkRequest
    let firstBytes: @MainActor (URL, RemoteServer, @escaping @MainActor (Result<[UInt8], NetworkFailure>) -> Void) -> any NetworkRequest

    /// How much of a video's start is read for its head (web videos put their index first).
    static let headBytes = 64 * 1024

    func judge(_ videos: [RemoteVideo], done: @escaping @MainActor (_ kept: [RemoteVideo], _ hidden: Int) -> Void)
        -> (any NetworkRequest)? {
        let group = RequestGroup()
        let tally = Tally(count: videos.count, done: done)
        var left = budget
        for (index, video) in videos.enumerated() {
            switch filter.verdict(for: video) {
            case .hidden:
                continue
            case .shown:
                tally.outcome[index] = video
            case .needsProbe:
                guard left > 0 else { continue }
                left -= 1
                tally.waiting += 1
                group.add(lookInto(video) { tally.settle(index, $0) })
            }
        }
        tally.allAsked = true
        guard tally.waiting > 0 else {
            tally.report()
            return nil
        }
        return group
    }

    /// What a page's videos came to, as their answers come in.
    @MainActor
    private final class Tally {
        var outcome: [RemoteVideo?]
        var waiting = 0
        var allAsked = false
        let done: @MainActor ([RemoteVideo], Int) -> Void

        init(count: Int, done: @escaping @MainActor ([RemoteVideo], Int) -> Void) {
            outcome = Array(repeating: nil, count: count)
            self.done = done
        }

        func settle(_ index: Int, _ video: RemoteVideo?) {
            outcome[index] = video
            waiting -= 1
            if allAsked, waiting == 0 { report() }
        }

        func report() {
            let kept = outcome.compactMap { $0 }
            done(kept, outcome.count - kept.count)
        }
    }

    /// The video as shown once its details, then if need be its head, have been read; nil: hidden.
    private func lookInto(_ video: RemoteVideo, then: @escaping @MainActor (RemoteVideo?) -> Void) -> any NetworkRequest {
        let group = RequestGroup()
        let probe = { @MainActor (video: RemoteVideo) in
            guard let file = Self.smallestFile(of: video), let server = RemoteServer(kind: .peertube, address: file) else {
                return then(nil)
            }
            group.add(firstBytes(file, server) { result in
                let head = (try? result.get()).flatMap(MP4Head.probe) ?? VerticalFilter.Probe(size: nil, duration: nil)
                then(filter.verdict(for: video, probed: head) == .shown ? video : nil)
            })
        }
        guard video.needsDetails || video.sources.isEmpty else {
            probe(video)
            return group
        }
        group.add(details(video) { result in
            guard case .success(let detailed) = result else { return then(nil) }
            switch filter.verdict(for: detailed) {
            case .shown: then(detailed)
            case .hidden: then(nil)
            case .needsProbe: probe(detailed)
            }
        })
        return group
    }

    /// The smallest file with a picture: the least to read, the same head.
    static func smallestFile(of video: RemoteVideo) -> URL? {
        let files = video.sources.webVideos.filter { !$0.isAudioOnly } + (video.sources.hls?.videoRenditions ?? [])
        return files.min { ($0.shortSide ?? .max, $0.byteSize ?? .max) < ($1.shortSide ?? .max, $1.byteSize ?? .max) }?.url
    }
}

extension RemoteVideo {
    var network: RemoteNetwork { identity.network }
}
