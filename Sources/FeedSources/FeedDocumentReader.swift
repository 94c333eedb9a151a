public import Foundation
import GLibKit

/// Turns fetched bytes into a `FeedDocument` and hands it back on the main loop. A feed may be
/// 10 MB of hostile XML or JSON, which takes far longer than a frame to read, so the app reads
/// off the main thread; tests read on the spot, so a fake fetcher's answer is final at once.
public protocol FeedDocumentReading: Sendable {
    @MainActor
    func read(_ bytes: [UInt8], base: URL?,
              then: @escaping @Sendable @MainActor (Result<FeedDocument, FeedDocument.Failure>) -> Void)
}

/// Reads on one background queue, one document after another (a refresh of many feeds never
/// takes both cores from the video), and answers on the main loop.
public struct BackgroundFeedDocumentReader: FeedDocumentReading {
    private static let queue = DispatchQueue(label: "io.github.loopfeed.feed-reader", qos: .utility)

    public init() {}

    @MainActor
    public func read(_ bytes: [UInt8], base: URL?,
                     then: @escaping @Sendable @MainActor (Result<FeedDocument, FeedDocument.Failure>) -> Void) {
        Self.queue.async {
            let result = Result { () throws(FeedDocument.Failure) in try FeedDocument.read(bytes, base: base) }
            MainLoop.invoke { then(result) }
        }
    }
}

/// Reads at once, on the caller's thread.
public struct ImmediateFeedDocumentReader: FeedDocumentReading {
    public init() {}

    @MainActor
    public func read(_ bytes: [UInt8], base: URL?,
                     then: @escaping @Sendable @MainActor (Result<FeedDocument, FeedDocument.Failure>) -> Void) {
        then(Result { () throws(FeedDocument.Failure) in try FeedDocument.read(bytes, base: base) })
    }
}
