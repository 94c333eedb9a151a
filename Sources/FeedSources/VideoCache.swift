public import FeedCore
public import Foundation
import GLibKit
import Localization

/// The cache of remote videos, `$XDG_CACHE_HOME/loopfeed/videos`: each downloaded once over the
/// app's HTTP transport into a `.part` file (played while it grows), renamed when complete,
/// resumed with Range when cut short, and let go least recently used first when the folder
/// outgrows its limit. The post on screen downloads in full and is never evicted, nor are the next posts;
/// once it is in, the first part of those is fetched ahead.
///
/// Network work runs on the main loop (the transport's events arrive there); every write,
/// scan and deletion runs on one serial writer queue, in the order the bytes arrived.
@MainActor
public final class VideoCache: RemoteVideoCache {
    /// A video larger than this is refused.
    public static let largestVideo = 1 << 30
    public static let defaultLimit: Int64 = 1 << 30

    public let directory: URL
    /// The most the folder may hold, in bytes; going over evicts at once.
    public var limit: Int64 {
        didSet { if limit != oldValue { trim() } }
    }
    /// How much of each upcoming post is fetched ahead (all of a smaller one).
    public var prefetchBytes: Int64 = 800 * 1024
    public var prefetchCount = 3
    /// Downloads of posts not on screen that run at once; the others wait their turn here, so
    /// the next posts come first and those no longer next are dropped before they are sent.
    public var concurrentPrefetches = 1

    /// A video played without being kept, and why (its cache folder can't be written): a
    /// sentence for the window.
    public var onNotKept: ((String) -> Void)?

    /// Joins a split-audio video's two files into the one the cache keeps (`JoinedTracks`).
    public var joiner: (any TrackJoining)?

    let transport: any HTTPTransport
    let writer = DispatchQueue(label: "io.github.loopfeed.video-cache", qos: .utility)
    private var downloads: [String: VideoDownload] = [:]
    /// Split-audio videos being downloaded and joined, by their joined address.
    var joins: [String: JoinedVideo] = [:]
    private(set) var current: String?
    private var upcoming: [String] = []
    /// Posts not on screen whose downloads wait for a turn, in the order asked.
    private var waitingPrefetches: [String] = []

