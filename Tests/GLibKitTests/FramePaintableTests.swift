import CGLib
import CGtk
import GLibKit
import GStreamerKit
@testable import GtkKit
import TestSupport
import XCTest

/// The memory path's frames as GTK's CPU renderer records them: a paint holds the frame it drew
/// for as long as the paint lives, so letting the frame go copies nothing (cairo copied the whole
/// frame out on the main thread when it was given the frame's own surface).
final class FramePaintableTests: XCTestCase {
    private static let width = 64, height = 48

    /// One decoded frame of a single colour (0xAARRGGBB), in the memory path's format.
    @MainActor private static func frame(argb: UInt32) throws -> VideoFrame {
        let pipeline = try Pipeline.parse(
            "videotestsrc num-buffers=1 pattern=solid-color foreground-color=\(argb) "
                + "! video/x-raw,format=BGRA,width=\(width),height=\(height) ! appsink name=s")
        let sink = try XCTUnwrap(pipeline.child(named: "s"))
        let seen = Locked<VideoFrame?>(nil)
        sink.onVideoFrame { frame, isPreroll in if !isPreroll { seen.value = frame } }
        let eos = Locked(false)
        pipeline.watchBus { if $0 == .endOfStream { eos.value = true } }
        pipeline.setState(.playing)
        XCTAssertTrue(MainLoop.run(until: { eos.value }, timeoutSeconds: 5))
        pipeline.setState(.null)
        return try XCTUnwrap(seen.value)
    }

    /// What GTK records when it snapshots the paintable at the frame's size.
    @MainActor private static func record(_ paintable: FramePaintable) -> OpaquePointer {
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable.paintableObject, snapshot, Double(width), Double(height))
        return gtk_snapshot_free_to_node(snapshot)
    }

    /// The middle pixel of `node` drawn on the CPU, as B, G, R, A.
    private static func middlePixel(of node: OpaquePointer) -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        gsk_render_node_draw(node, cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let offset = (height / 2) * stride + (width / 2) * 4
        return (0..<4).map { data[offset + $0] }
    }

    func testAPaintHoldsTheFrameItDrewUntilThePaintGoes() throws {
        try onMain {
            try GtkTestSupport.requireDisplay()
            GStreamer.initialize()
            Texture.prepareFramesForCPUDrawing(true)
            defer { Texture.prepareFramesForCPUDrawing(false) }
            let red = try Self.frame(argb: 0xffff0000), blue = try Self.frame(argb: 0xff0000ff)
            let paintable = FramePaintable()
            var first: Texture? = try XCTUnwrap(Texture(videoFrame: red))
            let firstAlive = GWeakReference(UnsafeMutableRawPointer(first!.raw))
            paintable.show(first!)
            first = nil
            let redPaint = Self.record(paintable)

            paintable.show(try XCTUnwrap(Texture(videoFrame: blue)))
            XCTAssertTrue(firstAlive.isAlive, "the recorded paint holds the frame it drew, not a copy of its pixels")
            XCTAssertEqual(Self.middlePixel(of: redPaint), [0, 0, 255, 255], "the paint draws the red frame it recorded")
            let bluePaint = Self.record(paintable)
            XCTAssertEqual(Self.middlePixel(of: bluePaint), [255, 0, 0, 255])

            gsk_render_node_unref(redPaint)
            XCTAssertFalse(firstAlive.isAlive, "the frame goes with the last paint that drew it")
            gsk_render_node_unref(bluePaint)
        }
    }
}
