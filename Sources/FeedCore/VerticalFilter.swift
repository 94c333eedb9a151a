/// Explore's filter, vertical first: by default only portrait videos (narrower than tall),
/// short ones, never a live stream, and nothing the network marks sensitive unless the user
/// allows it. *Any shape* and *any length* lift the first two.
public struct VerticalFilter: Sendable, Equatable {
    /// Landscape and square videos too.
    public var anyShape: Bool
    /// Videos longer than `maximumDuration` too.
    public var anyLength: Bool
    /// Videos the network marks sensitive (PeerTube's `nsfw`, Loops' `is_sensitive`).
    public var showsSensitive: Bool
    /// Seconds a short video lasts at most: 3 minutes.
    public var maximumDuration: Double

    public static let shortVideoSeconds = 180.0

    public init(anyShape: Bool = false, anyLength: Bool = false, showsSensitive: Bool = false,
                maximumDuration: Double = VerticalFilter.shortVideoSeconds) {
        self.anyShape = anyShape
        self.anyLength = anyLength
        self.showsSensitive = showsSensitive
        self.maximumDuration = maximumDuration
    }

    public enum Reason: String, Sendable, Equatable {
        case live
        case sensitive
        case notPortrait
        case tooLong
    }

    public enum Verdict: Sendable, Equatable {
        case shown
        case hidden(Reason)
        /// Its shape or length is unknown (PeerTube's null `aspectRatio` and no sizes in a list):
        /// probe its first bytes, then ask `verdict(for:probed:)`.
        case needsProbe
    }

    /// What a probe of the video's first bytes found.
    public struct Probe: Sendable, Equatable {
        public var size: PixelSize?
        public var duration: Double?

        public init(size: PixelSize?, duration: Double?) {
            self.size = size
            self.duration = duration
        }
    }

    /// `probed`: what a probe found, when the video's document left its shape or length out.
    /// What is still unknown after a probe hides the video (it cannot be shown to be vertical or
    /// short).
    public func verdict(for video: RemoteVideo, probed: Probe? = nil) -> Verdict {
        if video.isLive { return .hidden(.live) }
        if video.isSensitive && !showsSensitive { return .hidden(.sensitive) }
        var unknown = false
        if !anyShape {
            let probedShape = probed?.size.flatMap { $0.isEmpty ? nil : Double($0.width) / Double($0.height) }
            if let ratio = video.shape ?? probedShape {
                if !(ratio < 1) { return .hidden(.notPortrait) }
            } else if probed != nil {
                return .hidden(.notPortrait)
            } else {
                unknown = true
            }
        }
        if !anyLength {
            // PeerTube gives 0 for a live; a finished video of 0 s has no length it can be judged by.
            let positive = { (value: Double?) in value.flatMap { $0 > 0 ? $0 : nil } }
            if let seconds = positive(video.duration) ?? positive(probed?.duration) {
                if !(seconds <= maximumDuration) { return .hidden(.tooLong) }
            } else if probed != nil {
                return .hidden(.tooLong)
            } else {
                unknown = true
            }
        }
        return unknown ? .needsProbe : .shown
    }
}
