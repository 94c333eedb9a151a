/// One pass of a looping clip ending: the seam measured at the wrap and the frames decoded.
public struct LoopPass: Sendable, Equatable {
    public let seamUs: Int64
    public let intervalUs: Int64
    public let framesDecoded: Int

    public init(seamUs: Int64, intervalUs: Int64, framesDecoded: Int) {
        self.seamUs = seamUs
        self.intervalUs = intervalUs
        self.framesDecoded = framesDecoded
    }
}
