import CShims
public import FeedMedia
public import GLibKit
public import GStreamerKit
import Synchronization

/// Where one player's frames become pixels: a single stable GdkPaintable whose texture is
/// swapped in place. Frames arrive on the streaming thread, are wrapped zero-copy in a
/// GdkTexture there, wait in a one-slot mailbox (a newer frame replaces an unshown one), and
/// reach GTK through at most one pending idle.
public final class VideoSurface: VideoFrameReceiver, @unchecked Sendable {
    /// The GdkPaintable to give a Picture; it never changes.
    public let paintable: GObjectHandle

    /// A GdkTexture reference in flight between threads (textures are immutable).
    private struct TextureRef: @unchecked Sendable {
        let raw: UnsafeMutableRawPointer
        func release() { g_object_unref(raw) }
    }

    private struct Mailbox {
        var texture: TextureRef?
        var idlePending = false
        /// Bumped by `reset()`: textures made before it are dropped.
        var generation: UInt64 = 0
        var textureGeneration: UInt64 = 0
    }

    private let mailbox = Mutex(Mailbox())
    private let paintedHandler: PaintedHandler

    /// Called on the main thread when a new texture is painted by the frame clock:
    /// `isFirst` is true for the first frame painted since the last `reset()`.
    @MainActor public var onPainted: ((_ isFirst: Bool, _ width: Int, _ height: Int) -> Void)? {
        get { paintedHandler.callback }
        set { paintedHandler.callback = newValue }
    }

    /// Called on the main thread each time a new frame becomes the picture, before it is
    /// painted: UI that moves with the video (the recorder's progress) updates here, so its
    /// redraw lands in the same paint instead of adding paints of its own.
    @MainActor public var onFrame: (() -> Void)?

    @MainActor
    public init() {
        let paintable = GObjectHandle(adopting: UnsafeMutableRawPointer(lf_frame_paintable_new()))
        self.paintable = paintable
        let handler = PaintedHandler()
        paintedHandler = handler
        lf_frame_paintable_set_painted_handler(OpaquePointer(paintable.raw), { serial, width, height, data in
            guard let data else { return }
            let handler = Unmanaged<PaintedHandler>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { handler.painted(serial: UInt64(serial), width: Int(width), height: Int(height)) }
        }, Unmanaged.passRetained(handler).toOpaque(), { data in
            guard let data else { return }
            Unmanaged<PaintedHandler>.fromOpaque(data).release()
        })
    }

    deinit {
        mailbox.withLock { box in
            box.texture?.release()
            box.texture = nil
        }
    }

    // Streaming thread.
    public func receive(_ frame: VideoFrame, isPreroll: Bool) {
        guard let texture = lf_texture_new_from_video_frame(frame.frame) else { return }
        let ref = TextureRef(raw: UnsafeMutableRawPointer(texture))
        let scheduleIdle = mailbox.withLock { box -> Bool in
            box.texture?.release()
            box.texture = ref
            box.textureGeneration = box.generation
            if box.idlePending { return false }
            box.idlePending = true
            return true
        }
        if scheduleIdle {
            // Above redraw priority so a frame decoded before a paint is shown in that paint.
            MainLoop.invoke(priority: MainLoop.priorityHighIdle) { [weak self] in self?.deliver() }
        }
    }

    @MainActor public func reset() {
        mailbox.withLock { box in
            box.texture?.release()
            box.texture = nil
            box.generation &+= 1
        }
        paintedHandler.expectFirstFrame()
    }

    /// Writes the frame on screen to a PNG file (a thumbnail); false when there is none.
    @MainActor public func savePNG(to path: String) -> Bool {
        lf_frame_paintable_save_png(OpaquePointer(paintable.raw), path) != 0
    }

    /// The frame on screen averaged down to a few pixels (a GdkTexture), to be drawn scaled up
    /// behind the video as its blurred copy; nil before the first frame.
    @MainActor public func makeBackdrop(width: Int = 9, height: Int = 16) -> GObjectHandle? {
        guard let texture = lf_frame_paintable_reduce(OpaquePointer(paintable.raw), Int32(width), Int32(height)) else {
            return nil
        }
        return GObjectHandle(adopting: UnsafeMutableRawPointer(texture))
    }

    /// Removes the picture (an error card or an empty page shows instead).
    @MainActor public func clear() {
        lf_frame_paintable_clear(OpaquePointer(paintable.raw))
    }

    @MainActor private func deliver() {
        let texture: TextureRef? = mailbox.withLock { box in
            box.idlePending = false
            let texture = box.texture
            box.texture = nil
            guard box.textureGeneration == box.generation else {
                texture?.release()
                return nil
            }
            return texture
        }
        guard let texture else { return }
        let serial = lf_frame_paintable_set_texture(OpaquePointer(paintable.raw), OpaquePointer(texture.raw))
        texture.release()
        paintedHandler.textureShown(serial: UInt64(serial))
        onFrame?()
    }
}

/// Turns the paintable's "painted serial N" into "first frame since reset" for the UI.
private final class PaintedHandler: @unchecked Sendable {
    nonisolated init() {}

    @MainActor var callback: ((Bool, Int, Int) -> Void)?
    @MainActor private var firstSerial: UInt64?
    @MainActor private var awaitingFirst = true

    @MainActor func expectFirstFrame() {
        awaitingFirst = true
        firstSerial = nil
    }

    @MainActor func textureShown(serial: UInt64) {
        if awaitingFirst && firstSerial == nil { firstSerial = serial }
    }

    @MainActor func painted(serial: UInt64, width: Int, height: Int) {
        var isFirst = false
        if awaitingFirst, let first = firstSerial, serial >= first {
            isFirst = true
            awaitingFirst = false
        }
        callback?(isFirst, width, height)
    }
}
