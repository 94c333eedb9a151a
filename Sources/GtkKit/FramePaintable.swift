import CGLib
import CGtkShims
public import GStreamerKit

/// One stable GdkPaintable whose picture is swapped in place, frame after frame: GTK never sees
/// a new paintable per frame (on GTK 4.8 that queues a resize each time).
@MainActor
public final class FramePaintable: Paintable {
    private let raw: OpaquePointer

    public var paintableObject: OpaquePointer { raw }

    public init() {
        raw = lf_frame_paintable_new()
    }

    isolated deinit {
        lf_frame_paintable_set_painted_handler(raw, nil, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(raw))
    }

    /// Shows `texture`; returns its serial, which `onPainted` reports once it has been drawn.
    @discardableResult
    public func show(_ texture: Texture) -> UInt64 {
        UInt64(lf_frame_paintable_set_texture(raw, texture.raw))
    }

    /// Shows a frame of the GL path: waits on the CPU for the GPU work that made it (GTK 4.8's
    /// GL textures take no fence), wraps its texture as a GdkGLTexture that keeps the frame
    /// mapped until GTK lets it go, and turns and stretches it as the frame says while drawing.
    /// Returns the serial, nil for a frame not in GL memory.
    @discardableResult
    public func show(glFrame frame: VideoFrame, in context: GLFrameContext) -> UInt64? {
        let held = Unmanaged.passRetained(frame).toOpaque()
        guard let texture = lf_gl_texture_new_for_frame(context.gdkContext, context.video.raw, frame.frame,
                                                        releaseHeldFrame, held) else {
            Unmanaged<VideoFrame>.fromOpaque(held).release()
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return UInt64(lf_frame_paintable_set_frame(raw, texture, frame.orientation.rawValue, frame.pixelAspectRatio))
    }

    /// Shows nothing (an error card or an empty page is drawn instead).
    public func clear() { lf_frame_paintable_clear(raw) }

    /// The picture on screen as a memory texture, turned as it is drawn (a GL frame is read back
    /// from the GPU: a few milliseconds, so only when asked), nil before the first frame or after
    /// `clear()`.
    public var texture: Texture? {
        lf_frame_paintable_ref_memory_texture(raw).map(Texture.init(adopting:))
    }

    /// Called from the paint (the frame clock's snapshot) the first time each texture is drawn,
    /// with its serial and size.
    public func onPainted(_ handler: @escaping @MainActor (_ serial: UInt64, _ width: Int, _ height: Int) -> Void) {
        let box = Unmanaged.passRetained(PaintedBox(handler)).toOpaque()
        lf_frame_paintable_set_painted_handler(raw, { serial, width, height, data in
            guard let data else { return }
            let box = Unmanaged<PaintedBox>.fromOpaque(data).takeUnretainedValue()
            // Snapshots run on the main thread, inside the frame clock's paint.
            MainActor.assumeIsolated { box.handler(UInt64(serial), Int(width), Int(height)) }
        }, box, { data in
            guard let data else { return }
            Unmanaged<PaintedBox>.fromOpaque(data).release()
        })
    }
}

private final class PaintedBox {
    let handler: @MainActor (UInt64, Int, Int) -> Void
    init(_ handler: @escaping @MainActor (UInt64, Int, Int) -> Void) { self.handler = handler }
}

/// GTK is done with a GL frame's texture: the frame (and its mapping) may go. A plain function:
/// the last texture reference may be dropped outside any actor.
private func releaseHeldFrame(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<VideoFrame>.fromOpaque(data).release()
}
