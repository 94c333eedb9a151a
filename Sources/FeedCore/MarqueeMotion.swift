/// How a name moves in a box: one that fits stands still and shows once; a longer one scrolls,
/// a second copy after a gap following it so the wrap from its end to its start is seamless.
public enum MarqueeMotion: Equatable, Sendable {
    case still
    /// Scrolls `cycle` pixels (one copy and the gap after it), then starts again.
    case scrolling(cycle: Double)

    /// `nameWidth`: the name once; `doubledWidth`: the name, the gap and the name again.
    public static func plan(nameWidth: Double, doubledWidth: Double, boxWidth: Double) -> MarqueeMotion {
        guard nameWidth > boxWidth, doubledWidth > nameWidth else { return .still }
        return .scrolling(cycle: doubledWidth - nameWidth)
    }

    /// Whether the name shows twice (only while it scrolls).
    public var showsTwice: Bool { self != .still }

    /// Where the name is `elapsedUs` after `offset`, at `speed` pixels a second, wrapped within
    /// the cycle.
    public func offset(after offset: Double, elapsedUs: Int64, speed: Double) -> Double {
        guard case .scrolling(let cycle) = self, cycle > 0 else { return 0 }
        let moved = offset + speed * Double(max(0, elapsedUs)) / 1_000_000
        return moved.truncatingRemainder(dividingBy: cycle)
    }
}
