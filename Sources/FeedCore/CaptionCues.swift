/// A caption track's cues in time order, and which show at a moment of a looping video.
public struct CaptionCues: Sendable, Equatable {
    /// By start time (cues that start together keep the file's order).
    public let cues: [CaptionCue]
    /// The longest cue's length: how far back a cue that is still showing can have started.
    private let longest: Double

    public init(_ cues: [CaptionCue]) {
        self.cues = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        longest = cues.map { $0.end - $0.start }.max() ?? 0
    }

    /// The cues showing at `position` seconds (start included, end not). A looping player's
    /// position may run past the video's end: with `loopDuration`, it is taken within the loop.
    public func cues(at position: Double, loopDuration: Double? = nil) -> [CaptionCue] {
        guard position.isFinite, position >= 0 else { return [] }
        var time = position
        if let loopDuration, loopDuration.isFinite, loopDuration > 0 {
            time = position.truncatingRemainder(dividingBy: loopDuration)
        }
        // The cues starting at or before `time` (a binary search), back to the earliest start
        // that the longest cue could still be showing from.
        var low = 0, high = cues.count
        while low < high {
            let middle = (low + high) / 2
            if cues[middle].start <= time { low = middle + 1 } else { high = middle }
        }
        var first = low
        while first > 0, cues[first - 1].start >= time - longest { first -= 1 }
        return cues[first..<low].filter { time < $0.end }
    }

    /// The text to show at `position`: the showing cues' texts, one under the other; nil
    /// when none shows.
    public func text(at position: Double, loopDuration: Double? = nil) -> String? {
        let showing = cues(at: position, loopDuration: loopDuration)
        return showing.isEmpty ? nil : showing.map(\.text).joined(separator: "\n")
    }
}
