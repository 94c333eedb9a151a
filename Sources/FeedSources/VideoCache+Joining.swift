import FeedCore
import Foundation
import Glibc
import GLibKit
import Localization

/// Split audio (`JoinedTracks`): the picture's and the sound's files are downloaded side by side
/// into `joining/`, joined into one MP4 off the main thread (`TrackJoining`), and that file is
/// the video the cache keeps under the joined address: it plays, loops and stays offline like
/// any other. Until it is there, players read a `JoinedVideo` that waits for it.
extension VideoCache {
    func joined(_ address: String, _ tracks: JoinedTracks) -> JoinedVideo {
        if let video = joins[address], video.failure == nil { return video }
        let file = finishedFile(for: address)
        let video = JoinedVideo(address: address, file: file)
        joins[address] = video
        if FileManager.default.fileExists(atPath: file.path) {
            writer.async { video.joined() }
            return video
        }
        guard let joiner else {
            video.failed(MediaError(kind: .missingPlugin, message: tr("This video’s sound comes apart from its picture, which this copy of Loopfeed can’t play."),
                                    detail: address))
            return video
        }
        let folder = directory.appendingPathComponent("joining")
        let key = VideoCacheLayout.key(for: address)
        let picture = folder.appendingPathComponent(key + "-picture.mp4")
        let sound = folder.appendingPathComponent(key + "-sound.mp4")
        let output = folder.appendingPathComponent(key + ".mp4")
        var waiting = 2
        var failure: MediaError?
        let finish: @MainActor (MediaError?) -> Void = { [weak self] error in
            failure = failure ?? error
            waiting -= 1
            guard waiting == 0, let self else { return }
            if let failure {
                joins[address] = nil
                return video.failed(failure)
            }
            DispatchQueue.global(qos: .userInitiated).async {
                let result = joiner.join(video: picture, audio: sound, into: output)
                for part in [picture, sound] { try? FileManager.default.removeItem(at: part) }
                switch result {
                case .success where rename(output.path, file.path) == 0:
                    video.joined()
                case .success:
                    video.failed(Self.writeFailure(CacheWriteError(errno: errno)))
                case .failure(let error):
                    try? FileManager.default.removeItem(at: output)
                    video.failed(error)
                }
                MainLoop.invoke { [weak self] in
                    guard let self else { return }
                    if joins[address] === video { joins[address] = nil }
                    trim()
                }
            }
        }
        fetchTrack(tracks.video, into: picture, current: address == current, then: finish)
        fetchTrack(tracks.audio, into: sound, current: address == current, then: finish)
        return video
    }

    /// Downloads one of the two files whole into `file`; `then` gets its failure, or nil.
    private func fetchTrack(_ url: URL, into file: URL, current: Bool, then: @escaping @MainActor (MediaError?) -> Void) {
        let output = TrackFile()
        writer.async {
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            output.descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if output.descriptor < 0 { output.error = CacheWriteError(errno: errno) }
        }
        let request = HTTPRequest.get(url, accept: "video/*, audio/*, */*;q=0.5", priority: current ? .interactive : .background,
                                      maximumBodyBytes: Self.largestVideo)
        transport.download(request, onHead: { _ in }, onChunk: { [writer] bytes in
            writer.async { output.write(bytes) }
        }, completion: { [writer] result in
            writer.async {
                let written = output.close()
                MainLoop.invoke {
                    switch result {
                    case .failure(let failure): then(Self.mediaError(failure, address: url.absoluteString))
                    case .success: then(written.map(Self.writeFailure))
                    }
                }
            }
        })
    }
}

/// One of a split-audio video's files as it is written: used only on the cache's writer queue.
private final class TrackFile: @unchecked Sendable {
    var descriptor: Int32 = -1
    var error: CacheWriteError?

    func write(_ bytes: [UInt8]) {
        guard error == nil, descriptor >= 0 else { return }
        var done = 0
        while done < bytes.count {
            let put = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if put < 0, errno == EINTR { continue }
            guard put > 0 else {
                error = CacheWriteError(errno: errno)
                return
            }
            done += put
        }
    }

    /// Closes the file; the write's failure, if any.
    func close() -> CacheWriteError? {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
        return error
    }
}
