import FeedStorage
import Foundation
import XCTest

/// A connection waiting for another's write lock: it takes the lock as soon as the other lets go
/// (asking every millisecond), and gives up as busy once its timeout has passed.
final class BusyWaitTests: StorageTestCase {
    private func connections(timeout: Int32) throws -> (holder: SQLiteConnection, waiter: SQLiteConnection) {
        let holder = try SQLiteConnection(path: databaseURL.path)
        try holder.execute("PRAGMA journal_mode = WAL")
        try holder.execute("CREATE TABLE t (x INTEGER)")
        let waiter = try SQLiteConnection(path: databaseURL.path)
        waiter.setBusyTimeout(milliseconds: timeout)
        return (holder, waiter)
    }

    /// `holder` keeps the write lock for `seconds` on another thread; returns once it holds it.
    private func hold(_ holder: SQLiteConnection, for seconds: Double) -> XCTestExpectation {
        let released = expectation(description: "released")
        let taken = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let holder = holder
        Thread.detachNewThread {
            try? holder.execute("BEGIN IMMEDIATE")
            taken.signal()
            Thread.sleep(forTimeInterval: seconds)
            try? holder.execute("COMMIT")
            released.fulfill()
        }
        taken.wait()
        return released
    }

    func testAWriteWaitsForTheLockAndTakesItWhenFreed() throws {
        let (holder, waiter) = try connections(timeout: 5_000)
        let released = hold(holder, for: 0.3)
        XCTAssertEqual(try waiter.run("INSERT INTO t VALUES (1)"), 1, "written once the other let go")
        wait(for: [released], timeout: 5)
    }

    func testAWriteGivesUpAsBusyAfterItsTimeout() throws {
        let (holder, waiter) = try connections(timeout: 50)
        let released = hold(holder, for: 1.5)
        XCTAssertThrowsError(try waiter.run("INSERT INTO t VALUES (1)"), "busy after 50 ms of a lock held 1.5 s")
        wait(for: [released], timeout: 5)
        XCTAssertEqual(try waiter.run("INSERT INTO t VALUES (2)"), 1)
    }
}
