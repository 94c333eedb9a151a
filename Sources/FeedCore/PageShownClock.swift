/// When the page asked for is what the user sees: the first paint in which it covers the
/// middle of the window (at least half of it is in) with a frame of its own. The `page_shown`
/// event's latency runs from the input to that paint; `first_frame` is only the first paint of
/// the new video, which comes while the slide has barely begun. The input is kept as
/// `FirstFrameClock` keeps it; only the moment it counts differs.
public struct PageShownClock: Sendable, Equatable {
    private var input = FirstFrameClock()

    public init() {}

    public var awaited: FirstFrameClock.Awaited? { input.awaited }

    /// The page at `index` showing `postID` was asked for at `inputUs`.
    public mutating func expect(postID: Int64, index: Int, inputUs: Int64) {
        input.expect(postID: postID, index: index, inputUs: inputUs)
    }

    /// It will not be shown as a video (an error card), or another page was asked for.
    public mutating func cancel() { input.cancel() }

    /// Whether a paint now would show the awaited page: `covering` is how much of the window
    /// the page fills (0...1), `hasFrame` whether a frame of it is up.
    public func wouldShow(postID: Int64, index: Int, covering: Double, hasFrame: Bool) -> Bool {
        guard let awaited, awaited.postID == postID, awaited.index == index else { return false }
        return hasFrame && covering >= 0.5
    }

    /// A paint at `nowUs` showed the page: the latency, once (nil if it was not awaited).
    public mutating func painted(postID: Int64, index: Int, covering: Double, hasFrame: Bool,
                                 atUs nowUs: Int64) -> (FirstFrameClock.Awaited, latencyUs: Int64)? {
        guard wouldShow(postID: postID, index: index, covering: covering, hasFrame: hasFrame) else { return nil }
        return input.painted(postID: postID, index: index, atUs: nowUs)
    }
}
