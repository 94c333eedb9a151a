/// Turns scroll events into page moves: one mouse-wheel notch is one video; smooth scrolling
/// (touchpads) accumulates until about 50 px and then locks, so one flick moves one page.
public struct ScrollPaging: Sendable, Equatable {
    public enum Unit: Sendable { case wheel, pixels }

    /// Pixels of smooth scrolling that make one page.
    public var pixelThreshold: Double = 50
    /// After a smooth-scroll page move, further smooth scrolling is ignored this long (µs).
    public var lockUs: Int64 = 700_000

    private var accumulated: Double = 0
    private var lockedUntilUs: Int64 = 0

    public init() {}

    /// Returns +1 (next), -1 (previous) or 0 for one scroll event. `dy` is positive downwards.
    public mutating func scroll(dy: Double, unit: Unit, nowUs: Int64) -> Int {
        switch unit {
        case .wheel:
            // High-resolution wheels report fractions of a notch: a page per whole notch.
            if accumulated != 0 && (accumulated > 0) != (dy > 0) { accumulated = 0 }
            accumulated += dy
            guard abs(accumulated) >= 0.999 else { return 0 }
            let direction = accumulated > 0 ? 1 : -1
            accumulated = 0
            return direction
        case .pixels:
            if nowUs < lockedUntilUs { return 0 }
            if accumulated != 0 && (accumulated > 0) != (dy > 0) { accumulated = 0 }
            accumulated += dy
            guard abs(accumulated) >= pixelThreshold else { return 0 }
            let direction = accumulated > 0 ? 1 : -1
            accumulated = 0
            lockedUntilUs = nowUs + lockUs
            return direction
        }
    }

    /// The fingers left the touchpad: a new gesture starts from zero.
    public mutating func scrollEnded() { accumulated = 0 }
}
