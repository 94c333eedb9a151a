import CGStreamer
import GLibKit
import GStreamerKit
import TestSupport
import XCTest

final class SignalTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { GStreamer.initialize() }
    }

    func testNotifyHandlerFiresOnEachChange() throws {
        let element = try Element.make("fakesink")
        let fired = Locked(0)
        let connection = Signals.connectNotify(element.handle.raw, property: "name") { fired.mutate { $0 += 1 } }
        XCTAssertTrue(connection.isConnected)
        XCTAssertGreaterThan(connection.handlerID, 0)
        element.handle.set("name", "first")
        XCTAssertEqual(fired.value, 1)
        element.handle.set("name", "second")
        XCTAssertEqual(fired.value, 2)
        // Another property must not trigger a "notify::name" handler.
        element.handle.set("sync", false)
        XCTAssertEqual(fired.value, 2)
        connection.disconnect()
    }

    func testGenericConnectWithTheInstanceOnlySignature() throws {
        // GstElement "no-more-pads" has the exact (instance, user_data) signature.
        let element = try Element.make("fakesink")
        let fired = Locked(0)
        let connection = Signals.connect(element.handle.raw, "no-more-pads") { fired.mutate { $0 += 1 } }
        gst_element_no_more_pads(element.handle.typed(GstElement.self))
        XCTAssertEqual(fired.value, 1)
        connection.disconnect()
        gst_element_no_more_pads(element.handle.typed(GstElement.self))
        XCTAssertEqual(fired.value, 1, "a disconnected handler must not run")
    }

    func testDisconnectReleasesTheClosureBox() throws {
        let element = try Element.make("fakesink")
        let counter = DeinitCounter()
        let fired = Locked(0)
        var connection: SignalConnection?
        do {
            let sentinel = Sentinel(counter)
            connection = Signals.connectNotify(element.handle.raw, property: "name") {
                sentinel.touch()
                fired.mutate { $0 += 1 }
            }
        }
        XCTAssertEqual(counter.value, 0, "the box must live while the handler is connected")
        element.handle.set("name", "x")
        XCTAssertEqual(fired.value, 1)

        connection!.disconnect()
        XCTAssertFalse(connection!.isConnected)
        XCTAssertEqual(counter.value, 1, "disconnecting must release the closure through the destroy-notify")
        element.handle.set("name", "y")
        XCTAssertEqual(fired.value, 1)

        connection!.disconnect() // idempotent
        XCTAssertEqual(counter.value, 1)
    }

    func testFinalizingTheObjectReleasesTheClosureBoxWithoutDisconnect() throws {
        var element: Element? = try Element.make("fakesink")
        let counter = DeinitCounter()
        let connection: SignalConnection
        do {
            let sentinel = Sentinel(counter)
            connection = Signals.connectNotify(element!.handle.raw, property: "name") { sentinel.touch() }
        }
        XCTAssertTrue(connection.isConnected)
        let weak = GWeakReference(element!.handle.raw)
        element = nil
        XCTAssertFalse(weak.isAlive)
        XCTAssertEqual(counter.value, 1, "the object's death must release the closure box")
        XCTAssertFalse(connection.isConnected, "a connection to a dead object is not connected")
        connection.disconnect() // must not touch the dead object
        XCTAssertEqual(counter.value, 1)
    }

    func testDroppingTheConnectionObjectKeepsTheHandler() throws {
        // SignalConnection is a token: the handler belongs to the instance, not to the token.
        let element = try Element.make("fakesink")
        let fired = Locked(0)
        do {
            _ = Signals.connectNotify(element.handle.raw, property: "name") { fired.mutate { $0 += 1 } }
        }
        element.handle.set("name", "z")
        XCTAssertEqual(fired.value, 1)
    }
}
