public import Foundation

/// What a file turned out to be: its length, its picture's size (after rotation; nil for a
/// sound file) and whether it has sound.
public struct ClipFacts: Sendable, Equatable {
    public var url: URL
    public var durationSeconds: Double
    public var size: PixelSize?
    public var hasAudio: Bool

    public init(url: URL, durationSeconds: Double, size: PixelSize?, hasAudio: Bool) {
        self.url = url
        self.durationSeconds = durationSeconds
        self.size = size
        self.hasAudio = hasAudio
    }

    /// A video the editor can open.
    public var isVideo: Bool { size != nil && durationSeconds > 0 }
}

/// Why a clip job failed, in a sentence for the window.
public struct ClipJobFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The Create tab's slow work on its clip, done off the main thread with results delivered on
/// it: joining the segments, probing files, cover frames, rendering the edit, and the clip's
/// work folder. FeedMedia does it for real; FeedTesting fakes it for the store tests.
public protocol ClipJobs: Sendable {
    /// Joins the folder's segments (seg-NNN.mp4) into one clip and measures what was recorded.
    func join(segmentsIn folder: URL, then deliver: @escaping @Sendable @MainActor (Result<ClipFacts, ClipJobFailure>) -> Void)
    /// Reads a file's headers.
    func probe(_ file: URL, then deliver: @escaping @Sendable @MainActor (Result<ClipFacts, ClipJobFailure>) -> Void)
    /// PNG frames of `clip` at `times` (seconds) with the edit's text, `width` wide, in `folder`;
    /// those that could be made, and the last failure. Skipped once `ticket` is cancelled.
    func covers(of clip: URL, at times: [Double], edit: ClipEdit, width: Int, into folder: URL, ticket: WorkTicket,
                then deliver: @escaping @Sendable @MainActor ([URL], ClipJobFailure?) -> Void)
    /// Renders the edit of `clip` into a new file in `folder`. Cancelling the ticket stops it
    /// (and nothing is delivered).
    func render(_ clip: URL, edit: ClipEdit, into folder: URL, ticket: WorkTicket,
                progress: @escaping @Sendable @MainActor (Double) -> Void,
                then deliver: @escaping @Sendable @MainActor (Result<URL, ClipJobFailure>) -> Void)
    /// Makes the clip's work folder; the reason when it can't be written.
    func makeFolder(_ folder: URL) -> RecorderError?
    /// Where the next segment is to be recorded.
    func nextSegment(in folder: URL) -> URL
    /// Deletes the last recorded segment (Undo).
    func removeLastSegment(in folder: URL)
    /// Deletes a file or folder the clip no longer needs, in the background.
    func discard(_ item: URL)
    func exists(_ file: URL) -> Bool
}
