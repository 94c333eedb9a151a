import CGLib
import CGtk
import CGtkShims
import Dispatch
import GLibKit
public import GStreamerKit
import Synchronization

/// One GdkTexture: a picture's pixels.
///
/// `@unchecked Sendable` because a GdkTexture is immutable once made (GTK documents textures as
/// such, and the memory textures made here never change their bytes) and its reference count is
/// atomic: reading or saving it from a worker thread while the main thread paints it is safe.
public final class Texture: @unchecked Sendable {
    let raw: OpaquePointer

    /// How many textures the app holds now (frames in flight, pictures, stills).
    public static var liveCount: Int { live.load(ordering: .relaxed) }
    private static let live = Atomic<Int>(0)

    /// Takes over a texture reference the caller owns.
    init(adopting raw: OpaquePointer) {
        self.raw = raw
        Self.live.add(1, ordering: .relaxed)
    }

    /// Whether GTK draws the window on the CPU (its cairo renderer). Frames made from now on
    /// then carry a cairo surface over their own pixels, which `FramePaintable` paints directly:
    /// GTK 4.8's cairo renderer would copy every texture to cairo's format on every paint,
    /// converting each pixel through floats (about 5 ms for a 450x745 frame here, twice per
    /// frame while pages slide). Paints of frames become blits: a render took 1.6 ms instead of
    /// 6.5-7.9 (median over a session of page changes).
    public static func prepareFramesForCPUDrawing(_ cpu: Bool) {
        lf_texture_set_cpu_drawn_frames(cpu ? 1 : 0)
    }

    /// Wraps a decoded frame without copying it (the frame stays mapped while the texture lives);
    /// nil when the frame is not packed 32-bit RGB. Any thread.
    public convenience init?(videoFrame: VideoFrame) {
        guard let texture = lf_texture_new_from_video_frame(videoFrame.frame) else { return nil }
        self.init(adopting: texture)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(raw))
        Self.live.subtract(1, ordering: .relaxed)
    }

    /// A still image read from `path`, just large enough to cover `width` x `height` (its shape
    /// kept, never enlarged); shown through a `FramePaintable`, GTK's CPU drawing paints its
    /// pixels as they are. Nil when the file can't be read.
    public convenience init?(stillAt path: String, covering width: Int, _ height: Int) {
        guard let texture = lf_texture_new_still(path, Int32(width), Int32(height)) else { return nil }
        self.init(adopting: texture)
    }

    /// Reads a still as `init(stillAt:covering:)` does, on a worker of its own: decoding and
    /// scaling one took 5-10 ms, and a page of results decoded on the main thread held back the
    /// paint of the first one. `then` runs on the main loop, with nil when the file can't be read.
    public static func readStill(at path: String, covering width: Int, _ height: Int,
                                 then: @escaping @MainActor @Sendable (Texture?) -> Void) {
        stillReading.async {
            let still = Texture(stillAt: path, covering: width, height)
            MainLoop.invoke { then(still) }
        }
    }

    private static let stillReading = DispatchQueue(label: "loopfeed-stills", qos: .userInitiated)

    public var width: Int { Int(gdk_texture_get_width(raw)) }
    public var height: Int { Int(gdk_texture_get_height(raw)) }

    /// The picture averaged down to a few pixels: drawn scaled up, a soft blurred copy.
    public func reduced(width: Int, height: Int) -> Texture? {
        lf_texture_reduce(raw, Int32(width), Int32(height)).map(Texture.init(adopting:))
    }

    /// The pixels, row after row with no padding: blue, green, red, alpha, premultiplied (the
    /// format GDK downloads in). For checking what a picture shows.
    public func bgraPixels() -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { gdk_texture_download(raw, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), gsize(width * 4)) }
        return pixels
    }

    /// Encodes the picture as a PNG file; false when it could not be written. Slow (tens of
    /// milliseconds for a full frame): call it off the main thread.
    public func savePNG(to path: String) -> Bool {
        gdk_texture_save_to_png(raw, path) != 0
    }
}

extension Texture: Paintable {
    public var paintableObject: OpaquePointer { raw }
}
