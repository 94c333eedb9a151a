import FeedCore
import Synchronization

/// Watches frames go by on the streaming thread and measures the seam of each loop: how much
/// longer than one frame interval the picture stood still between the clip's last frame and
/// its first frame again (0 means perfectly seamless).
final class LoopTracker: Sendable {
    struct Seam: Sendable, Equatable {
        let intervalUs: Int64
        let frameUs: Int64
        /// Frames that arrived during the pass that just ended.
        var framesInPass: Int = 0
        /// Presentation time of the pass's last frame (ns).
        var lastPTS: UInt64 = 0
        /// The longest wait between two frames of the pass (µs): long when the process or the
        /// machine stood still, and frames late by then were dropped.
        var longestGapUs: Int64 = 0
        /// How many resets came before it (see `generation`).
        var generation: UInt64 = 0
        var seamUs: Int64 { max(0, intervalUs - frameUs) }
    }

    private struct State {
        var lastPTS: UInt64?
        var lastArrivalUs: Int64 = 0
        var frameUs: Int64 = 33_333
        var framesInPass = 0
        var longestGapUs: Int64 = 0
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    private let clock: MonotonicClock

    init(clock: MonotonicClock = SystemMonotonicClock()) { self.clock = clock }

    func reset() {
        state.withLock { s in
            let next = s.generation &+ 1
            s = State()
            s.generation = next
        }
    }

    /// Bumped by every reset: a seam carries the value it was measured under.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Returns a seam when this frame starts a new pass of the clip.
    func frameArrived(pts: UInt64?, durationNs: UInt64?) -> Seam? {
        let now = clock.nowMicroseconds()
        return state.withLock { s in
            defer {
                s.lastArrivalUs = now
                if let pts { s.lastPTS = pts }
                if let durationNs, durationNs > 0, durationNs < 1_000_000_000 { s.frameUs = Int64(durationNs / 1000) }
            }
            guard let pts, let last = s.lastPTS, pts < last, s.lastArrivalUs > 0 else {
                s.framesInPass += 1
                if s.lastArrivalUs > 0 { s.longestGapUs = max(s.longestGapUs, now - s.lastArrivalUs) }
                return nil
            }
            let seam = Seam(intervalUs: now - s.lastArrivalUs, frameUs: s.frameUs, framesInPass: s.framesInPass,
                            lastPTS: last, longestGapUs: s.longestGapUs, generation: s.generation)
            s.framesInPass = 1
            s.longestGapUs = 0
            return seam
        }
    }
}
