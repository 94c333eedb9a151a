import CGLib
import GLibKit
import GStreamerKit
import XCTest

final class GObjectHandleTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { GStreamer.initialize() }
    }

    private func newInitiallyUnowned() -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(g_object_new_with_properties(g_initially_unowned_get_type(), 0, nil, nil)!)
    }

    private func newPlainObject() -> UnsafeMutableRawPointer {
        // G_TYPE_OBJECT is a macro; GInitiallyUnowned's parent is GObject.
        UnsafeMutableRawPointer(g_object_new_with_properties(g_type_parent(g_initially_unowned_get_type()), 0, nil, nil)!)
    }

    func testAdoptingAFloatingObjectSinksIt() {
        let raw = newInitiallyUnowned()
        XCTAssertNotEqual(g_object_is_floating(raw), 0, "precondition: a new GInitiallyUnowned is floating")
        let handle = GObjectHandle(adopting: raw)
        XCTAssertEqual(g_object_is_floating(handle.raw), 0, "adoption must sink the floating reference")
        XCTAssertEqual(handle.referenceCount, 1)
        XCTAssertEqual(handle.typeName, "GInitiallyUnowned")
    }

    func testAdoptingAFloatingElementSinksIt() throws {
        let element = try Element.make("fakesink")
        XCTAssertEqual(g_object_is_floating(element.handle.raw), 0)
        XCTAssertEqual(element.handle.referenceCount, 1)
        XCTAssertEqual(element.handle.typeName, "GstFakeSink")
    }

    func testAdoptingANonFloatingObjectTakesOverItsReference() {
        let raw = newPlainObject()
        XCTAssertEqual(g_object_is_floating(raw), 0)
        let handle = GObjectHandle(adopting: raw)
        XCTAssertEqual(handle.referenceCount, 1, "adopting a full reference must not add another")
    }

    func testDroppingTheLastHandleFinalizesTheObject() throws {
        var element: Element? = try Element.make("fakesink")
        let weak = GWeakReference(element!.handle.raw)
        XCTAssertTrue(weak.isAlive)
        element = nil
        XCTAssertFalse(weak.isAlive, "the element leaked after its only handle went away")

        var handle: GObjectHandle? = GObjectHandle(adopting: newInitiallyUnowned())
        let weakObject = GWeakReference(handle!.raw)
        handle = nil
        XCTAssertFalse(weakObject.isAlive)
        XCTAssertNil(weakObject.strong())
    }

    func testRetainingAddsExactlyOneReferenceAndReleasesIt() {
        let owner = GObjectHandle(adopting: newPlainObject())
        XCTAssertEqual(owner.referenceCount, 1)
        var other: GObjectHandle? = GObjectHandle(retaining: owner.raw)
        XCTAssertEqual(owner.referenceCount, 2)
        XCTAssertEqual(other, owner, "handles compare by object")
        XCTAssertEqual(Set([owner, other!]).count, 1)
        other = nil
        XCTAssertEqual(owner.referenceCount, 1, "a retaining handle must release exactly one reference")
    }

    func testRetainingAFloatingObjectOwnedElsewhereStaysBalanced() {
        // A sunk (owned) GInitiallyUnowned: retaining adds one, dropping removes one.
        let owner = GObjectHandle(adopting: newInitiallyUnowned())
        do {
            let retained = GObjectHandle(retaining: owner.raw)
            XCTAssertEqual(retained.referenceCount, 2)
        }
        XCTAssertEqual(owner.referenceCount, 1)
    }

    func testWeakReferenceStrongGivesANewReference() {
        let owner = GObjectHandle(adopting: newPlainObject())
        let weak = GWeakReference(owner.raw)
        let strong = weak.strong()
        XCTAssertEqual(strong, owner.raw)
        XCTAssertEqual(owner.referenceCount, 2)
        g_object_unref(strong)
        XCTAssertEqual(owner.referenceCount, 1)
        XCTAssertFalse(GWeakReference(nil).isAlive)
    }

    func testPropertyAccessors() throws {
        let queue = try Element.make("queue")
        queue.handle.set("max-size-buffers", unsigned: 7)
        XCTAssertEqual(queue.handle.int("max-size-buffers"), 7)
        queue.handle.set("name", "q-test")
        XCTAssertEqual(queue.handle.string("name"), "q-test")
        XCTAssertEqual(queue.name, "q-test")
        let volume = try Element.make("volume")
        volume.handle.set("volume", 0.25)
        XCTAssertEqual(volume.handle.double("volume"), 0.25, accuracy: 1e-9)
        volume.handle.set("mute", true)
        XCTAssertTrue(volume.handle.bool("mute"))
    }

    func testObjectPropertyGetterReturnsABalancedReference() throws {
        let playbin = try Element.make("playbin")
        let sink = try Element.make("fakesink")
        playbin.set("video-sink", element: sink)
        let before = sink.handle.referenceCount
        do {
            let fetched = playbin.handle.object("video-sink")
            XCTAssertEqual(fetched, sink.handle)
            XCTAssertEqual(sink.handle.referenceCount, before + 1)
        }
        XCTAssertEqual(sink.handle.referenceCount, before, "object(_:) must adopt the getter's new reference")
    }
}
