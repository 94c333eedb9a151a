/// The record button's look over time. Starting a recording grows the ring to 1.5 and makes
/// it solid while the disc shrinks to half size and squares off (0.7 s); stopping reverses it
/// in 0.35 s. While held the button follows the pointer; released, it glides home in 0.35 s.
///
/// Every change starts from the values shown at that instant, so a stop halfway through the
/// start animation turns back from where it is instead of jumping to the recording look.
public struct RecordButtonAnimation: Sendable, Equatable {
    public enum Phase: Sendable, Equatable { case idle, recording }

    /// Outer edge of the ring at rest, in logical pixels.
    public static let radius: Double = 45
    public static let ringWidth: Double = 6
    /// The disc at rest; the 3 px gap keeps it apart from the half-transparent ring.
    public static let discRadius: Double = 36
    /// Corner radius of the recording square, in drawn pixels (after its 0.5 scale).
    public static let recordingCornerRadius: Double = 5
    public static let startUs: Int64 = 700_000
    public static let stopUs: Int64 = 350_000
    public static let returnHomeUs: Int64 = 350_000

    public struct Offset: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
        public static let zero = Offset(x: 0, y: 0)
    }

    /// What to draw. `discCornerRadius` is in drawn pixels, like `discHalfSide`; at rest it
    /// equals the half side, which makes the rounded square a circle.
    public struct Frame: Sendable, Equatable {
        public var ringScale: Double
        public var ringAlpha: Double
        public var discScale: Double
        public var discCornerRadius: Double
        /// Displacement from the button's home position.
        public var offset: Offset

        public init(ringScale: Double, ringAlpha: Double, discScale: Double, discCornerRadius: Double,
                    offset: Offset = .zero) {
            self.ringScale = ringScale
            self.ringAlpha = ringAlpha
            self.discScale = discScale
            self.discCornerRadius = discCornerRadius
            self.offset = offset
        }

        public var discHalfSide: Double { RecordButtonAnimation.discRadius * discScale }
        /// Centre-line radius of the ring (the progress arc runs along it).
        public var ringCentreRadius: Double {
            (RecordButtonAnimation.radius - RecordButtonAnimation.ringWidth / 2) * ringScale
        }
        /// How far from the centre the button can be seen (for hit testing).
        public var outerRadius: Double { ringCentreRadius + RecordButtonAnimation.ringWidth / 2 }
    }

    public static let idleLook = Frame(ringScale: 1, ringAlpha: 0.5, discScale: 1, discCornerRadius: discRadius)
    public static let recordingLook = Frame(ringScale: 1.5, ringAlpha: 1, discScale: 0.5,
                                            discCornerRadius: recordingCornerRadius)

    public private(set) var phase: Phase = .idle
    public private(set) var phaseChangedUs: Int64 = 0
    /// The look shown when the phase last changed: the animation runs from it to the phase's look.
    private var lookAtChange = RecordButtonAnimation.idleLook
    /// While held, where the pointer has taken the button; nil when not held.
    public private(set) var heldOffset: Offset?
    /// The offset when the hold began (the button may still have been gliding home).
    private var holdBase = Offset.zero
    private var releasedOffset = Offset.zero
    private var releasedUs: Int64 = 0

    public init() {}

    public static func duration(of phase: Phase) -> Int64 { phase == .recording ? startUs : stopUs }

    /// Starts the animation into `phase`. Setting the current phase again changes nothing
    /// (held keys autorepeat).
    public mutating func setPhase(_ newPhase: Phase, atUs now: Int64) {
        guard newPhase != phase else { return }
        var look = frame(atUs: now)
        look.offset = .zero
        lookAtChange = look
        phase = newPhase
        phaseChangedUs = now
    }

    /// The pointer pressed the button: from now on it follows `moveHold`.
    public mutating func beginHold(atUs now: Int64) {
        holdBase = offset(atUs: now)
        heldOffset = holdBase
    }

    /// `dx`, `dy`: the pointer's offset from where it pressed.
    public mutating func moveHold(dx: Double, dy: Double) {
        guard heldOffset != nil else { return }
        heldOffset = Offset(x: holdBase.x + dx, y: holdBase.y + dy)
    }

    /// The pointer let go: the button glides home from where it was left.
    public mutating func endHold(atUs now: Int64) {
        guard let held = heldOffset else { return }
        releasedOffset = held
        releasedUs = now
        heldOffset = nil
    }

    public func frame(atUs now: Int64) -> Frame {
        let target = phase == .recording ? Self.recordingLook : Self.idleLook
        let p = Self.ease(Self.progress(since: phaseChangedUs, now: now, over: Self.duration(of: phase)))
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        return Frame(ringScale: mix(lookAtChange.ringScale, target.ringScale),
                     ringAlpha: mix(lookAtChange.ringAlpha, target.ringAlpha),
                     discScale: mix(lookAtChange.discScale, target.discScale),
                     discCornerRadius: mix(lookAtChange.discCornerRadius, target.discCornerRadius),
                     offset: offset(atUs: now))
    }

    /// Whether frames still change with time. A held button moves only with the pointer.
    public func isAnimating(atUs now: Int64) -> Bool {
        let lookMoving = now - phaseChangedUs < Self.duration(of: phase) && lookAtChange != Self.settledLook(phase)
        let goingHome = heldOffset == nil && now - releasedUs < Self.returnHomeUs && releasedOffset != .zero
        return lookMoving || goingHome
    }

    private static func settledLook(_ phase: Phase) -> Frame { phase == .recording ? recordingLook : idleLook }

    private func offset(atUs now: Int64) -> Offset {
        if let heldOffset { return heldOffset }
        let remaining = 1 - Self.ease(Self.progress(since: releasedUs, now: now, over: Self.returnHomeUs))
        return Offset(x: releasedOffset.x * remaining, y: releasedOffset.y * remaining)
    }

    private static func progress(since start: Int64, now: Int64, over duration: Int64) -> Double {
        min(1, max(0, Double(now - start) / Double(duration)))
    }

    /// CSS `ease`, cubic-bezier(0.25, 0.1, 0.25, 1): quick to leave, long to settle.
    public static func ease(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let (x1, y1, x2, y2) = (0.25, 0.1, 0.25, 1.0)
        func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
        }
        // x(t) is increasing for these control points: bisection always converges.
        var low = 0.0, high = 1.0, t = x
        for _ in 0..<40 {
            t = (low + high) / 2
            if bezier(t, x1, x2) < x { low = t } else { high = t }
        }
        return bezier(t, y1, y2)
    }
}
