/// Where a seek in a looping video lands: the progress bar's fraction, or Left and Right a step
/// at a time. A loop has no end, so a step on past the last frame comes round to the start
/// again; a step back stops at the start (pressed a few times it gets there, never past it).
public enum LoopSeek {
    /// How far back from the end a seek may land: a seek to the very end would be over at once.
    public static let endMarginNs: UInt64 = 100_000_000
    /// Left and Right: 5 s, or a fifth of a clip shorter than 25 s (a 2 s loop moves 0.4 s).
    public static let longestStepNs: UInt64 = 5_000_000_000

    public static func stepNs(durationNs: UInt64) -> UInt64 {
        min(longestStepNs, durationNs / 5)
    }

    /// The point `fraction` (0...1) of the way through a clip of `durationNs`.
    public static func target(fraction: Double, durationNs: UInt64) -> UInt64 {
        guard durationNs > 0, fraction.isFinite else { return 0 }
        let clamped = min(1, max(0, fraction))
        return min(UInt64((Double(durationNs) * clamped).rounded()), latest(durationNs))
    }

    /// `steps` steps (negative: back) from `positionNs`.
    public static func stepped(from positionNs: UInt64, by steps: Int, durationNs: UInt64) -> UInt64 {
        guard durationNs > 0, steps != 0 else { return min(positionNs, latest(durationNs)) }
        let step = stepNs(durationNs: durationNs)
        let distance = step * UInt64(steps.magnitude)
        if steps < 0 { return positionNs > distance ? min(positionNs - distance, latest(durationNs)) : 0 }
        let ahead = positionNs + distance
        return ahead <= latest(durationNs) ? ahead : (ahead - durationNs) % durationNs
    }

    /// How far through the clip `positionNs` is (0...1); nil while either is unknown.
    public static func fraction(positionNs: UInt64?, durationNs: UInt64?) -> Double? {
        guard let positionNs, let durationNs, durationNs > 0 else { return nil }
        return min(1, Double(positionNs) / Double(durationNs))
    }

    /// "0:07 / 0:15": where the loop is and how long it is, as the slider's value says it.
    public static func clock(positionNs: UInt64, durationNs: UInt64) -> String {
        "\(minutesAndSeconds(positionNs)) / \(minutesAndSeconds(durationNs))"
    }

    static func minutesAndSeconds(_ ns: UInt64) -> String {
        let seconds = Int(ns / 1_000_000_000)
        let rest = seconds % 60
        return "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest)"
    }

    private static func latest(_ durationNs: UInt64) -> UInt64 {
        durationNs > endMarginNs * 2 ? durationNs - endMarginNs : durationNs / 2
    }
}
