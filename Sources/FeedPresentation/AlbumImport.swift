public import FeedCore
public import Foundation
import Localization

/// Album: a video file to post instead of a recording. It is probed off the main thread and
/// handed over only if the editor can open it; a newer pick replaces one still being probed.
@MainActor
public final class AlbumImport {
    public enum Outcome: Equatable {
        case video(ClipFacts)
        /// Not something the editor can open, with the sentence to show.
        case refused(String)
    }

    private let clipJobs: ClipJobs
    /// The file whose answer is awaited; an older pick's answer is dropped.
    private var awaited: URL?

    public init(clipJobs: ClipJobs) {
        self.clipJobs = clipJobs
    }

    public var isProbing: Bool { awaited != nil }

    public func open(_ file: URL, then deliver: @escaping (Outcome) -> Void) {
        awaited = file
        clipJobs.probe(file) { [weak self] probe in
            guard let self, awaited == file else { return }
            awaited = nil
            if case .success(let facts) = probe, facts.isVideo {
                deliver(.video(facts))
            } else {
                deliver(.refused(tr("“{file}” isn’t a video Loopfeed can open.", ["file": file.lastPathComponent])))
            }
        }
    }
}
