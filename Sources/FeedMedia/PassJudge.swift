import Foundation

/// Whether a pass of a looping clip reached the clip's length. A truncated file plays part-way
/// and wraps like a whole one (no error): the last frame of a pass is compared with the length
/// the header promises. A file is judged truncated only when two passes in a row stop at the
/// same point with their frames coming steadily: a process stopped for a few seconds (or a main
/// thread held up by a long paste) drops the frames that were late by then, and its pass stops
/// short once, at no particular point.
struct PassJudge: Equatable {
    enum Verdict: Equatable {
        /// The pass reached the clip's length (or a trim's end).
        case whole
        /// It stopped short: not a loop, not yet a verdict.
        case short
        /// Two steady passes in a row stopped at the same point, short of `duration`.
        case truncated(duration: UInt64)
        /// It began part-way (a seek landed in it): not a loop, and nothing to judge.
        case partial
    }

    /// A wait between two frames longer than this is a stall (of the process or the machine),
    /// not the clip.
    static let stallGapUs: Int64 = 500_000

    /// Where the last pass stopped when it stopped short of the clip's length (a second pass
    /// stopping there too makes it a truncated file).
    private var earlyStop: UInt64?

    /// The pass under way began part-way.
    private var midway = false

    mutating func reset() {
        earlyStop = nil
        midway = false
    }

    /// A seek landed part-way through the loop: the pass it lands in ends early on purpose.
    mutating func startMidway() {
        reset()
        midway = true
    }

    /// `durationNs`: the clip's length, nil when unknown or when the loop is trimmed (a trimmed
    /// loop stops early on purpose).
    mutating func judge(lastFrameNs: UInt64, longestGapUs: Int64, durationNs: UInt64?) -> Verdict {
        if midway {
            midway = false
            return .partial
        }
        guard let duration = durationNs, duration > 0 else { return .whole }
        // Wide enough for an audio track longer than the video (the duration is the longest
        // stream's); a truncated file usually stops far earlier.
        let tolerance = max(1_000_000_000, duration / 4)
        guard lastFrameNs + tolerance < duration else {
            earlyStop = nil
            return .whole
        }
        guard longestGapUs < Self.stallGapUs else {
            earlyStop = nil
            return .short
        }
        if let previous = earlyStop, previous.distance(to: lastFrameNs).magnitude < 500_000_000 {
            return .truncated(duration: duration)
        }
        earlyStop = lastFrameNs
        return .short
    }

    /// "0:07": a time in minutes and seconds for the error card.
    static func clock(_ ns: UInt64) -> String {
        let seconds = Int(ns / 1_000_000_000)
        return String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}
