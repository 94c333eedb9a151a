import Foundation
import GLibKit
import TestSupport
import XCTest

/// The watchdog catches a main loop that does not come round, and says how long it stalled:
/// the whole stall, not the moment since the loop came back (which once reported 90 ms for a
/// 2.5 s stall).
final class MainLoopWatchdogTests: XCTestCase {
    func testAStallOverTheThresholdIsReportedWithItsLength() {
        onMain {
            let stalls = Locked<[Int64]>([])
            MainLoopWatchdog.start(stallMilliseconds: 300) { milliseconds in stalls.mutate { $0.append(milliseconds) } }
            defer { MainLoopWatchdog.stop() }
            spinMainLoop(seconds: 0.4)
            XCTAssertEqual(stalls.value, [], "a loop that comes round is not a stall")
            // The main thread busy elsewhere: its loop stops for 0.9 s.
            Thread.sleep(forTimeInterval: 0.9)
            XCTAssertTrue(MainLoop.run(until: { !stalls.value.isEmpty }, timeoutSeconds: 2), "the stall was never reported")
            XCTAssertEqual(stalls.value.count, 1)
            let length = stalls.value.first ?? 0
            XCTAssertGreaterThanOrEqual(length, 800, "a 0.9 s stall reported as \(length) ms")
            XCTAssertLessThanOrEqual(length, 1_200, "a 0.9 s stall reported as \(length) ms")
        }
    }

    func testShortPausesAreNotStalls() {
        onMain {
            let stalls = Locked<[Int64]>([])
            MainLoopWatchdog.start(stallMilliseconds: 500) { milliseconds in stalls.mutate { $0.append(milliseconds) } }
            defer { MainLoopWatchdog.stop() }
            for _ in 0..<4 {
                Thread.sleep(forTimeInterval: 0.2)
                spinMainLoop(seconds: 0.15)
            }
            XCTAssertEqual(stalls.value, [])
        }
    }
}
