@testable import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import XCTest

final class TmpDebugTests: XCTestCase, @unchecked Sendable {
    func testSequences() throws {
        try onMain {
            GStreamer.initialize()
            let clips = try TestClips.get()
            for (first, second) in [(clips.corrupt, clips.truncated)] {
                let log = FrameLog()
                let player = try LoopingPlayer(receiver: log, audioSinkDescription: "fakesink sync=true")
                player.load(uri: first.fileURI)
                _ = MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 5)
                let p1 = player.phase
                print("SEQ ---- second load"); player.load(uri: second.fileURI)
                let ok = MainLoop.run(until: { player.phase != .loading }, timeoutSeconds: 3)
                print("SEQ \(first.lastPathComponent) -> \(p1.isFailed ? "failed" : "\(p1)") ; \(second.lastPathComponent) settled=\(ok) phase=\(player.phase)")
            }
        }
    }
}
