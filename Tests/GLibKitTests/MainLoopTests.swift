import Foundation
import GLibKit
import TestSupport
import XCTest

final class MainLoopTests: XCTestCase {
    private struct Run: Sendable {
        var count = 0
        var onMainThread: [Bool] = []
    }

    func testInvokeFromABackgroundThreadRunsOnceOnTheMainThreadAndReleasesItsBox() {
        onMain {
            XCTAssertTrue(Thread.isMainThread, "XCTest runs tests on the main thread")
            let runs = Locked(Run())
            let counter = DeinitCounter()
            let posted = Locked(false)
            let thread = Thread {
                let sentinel = Sentinel(counter)
                MainLoop.invoke {
                    sentinel.touch()
                    runs.mutate { $0.count += 1; $0.onMainThread.append(Thread.isMainThread) }
                }
                posted.value = true
            }
            thread.start()
            XCTAssertTrue(MainLoop.run(until: { runs.value.count >= 1 }, timeoutSeconds: 5), "invoke never ran")
            XCTAssertTrue(MainLoop.run(until: { counter.value == 1 && posted.value }, timeoutSeconds: 2),
                          "the invoke box was not released after running")
            spinMainLoop(seconds: 0.05)
            XCTAssertEqual(runs.value.count, 1, "invoke must run exactly once")
            XCTAssertEqual(runs.value.onMainThread, [true])
            XCTAssertEqual(counter.value, 1)
        }
    }

    func testInvokeNeverRunsOnTheCallingThreadSynchronously() {
        onMain {
            let ran = Locked(false)
            MainLoop.invoke { ran.value = true }
            XCTAssertFalse(ran.value, "invoke ran inline; it must wait for the loop")
            XCTAssertTrue(MainLoop.run(until: { ran.value }, timeoutSeconds: 2))
        }
    }

    func testInvokeFromManyThreadsRunsEachClosureOnce() {
        onMain {
            let total = Locked(0)
            let group = DispatchGroup()
            for _ in 0..<8 {
                DispatchQueue.global().async(group: group) {
                    for _ in 0..<25 { MainLoop.invoke { total.mutate { $0 += 1 } } }
                }
            }
            XCTAssertTrue(MainLoop.run(until: { total.value == 200 }, timeoutSeconds: 5))
            group.wait()
            spinMainLoop(seconds: 0.02)
            XCTAssertEqual(total.value, 200)
        }
    }

    func testCancelledInvokeDoesNotRunAndReleasesItsBox() {
        onMain {
            let counter = DeinitCounter()
            let ran = Locked(false)
            let handle: SourceHandle
            do {
                let sentinel = Sentinel(counter)
                handle = MainLoop.invoke { sentinel.touch(); ran.value = true }
            }
            XCTAssertTrue(handle.isPending)
            handle.cancel()
            XCTAssertFalse(handle.isPending)
            XCTAssertEqual(counter.value, 1, "cancel must release the box")
            spinMainLoop(seconds: 0.02)
            XCTAssertFalse(ran.value)
            handle.cancel() // idempotent
        }
    }

    func testEveryRepeatsUntilFalseThenReleasesItsBox() {
        onMain {
            let counter = DeinitCounter()
            let ticks = Locked(0)
            do {
                let sentinel = Sentinel(counter)
                MainLoop.every(milliseconds: 5) {
                    sentinel.touch()
                    ticks.mutate { $0 += 1 }
                    return ticks.value < 3
                }
            }
            XCTAssertTrue(MainLoop.run(until: { ticks.value == 3 }, timeoutSeconds: 2))
            XCTAssertEqual(counter.value, 1, "a finished timeout must release its box")
            spinMainLoop(seconds: 0.05)
            XCTAssertEqual(ticks.value, 3, "returning false must stop the timeout")
        }
    }

    func testAfterRunsOnceAndReleasesItsBox() {
        onMain {
            let counter = DeinitCounter()
            let runs = Locked(0)
            let start = Date()
            do {
                let sentinel = Sentinel(counter)
                MainLoop.after(milliseconds: 30) { sentinel.touch(); runs.mutate { $0 += 1 } }
            }
            XCTAssertEqual(runs.value, 0)
            XCTAssertTrue(MainLoop.run(until: { runs.value == 1 }, timeoutSeconds: 2))
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.025)
            XCTAssertEqual(counter.value, 1)
            spinMainLoop(seconds: 0.06)
            XCTAssertEqual(runs.value, 1)
        }
    }

    func testCancellingEveryReleasesItsBox() {
        onMain {
            let counter = DeinitCounter()
            let ticks = Locked(0)
            let handle: SourceHandle
            do {
                let sentinel = Sentinel(counter)
                handle = MainLoop.every(milliseconds: 5) { sentinel.touch(); ticks.mutate { $0 += 1 }; return true }
            }
            XCTAssertTrue(MainLoop.run(until: { ticks.value >= 2 }, timeoutSeconds: 2))
            handle.cancel()
            XCTAssertEqual(counter.value, 1)
            let seen = ticks.value
            spinMainLoop(seconds: 0.03)
            XCTAssertEqual(ticks.value, seen)
            // Cancelling a source that already finished is harmless.
            handle.cancel()
        }
    }

    func testRunReportsTimeout() {
        onMain {
            let start = Date()
            XCTAssertFalse(MainLoop.run(until: { false }, timeoutSeconds: 0.05))
            let elapsed = Date().timeIntervalSince(start)
            XCTAssertGreaterThanOrEqual(elapsed, 0.05)
            XCTAssertLessThan(elapsed, 1)
            XCTAssertTrue(MainLoop.run(until: { true }, timeoutSeconds: 0))
        }
    }
}
