public import Foundation

/// Writes one MP4 from a video-only file and an audio-only file, without re-encoding (FeedMedia's
/// TrackJoiner): how a video whose sound is split off (`JoinedTracks`) is kept in the cache as
/// one file that plays and loops like any other.
public protocol TrackJoining: Sendable {
    /// Blocks until `output` is written (call it from a worker thread).
    func join(video: URL, audio: URL, into output: URL) -> Result<Void, MediaError>
}
