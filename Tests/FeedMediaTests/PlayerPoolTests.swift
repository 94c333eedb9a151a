@testable import FeedMedia
import GStreamerKit
import TestSupport
import XCTest

final class PlayerPoolTests: XCTestCase {
    func testOnePlayerPerPageSharingTheSoundSettings() throws {
        try onMain {
            GStreamer.initialize()
            let receivers = (0..<3).map { _ in FrameLog() }
            let pool = try PlayerPool(receivers: receivers, runtime: MediaRuntime(audioSinkDescription: "fakesink"))
            XCTAssertEqual(pool.players.count, 3)
            XCTAssertEqual(Set(pool.players.map { ObjectIdentifier($0) }).count, 3)
            pool.volume = 1.7
            XCTAssertEqual(pool.volume, 1, "volume is clamped")
            XCTAssertEqual(pool.players.map(\.volume), [1, 1, 1])
            pool.volume = 0.25
            pool.muted = true
            XCTAssertEqual(pool.players.map(\.volume), [0.25, 0.25, 0.25])
            XCTAssertEqual(pool.players.map(\.muted), [true, true, true])
        }
    }
}
