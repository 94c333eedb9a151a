import CGLib
import Foundation
import GLibKit
import TestSupport
import VideoBridge
import Synchronization
import XCTest

final class VideoSurfaceTests: XCTestCase {
    /// A player's engine holds its surface and is freed on the player thread, so a surface's
    /// last reference often goes there. Its paintable must still be freed, on the main thread:
    /// main-actor work queued the Swift way never runs under the GLib main loop.
    func testASurfaceLetGoOnAnotherThreadFreesItsPaintable() {
        let (paintable, released) = onMain { () -> (GWeakReference, DispatchSemaphore) in
            var surface: VideoSurface? = VideoSurface()
            let paintable = GWeakReference(UnsafeMutableRawPointer(surface!.paintable.paintableObject))
            let released = DispatchSemaphore(value: 0)
            let handOver = HandOver(surface!)
            surface = nil
            Thread.detachNewThread {
                handOver.drop()
                released.signal()
            }
            return (paintable, released)
        }
        XCTAssertEqual(released.wait(timeout: .now() + 5), .success)
        let freed = onMain { () -> Bool in
            let deadline = Date().addingTimeInterval(5)
            while paintable.isAlive, Date() < deadline {
                if g_main_context_iteration(nil, 0) == 0 { usleep(1_000) }
            }
            return !paintable.isAlive
        }
        XCTAssertTrue(freed, "the paintable of a surface released on a worker thread was never freed")
    }

    func testASurfaceLetGoOnTheMainThreadFreesItsPaintable() {
        let freed = onMain { () -> Bool in
            var surface: VideoSurface? = VideoSurface()
            let paintable = GWeakReference(UnsafeMutableRawPointer(surface!.paintable.paintableObject))
            surface = nil
            let deadline = Date().addingTimeInterval(5)
            while paintable.isAlive, Date() < deadline {
                if g_main_context_iteration(nil, 0) == 0 { usleep(1_000) }
            }
            return !paintable.isAlive
        }
        XCTAssertTrue(freed)
    }
}

/// Carries the only reference to a surface to another thread, as a finished engine does.
private final class HandOver: Sendable {
    private let surface: Mutex<VideoSurface?>
    init(_ surface: VideoSurface) { self.surface = Mutex(surface) }
    func drop() { surface.withLock { $0 = nil } }
}
