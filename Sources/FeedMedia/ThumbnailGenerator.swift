public import FeedCore
public import Foundation
import GLibKit
import GStreamerKit

/// One thumbnail asked for; cancelled when the tile that wanted it is gone (a search typed
/// past, a grid replaced), so the worker does not decode videos nobody will see.
public typealias ThumbnailTicket = WorkTicket

/// Makes thumbnails of videos in the background: the first frame, cropped to the grid's 10:13
/// tile shape and scaled to `width` (the grid's largest tile), as a PNG in the cache. Written
/// to a `.part` file and renamed, so a half-written one is never shown.
public final class ThumbnailGenerator: ThumbnailProviding {
    public let directory: URL
    public let width: Int
    private let queue = DispatchQueue(label: "io.github.loopfeed.thumbnails", qos: .utility)
    private let coverQueue = DispatchQueue(label: "io.github.loopfeed.thumbnail-covers", qos: .userInitiated)
    /// `prepare`'s work: one thread at a lower CPU priority, behind the tiles on screen.
    private let preparing = BackgroundPriorityWork(name: "loopfeed-stills")

    /// Told (on a worker thread) when a still was made but could not be written: the disk is
    /// full or the folder can't be written. It is made again the next time it is asked for.
    private let onWriteFailure: (@Sendable (CacheWriteProblem) -> Void)?

    public init(directory: URL, width: Int = 150, onWriteFailure: (@Sendable (CacheWriteProblem) -> Void)? = nil) {
        self.directory = directory
        self.width = width
        self.onWriteFailure = onWriteFailure
    }

    public func path(forPostID id: Int64) -> URL {
        directory.appendingPathComponent("grid-\(id)-\(width).png")
    }

    /// Calls `completion` on the main thread with the PNG's path, or nil when the video can't
    /// be decoded. Cached thumbnails come back at once (still through the main loop).
    /// A cancelled ticket's video is not decoded (and `completion` is not called).
    @discardableResult
    public func thumbnail(postID: Int64, uri: String, cover: URL?, ticket: WorkTicket,
                          completion: @escaping @Sendable @MainActor (URL?) -> Void) -> WorkTicket {
        let target = path(forPostID: postID)
        let width = width
        if let cover {
            // A cover is a file check, not a render: it must not wait behind other tiles' videos.
            coverQueue.async { [self] in
                if FileManager.default.fileExists(atPath: cover.path) {
                    MainLoop.invoke { completion(cover) }
                } else {
                    _ = thumbnail(postID: postID, uri: uri, cover: nil, ticket: ticket, completion: completion)
                }
            }
            return ticket
        }
        queue.async { [directory, onWriteFailure] in
            if FileManager.default.fileExists(atPath: target.path) {
                MainLoop.invoke { completion(target) }
                return
            }
            guard !ticket.isCancelled else { return }
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let made = Self.render(uri: uri, to: target, width: width, onWriteFailure: onWriteFailure)
            MainLoop.invoke { completion(made ? target : nil) }
        }
        return ticket
    }

    public func prepare(postID: Int64, uri: String) {
        let target = path(forPostID: postID), width = width, directory = directory, onWriteFailure = onWriteFailure
        preparing.run({
            guard !FileManager.default.fileExists(atPath: target.path) else { return }
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            _ = Self.render(uri: uri, to: target, width: width, onWriteFailure: onWriteFailure)
        }, then: { _ in })
    }

    private static func render(uri: String, to target: URL, width: Int,
                               onWriteFailure: (@Sendable (CacheWriteProblem) -> Void)?) -> Bool {
        let part = target.appendingPathExtension("part")
        defer { try? FileManager.default.removeItem(at: part) }
        // Never a FIFO or a device: playbin's open would wait on it with this queue for good.
        if let path = FileURI.localPath(uri), MediaError.localFileProblem(atPath: path) != nil { return false }
        // A network's video nothing plays has no frame to take.
        if UnplayableVideo(address: uri) != nil { return false }
        do {
            GStreamer.initialize()
            let playbin = try Pipeline.makePipeline("playbin")
            // native-video: without it playsink scales the frame to the sink's 10:13 size
            // first, with black borders, and the crop below has nothing left to crop. It also
            // drops playsink's conversion, so the sink converts first (videoflip takes few
            // formats, and not a hardware decoder's).
            playbin.set("flags", "video+native-video")
            playbin.set("uri", uri)
            let sink = try PipelineText(
                "videoconvert ! videoflip video-direction=auto ! aspectratiocrop aspect-ratio=10/13 ! videoscale ! videoconvert "
                + "! video/x-raw,format=RGB,width=\(width),height=\(width * 13 / 10),pixel-aspect-ratio=1/1 "
                + "! pngenc ! appsink name=still sync=false").bin()
            playbin.set("video-sink", element: sink)
            playbin.set("audio-sink", element: try Element.make("fakesink"))
            // The first frame is the one the appsink prerolls: nothing waits for the stream to
            // end (pngenc snapshot=true's EOS could be lost on the way to the sink, see CoverFrame).
            defer { playbin.setState(.null) }
            guard playbin.setState(.paused) != .failure,
                  case .asyncDone? = playbin.waitForPrerollOrError(timeoutSeconds: 10),
                  let bytes = sink.child(named: "still")?.prerolledBytes(timeoutSeconds: 1), !bytes.isEmpty else { return false }
            do {
                try Data(bytes).write(to: part)
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.moveItem(at: part, to: target)
            } catch {
                onWriteFailure?(CacheWriteProblem.from(error, folder: target.deletingLastPathComponent().path))
                return false
            }
            return true
        } catch {
            return false
        }
    }
}
