public import FeedCore
public import Foundation

/// Stores a finished clip as the user's post: the video (and cover) copied into the data
/// directory, then the row. The source clip is never touched, so a failure (a full disk, an
/// unwritable folder) loses nothing: the recorder keeps showing it and the user can try again.
public struct ClipPublisher {
    public typealias Copy = @Sendable (_ from: URL, _ to: URL) throws -> Void

    public struct Outcome: Sendable {
        public var post: Post
        /// Why the extra copy (e.g. to ~/Videos) failed; the post itself is stored.
        public var copyProblem: String?
        public var copyURL: URL?
    }

    private let dataDirectory: URL
    private let repository: FeedRepository
    private let copy: Copy
    private let now: @Sendable () -> Date

    public init(dataDirectory: URL, repository: FeedRepository,
                copy: @escaping Copy = { try FileManager.default.copyItem(at: $0, to: $1) },
                now: @escaping @Sendable () -> Date = Date.init) {
        self.dataDirectory = dataDirectory
        self.repository = repository
        self.copy = copy
        self.now = now
    }

    /// The video (and cover) copied into the data directory, not yet a post.
    public struct StagedClip: Sendable, Equatable {
        public var video: URL
        public var cover: URL?
    }

    /// Everything at once, on the calling thread.
    public func publish(_ publication: ClipPublication) throws(RecorderError) -> Outcome {
        let staged = try Self.stage(publication, dataDirectory: dataDirectory, copy: copy)
        var outcome = Outcome(post: try insert(publication, staged: staged))
        if let folder = publication.copyFolder {
            (outcome.copyURL, outcome.copyProblem) = Self.saveCopy(of: publication.clip, in: folder, at: now(), copy: copy)
        }
        return outcome
    }

    /// Step 1, the slow part (a worker thread may run it): copies the files in.
    public static func stage(_ publication: ClipPublication, dataDirectory: URL,
                             copy: Copy = { try FileManager.default.copyItem(at: $0, to: $1) }) throws(RecorderError) -> StagedClip {
        let name = UUID().uuidString
        let videos = dataDirectory.appendingPathComponent("videos")
        let video = videos.appendingPathComponent("\(name).mp4")
        try place(publication.clip, at: video, folder: videos, copy: copy)
        guard let cover = publication.cover else { return StagedClip(video: video, cover: nil) }
        let covers = dataDirectory.appendingPathComponent("covers")
        let target = covers.appendingPathComponent("\(name).png")
        do {
            try place(cover, at: target, folder: covers, copy: copy)
        } catch {
            try? FileManager.default.removeItem(at: video)
            throw error
        }
        return StagedClip(video: video, cover: target)
    }

    /// Step 2, on the repository's thread: the row. On failure the staged files are removed.
    public func insert(_ publication: ClipPublication, staged: StagedClip) throws(RecorderError) -> Post {
        do {
            let me = try? repository.selfAuthor()
            return try repository.insertPost(NewPost(
                authorHandle: me?.handle ?? SelfAuthor.handle, caption: publication.caption,
                music: publication.music, videoURI: staged.video.absoluteString, width: publication.width ?? 0,
                height: publication.height ?? 0, duration: publication.duration, created: now(),
                allowsComments: publication.allowsComments, coverURI: staged.cover?.absoluteString))
        } catch {
            for file in [staged.video, staged.cover].compactMap({ $0 }) { try? FileManager.default.removeItem(at: file) }
            throw .notSaved("\(error)")
        }
    }

    /// Step 3, optional and slow: the extra copy (e.g. to ~/Videos); its URL, or why it failed.
    public static func saveCopy(of clip: URL, in folder: URL, at date: Date,
                                copy: Copy = { try FileManager.default.copyItem(at: $0, to: $1) }) -> (URL?, String?) {
        let target = folder.appendingPathComponent(copyName(at: date))
        do {
            try place(clip, at: target, folder: folder, copy: copy)
            return (target, nil)
        } catch {
            return (nil, error.description)
        }
    }

    /// "Loopfeed 2026-11-30 16-21-05.mp4": sortable, and no colons for other file systems.
    static func copyName(at date: Date) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "yyyy-MM-dd HH-mm-ss"
        return "Loopfeed \(format.string(from: date)).mp4"
    }

    private static func place(_ source: URL, at target: URL, folder: URL, copy: Copy) throws(RecorderError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try copy(source, target)
        } catch {
            // A half-written copy is worse than none.
            try? FileManager.default.removeItem(at: target)
            throw reason(error, path: folder.path)
        }
    }

    /// A full disk says so; anything else about the folder is "can't write".
    public static func reason(_ error: Error, path: String) -> RecorderError {
        RecorderError.from(fileError: error, path: path)
    }
}
