import FeedCore
import GtkKit

/// When a frame drawn now is seen: a refresh later, when the display shows it. An animation
/// stepped by a frame clock draws each frame for that time, not for the time it was drawn;
/// drawn for the time it was drawn, a whole slide was seen a frame late (bench step 1: the next
/// video covered the middle of the window one frame after it could).
@MainActor
enum FrameTiming {
    /// A 60 Hz display's, for a frame clock that does not know its own.
    static let assumedFrameIntervalUs: Int64 = 16_667

    /// The time, on `clock`, at which a frame `widget` draws now reaches the screen.
    static func seenUs(drawnBy widget: Widget, clock: MonotonicClock) -> Int64 {
        clock.nowMicroseconds() + (widget.frameIntervalMicroseconds ?? assumedFrameIntervalUs)
    }
}
