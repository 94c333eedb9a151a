/// A vertical drag on the feed: the page follows the pointer; on release it pages when moved
/// past the threshold or flicked fast enough, otherwise it snaps back.
public struct SwipeGesture: Sendable, Equatable {
    /// Distance that pages on release (px).
    public var threshold: Double = 50
    /// Release speed that pages even under the threshold (px/s).
    public var flickVelocity: Double = 500
    /// Movement under this is a click, not a drag (px).
    public var clickSlop: Double = 8

    public init() {}

    /// Offset to show while dragging: free between pages, resisted where there is no page.
    public func visibleOffset(dragY: Double, canGoBack: Bool, canGoForward: Bool, pageHeight: Double) -> Double {
        let limited = max(-pageHeight, min(pageHeight, dragY))
        if (limited > 0 && !canGoBack) || (limited < 0 && !canGoForward) {
            // Rubber band: a third of the movement, never more than a fifth of the page.
            let resisted = limited / 3
            return max(-pageHeight / 5, min(pageHeight / 5, resisted))
        }
        return limited
    }

    /// Whether the pointer moved far enough for this to be a drag rather than a click.
    public func isDrag(dx: Double, dy: Double) -> Bool { (dx * dx + dy * dy) >= clickSlop * clickSlop }

    /// On release: +1 next (dragged up), -1 previous (dragged down), 0 snap back.
    /// `velocityY` is px/s, positive downwards.
    public func decide(dragY: Double, velocityY: Double) -> Int {
        if dragY <= -threshold || velocityY <= -flickVelocity { return dragY <= 0 ? 1 : 0 }
        if dragY >= threshold || velocityY >= flickVelocity { return dragY >= 0 ? -1 : 0 }
        return 0
    }
}

/// Ease-out motion from one offset to another over a fixed duration.
public struct SnapAnimation: Sendable, Equatable {
    /// How the motion slows down towards its end.
    public enum Easing: Sendable, Equatable {
        /// 1 - (1 - t)^3: half the way at 21 % of the time.
        case cubicOut
        /// 1 - (1 - t)^5: half the way at 13 % of the time, then a long, soft arrival. A page
        /// change uses it: the next video covers the middle of the window one frame sooner
        /// (at 19 ms of a 150 ms slide instead of 31), and it still reads as a slide.
        case quintOut
    }

    public let from: Double
    public let to: Double
    public let startUs: Int64
    public let durationUs: Int64
    public let easing: Easing

    public init(from: Double, to: Double, startUs: Int64, durationUs: Int64 = 150_000, easing: Easing = .cubicOut) {
        self.from = from
        self.to = to
        self.startUs = startUs
        self.durationUs = max(1, durationUs)
        self.easing = easing
    }

    public func isFinished(atUs now: Int64) -> Bool { now - startUs >= durationUs }

    public func value(atUs now: Int64) -> Double {
        let t = min(1, max(0, Double(now - startUs) / Double(durationUs)))
        let rest = 1 - t
        let eased = switch easing {
        case .cubicOut: 1 - rest * rest * rest
        case .quintOut: 1 - rest * rest * rest * rest * rest
        }
        return from + (to - from) * eased
    }
}

/// Pointer velocity from recent drag samples (the last ~100 ms), px/s.
public struct VelocityTracker: Sendable, Equatable {
    private var samples: [(t: Int64, y: Double)] = []
    public init() {}

    public static func == (lhs: VelocityTracker, rhs: VelocityTracker) -> Bool {
        lhs.samples.map(\.t) == rhs.samples.map(\.t) && lhs.samples.map(\.y) == rhs.samples.map(\.y)
    }

    public mutating func reset() { samples.removeAll() }

    public mutating func add(y: Double, atUs t: Int64) {
        samples.append((t, y))
        samples.removeAll { t - $0.t > 100_000 }
    }

    public var velocity: Double {
        guard let first = samples.first, let last = samples.last, last.t > first.t else { return 0 }
        return (last.y - first.y) / (Double(last.t - first.t) / 1_000_000)
    }
}
