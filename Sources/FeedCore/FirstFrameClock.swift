/// When the input that asked for a page came, until that page's first frame is painted: the
/// `first_frame` event's latency is measured from the input, never from anything earlier.
public struct FirstFrameClock: Sendable, Equatable {
    public struct Awaited: Sendable, Equatable {
        public let postID: Int64
        public let index: Int
        public let inputUs: Int64
    }

    public private(set) var awaited: Awaited?

    public init() {}

    /// The page at `index` showing `postID` was asked for at `inputUs`.
    public mutating func expect(postID: Int64, index: Int, inputUs: Int64) {
        awaited = Awaited(postID: postID, index: index, inputUs: inputUs)
    }

    /// Nothing is awaited any more (the post failed: it shows an error card, not a frame).
    public mutating func cancel() { awaited = nil }

    /// The latency if this is the frame awaited (which is then no longer awaited); nil otherwise.
    public mutating func painted(postID: Int64, index: Int, atUs nowUs: Int64) -> (Awaited, latencyUs: Int64)? {
        guard let awaited, awaited.postID == postID, awaited.index == index else { return nil }
        self.awaited = nil
        return (awaited, nowUs - awaited.inputUs)
    }
}