    /// `transport`: the app's one HTTP client.
    public init(directory: URL, limit: Int64 = VideoCache.defaultLimit, transport: any HTTPTransport) {
        self.directory = directory
        self.limit = limit
        self.transport = transport
        let directory = directory
        writer.async { try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        trim()
    }

    // MARK: - RemoteVideoCache

    public func cachedFileURI(for address: String) -> String? {
        let file = finishedFile(for: address)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        // Used now: the least recently used go first.
        writer.async { _ = utimes(file.path, nil) }
        return file.absoluteString
    }

    public func isCached(_ address: String) -> Bool {
        FileManager.default.fileExists(atPath: finishedFile(for: address).path)
    }

    public func bytes(for address: String) -> any RemoteVideoBytes {
        if let tracks = JoinedTracks(address: address) { return joined(address, tracks) }
        let download = download(for: address)
        download.want(upTo: prefetchBytes)
        run(download)
        return download.video
    }

    public func focus(current: String?, upcoming: [String]) {
        self.current = current
        self.upcoming = upcoming.filter(\.isWebAddress)
        if let current, let tracks = JoinedTracks(address: current), !isCached(current) {
            _ = joined(current, tracks)
        } else if let current, current.isWebAddress, !isCached(current) {
            let download = download(for: current)
            download.wanted = nil
            run(download)
            download.exchange?.raise(to: .interactive)
        }
        prefetchWhenCurrentIsIn()
        // What was kept for the posts just left may go now; a video played without being kept
        // (a scratch file) goes once it is neither on screen nor next.
        let keep = protectedKeys
        downloads = downloads.filter { $0.value.video.notKept == nil || keep.contains($0.value.video.key) }
        trim()
    }

    // MARK: - For the profile and unsubscribing

    /// The keys nothing may delete now: the post on screen, the ones fetched ahead of it (a
    /// prefetch must not push out the next post), and every download running or read.
    public var protectedKeys: Set<String> {
        var keys = Set(downloads.values.filter { $0.running || $0.video.isBeingRead }.map(\.video.key))
        for address in [current].compactMap({ $0 }) + upcoming.prefix(prefetchCount) {
            keys.insert(VideoCacheLayout.key(for: address))
        }
        return keys
    }

    /// The folder was emptied behind our back (the profile's Clear): forget the downloads
    /// whose files went, so the next play starts them afresh.
    public func forgetRemovedDownloads() {
        let keep = protectedKeys
        downloads = downloads.filter { keep.contains($0.value.video.key) }
    }

    /// Deletes these videos (an unsubscribed channel's), stopping their downloads.
    public func remove(addresses: [String]) {
        var files: [URL] = []
        for address in addresses {
            if let download = downloads.removeValue(forKey: address) {
                download.pausing = true
                download.exchange?.cancel()
            }
            files.append(finishedFile(for: address))
            files.append(directory.appendingPathComponent(VideoCacheLayout.key(for: address) + ".part"))
        }
        let doomed = files
        writer.async { for file in doomed { try? FileManager.default.removeItem(at: file) } }
    }

    // MARK: - Downloads

    func finishedFile(for address: String) -> URL {
        directory.appendingPathComponent(VideoCacheLayout.key(for: address) + VideoCacheLayout.finishedSuffix)
    }

    private func download(for address: String) -> VideoDownload {
        if let download = downloads[address] { return download }
        let video = CachedVideo(address: address, key: VideoCacheLayout.key(for: address), directory: directory) {
            [weak self] neededUpTo in
            MainLoop.invoke { self?.starved(address, neededUpTo: neededUpTo) }
        }
        let download = VideoDownload(video: video)
        downloads[address] = download
        return download
    }

    /// A player waits for bytes the download stopped short of.
    private func starved(_ address: String, neededUpTo: Int64) {
        guard let download = downloads[address], !download.endedInFailure else { return }
        download.want(upTo: neededUpTo + 256 * 1024)
        run(download)
    }

    private func run(_ download: VideoDownload) {
        guard !download.running, !download.video.isComplete else { return }
        let address = download.video.address
        if address != current, runningPrefetches >= concurrentPrefetches {
            if !waitingPrefetches.contains(address) { waitingPrefetches.append(address) }
            return
        }
        waitingPrefetches.removeAll { $0 == address }
        download.attempt = download.video.beginAttempt()
        download.endedInFailure = false
        download.running = true
        download.pausing = false
        let video = download.video
        writer.async { [weak self] in
            let opened = Result { try video.openPart() }
            MainLoop.invoke { self?.request(download, opened: opened) }
        }
    }

    private func request(_ download: VideoDownload, opened: Result<Int64, any Error>, retryingWhole: Bool = false) {
        let video = download.video
        guard case .success(let offset) = opened else {
            download.running = false
            if case .failure(let error) = opened { video.failed(Self.writeFailure(error)) }
            return
        }
        guard let url = URL(string: video.address) else {
            download.running = false
            return video.failed(MediaError(kind: .notFound, message: tr("This video’s address is not valid."), detail: video.address))
        }
        download.arrived = offset
        if let refused = video.notKept { sayNotKept(refused, video.address) }
        if download.hasWhatItWants {
            download.running = false
            return
        }
        // The post on screen goes ahead of whatever waits for the host's connections.
        let request = HTTPRequest.get(url, accept: "video/*, */*;q=0.5", rangeStart: offset > 0 ? offset : nil,
                                      priority: video.address == current ? .interactive : .background,
                                      maximumBodyBytes: Self.largestVideo)
        download.exchange = transport.download(request, onHead: { [weak self] head in
            self?.began(download, head: head, resumedAt: offset)
        }, onChunk: { [weak self] bytes in
            self?.arrived(download, bytes)
        }, completion: { [weak self] result in
            self?.ended(download, result, resumedAt: offset)
        })
    }

    private func began(_ download: VideoDownload, head: HTTPHead, resumedAt offset: Int64) {
        let range = head.contentRange
        let resumed = head.status == 206 && range?.start == offset
        let total = resumed ? (range?.total ?? head.contentLength.map { offset + $0 }) : head.contentLength
        download.resumable = resumed || head.acceptsRanges
        if !resumed { download.arrived = 0 }
        if let total, total > Int64(Self.largestVideo) {
            download.pausing = true
            download.exchange?.cancel()
            return download.video.failed(Self.mediaError(.tooLarge(limit: Self.largestVideo), address: download.video.address))
        }
        let video = download.video
        let contentType = head.contentType
        let attempt = download.attempt
        writer.async {
            do {
                try video.began(length: total, contentType: contentType, restart: !resumed && offset > 0)
            } catch {
                video.failed(Self.writeFailure(error), inAttempt: attempt)
            }
        }
    }

    private func arrived(_ download: VideoDownload, _ bytes: [UInt8]) {
        download.arrived += Int64(bytes.count)
        let video = download.video
        let attempt = download.attempt
        writer.async {
            guard video.failure == nil else { return }
            do {
                try video.append(bytes)
            } catch {
                video.failed(Self.writeFailure(error), inAttempt: attempt)
            }
        }
        if video.failure != nil || (download.hasWhatItWants && download.resumable) {
            download.pausing = true
            download.exchange?.cancel()
        }
    }

    private func ended(_ download: VideoDownload, _ result: Result<HTTPHead, HTTPFailure>, resumedAt offset: Int64) {
        defer { startWaitingPrefetches() }
        // A body that came whole stays running until the writer has named the file finished: a
        // run() in between (the post became current, a player starved) asked the server for the
        // bytes past the end, was answered 416, truncated the file being renamed and wrote it
        // again, and its own rename then found no .part ("can't be written", the large library
        // case under load, 2 runs in 3).
        if case .success = result {} else { download.running = false }
        download.exchange = nil
        let video = download.video
        switch result {
        case .success(let head):
            let contentType = head.contentType
            writer.async { [weak self] in
                let complete = video.finished(contentType: contentType)
                MainLoop.invoke { self?.completed(download, complete: complete) }
            }
        case .failure(.cancelled) where download.pausing:
            // Stopped because the file could not be written (a full disk): it stays failed, with
            // that reason, until Try Again asks for it; going on would only meet the disk again.
            guard video.failure == nil else {
                download.endedInFailure = true
                return
            }
            // Asked for more while the stop was under way (it became the post on screen, or a
            // player reads on): go on now, from where it stopped.
            if download.wanted.map({ $0 > download.arrived }) ?? true { run(download) }
        case .failure(.status(416)) where offset > 0:
            // What an earlier run kept is no prefix the server knows: start over.
            writer.async { [weak self] in
                let opened = Result { () throws -> Int64 in
                    try video.began(length: nil, contentType: nil, restart: true)
                    return 0
                }
                MainLoop.invoke {
                    download.running = true
                    self?.request(download, opened: opened)
                }
            }
            download.running = true
        case .failure(.network(let detail)) where download.arrived > offset && download.resumable:
            let host = URL(string: video.address)?.host ?? video.address
            let error = MediaError(kind: .network, message: tr("The download from {host} broke off. Try Again goes on from where it stopped.",
                                                               ["host": host]), detail: detail)
            download.endedInFailure = true
            let attempt = download.attempt
            writer.async { video.failed(error, inAttempt: attempt) }
        case .failure(let failure):
            let error = Self.mediaError(failure, address: video.address)
            download.endedInFailure = true
            let attempt = download.attempt
            writer.async { video.failed(error, inAttempt: attempt) }
        }
    }

    private func completed(_ download: VideoDownload, complete: Bool) {
        download.running = false
        defer { startWaitingPrefetches() }
        let video = download.video
        // The body came whole but the file could not take it (the writer's failure, a full disk,
        // was already told to the player): no resume, whose writes would fail the same way, and
        // no "ended early" in place of the real reason.
        if !complete, video.failure != nil {
            download.endedInFailure = true
            return
        }
        // A body that ended short without an error (a server closing early) is resumed, twice at most.
        if !complete, download.resumable, download.shortEndings < 2 {
            download.shortEndings += 1
            return run(download)
        }
        guard complete else {
            download.endedInFailure = true
            video.failed(MediaError(kind: .network, message: tr("The download ended before the end of the video."),
                                    detail: video.address))
            return
        }
        if let refused = video.notKept {
            sayNotKept(refused, video.address)
        } else if downloads[video.address] === download {
            downloads[video.address] = nil
        }
        trim()
        if video.address == current { prefetchWhenCurrentIsIn() }
    }

    /// Downloads running for posts not on screen (fetched ahead, or a post left while it came).
    private var runningPrefetches: Int {
        downloads.values.reduce(0) { $0 + ($1.running && $1.video.address != current ? 1 : 0) }
    }

    /// Starts waiting downloads while there is room: the next posts first, in their order, then
    /// the one asked for last (a slot loading the newest post put next). While a thousand feeds
    /// refresh, each one's videos come next for a moment and their slot asks for them: started
    /// at once (a server without ranges is never stopped early), 15-50 of them waited for the
    /// host's two connections ahead of the post on screen, whose answer took 25-330 ms.
    private func startWaitingPrefetches() {
        while runningPrefetches < concurrentPrefetches, !waitingPrefetches.isEmpty {
            let targets = upcoming.prefix(prefetchCount)
            let next = targets.first(where: waitingPrefetches.contains) ?? waitingPrefetches.last!
            waitingPrefetches.removeAll { $0 == next }
            if let download = downloads[next] { run(download) }
        }
    }

    /// The next posts' first part, once the one on screen is in; prefetches of posts no longer
    /// next stop (what they fetched stays and a later play goes on from there).
    private func prefetchWhenCurrentIsIn() {
        let targets = Array(upcoming.prefix(prefetchCount))
        for (address, download) in downloads where address != current && !targets.contains(address) {
            guard download.running, download.resumable, !download.video.isBeingRead else { continue }
            download.wanted = download.arrived
            download.pausing = true
            download.exchange?.cancel()
        }
        // Those waiting for a turn that are no longer next are not fetched (their slot shows
        // another post now; asked for again, they wait again).
        waitingPrefetches.removeAll { !targets.contains($0) }
        if let current, current.isWebAddress, !isCached(current) { return }
        for address in targets where !isCached(address) {
            if let tracks = JoinedTracks(address: address) {
                _ = joined(address, tracks)
                continue
            }
            let download = download(for: address)
            download.want(upTo: prefetchBytes)
            run(download)
        }
    }

    /// Evicts least recently used files until the folder fits its limit. Every completion and
    /// page change asks; a trim already waiting on the writer takes the latest ask, so a burst of
    /// them is one scan. Before, each ask was a scan of its own: with a thousand feeds refreshing,
    /// completions came faster than the scans ran and the writer queue fell seconds behind, so
    /// the post on screen's file was opened and written only after them.
    func trim() {
        let queued = trims.ask(keep: protectedKeys, limit: limit)
        guard !queued else { return }
        let directory = directory
        let trims = trims
        writer.async { [weak self] in
            guard let (keep, limit) = trims.take() else { return }
            let gone = VideoCacheLayout.evictions(VideoCacheLayout.scan(directory), limit: limit, keep: keep)
            for file in gone { try? FileManager.default.removeItem(at: directory.appendingPathComponent(file.name)) }
            guard !gone.isEmpty else { return }
            let keys = Set(gone.map(\.key))
            MainLoop.invoke {
                guard let self else { return }
                self.downloads = self.downloads.filter { !keys.contains($0.value.video.key) || $0.value.running }
            }
        }
    }


    let trims = TrimAsk()

    /// Runs `body` on the writer queue, after everything queued before it (tests).
    func onWriter(_ body: @escaping @Sendable () -> Void) { writer.async(execute: body) }

    // MARK: - Words

    private func sayNotKept(_ refused: CacheWriteError, _ address: String) {
        // The system's reason, for whoever reads the log (the window's words are for people).
        FileHandle.standardError.write(Data("loopfeed: \(address) not kept in \(directory.path): \(refused)\n".utf8))
        onNotKept?(tr("The cache folder {path} can’t be written: videos from the web play, but are not kept to watch offline.",
                      ["path": ShownText.oneLine(directory.path)]))
    }
}
