import Foundation
import GLibKit
import TestSupport
import XCTest

/// Context threads of a group: joined together, each waited for on its own end; one that ends
/// by itself leaves the group.
final class ThreadGroupTests: XCTestCase {
    private func waitUntil(_ condition: () -> Bool, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() >= deadline { return false }
            usleep(2_000)
        }
        return true
    }

    func testJoinWaitsForEachThreadToEnd() {
        let group = ThreadGroup()
        let ended = Locked<[String]>([])
        let threads = ["a", "b"].map { ContextThread(name: $0, group: group) }
        XCTAssertEqual(group.runningNames, ["a", "b"])
        for thread in threads {
            let name = thread.name
            thread.invoke {
                usleep(name == "a" ? 300_000 : 50_000)
                ended.mutate { $0.append(name) }
            }
            thread.stop()
        }
        XCTAssertEqual(group.join(within: 5), [])
        XCTAssertEqual(ended.value.sorted(), ["a", "b"], "join returned before a thread's last work")
        XCTAssertEqual(group.runningNames, [])
    }

    func testAThreadStillBusyAtTheDeadlineIsNamedAndLeftRunning() {
        let group = ThreadGroup()
        let busy = ContextThread(name: "busy", group: group)
        let release = DispatchSemaphore(value: 0)
        busy.invoke { _ = release.wait(timeout: .now() + 10) }
        busy.stop()
        let started = Date()
        XCTAssertEqual(group.join(within: 0.2), ["busy"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertEqual(group.runningNames, [], "a thread past the deadline is no longer the group's")
        release.signal()
    }

    func testAThreadStoppedByItsOwnerLeavesTheGroup() {
        let group = ThreadGroup()
        do {
            // Stopped at once, and let go of (its deinit stops it too).
            let thread = ContextThread(name: "short", group: group)
            thread.stop()
        }
        XCTAssertTrue(waitUntil({ group.runningNames.isEmpty }, seconds: 3), "still \(group.runningNames)")
        XCTAssertEqual(group.join(within: 1), [])
    }
}
