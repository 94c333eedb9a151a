/// The heart that bursts where a double-click liked a post: it pops in, springs to 0.85,
/// holds, then grows ×2.3 while fading out.
public struct HeartBurst: Sendable, Equatable {
    public static let size: Double = 110
    public static let popUs: Int64 = 300_000
    public static let holdUs: Int64 = 100_000
    public static let fadeUs: Int64 = 400_000
    public static var totalUs: Int64 { popUs + holdUs + fadeUs }

    /// Tilt in degrees, within ±0.2π radians (±36°).
    public let tiltDegrees: Double
    public let startUs: Int64

    public init(startUs: Int64, randomUnit: Double) {
        self.startUs = startUs
        tiltDegrees = (randomUnit * 2 - 1) * 36
    }

    public struct Frame: Sendable, Equatable {
        public let scale: Double
        public let opacity: Double
    }

    public func isFinished(atUs now: Int64) -> Bool { now - startUs >= Self.totalUs }

    public func frame(atUs now: Int64) -> Frame {
        let t = now - startUs
        if t < Self.popUs {
            // A damped spring from 1.4 settling at 0.85.
            let p = Double(max(0, t)) / Double(Self.popUs)
            let spring = 0.85 + 0.55 * exp(-5 * p) * cos(p * 2.5 * .pi)
            return Frame(scale: spring, opacity: min(1, p * 6))
        }
        if t < Self.popUs + Self.holdUs { return Frame(scale: 0.85, opacity: 1) }
        let p = min(1, Double(t - Self.popUs - Self.holdUs) / Double(Self.fadeUs))
        return Frame(scale: 0.85 * (1 + 1.3 * p), opacity: 1 - p)
    }
}

#if canImport(Glibc)
import Glibc
#endif
