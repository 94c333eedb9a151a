public import FeedMedia
import GLibKit
public import GStreamerKit
public import GtkKit
import Synchronization

/// Where one player's frames become pixels: a single stable paintable whose texture is swapped
/// in place. Frames arrive on the streaming thread, wait in a one-slot mailbox (a newer frame
/// replaces an unshown one), and reach GTK through at most one pending idle.
///
/// A frame in memory (the memory path) is wrapped zero-copy in a texture on the streaming
/// thread. A GL frame (the GL path) waits as it is: its GdkGLTexture is made in the idle, on the
/// main thread where GTK's GL context lives, after waiting for the GPU work that made it.
public final class VideoSurface: VideoFrameReceiver, Sendable {
    private struct Mailbox {
        var pending: PendingFrame?
        var idlePending = false
        /// The source the window wants shown, the one the player last began, and the one the
        /// waiting texture belongs to: only a texture of the wanted source is shown.
        var wanted: UInt64 = 0
        var current: UInt64 = 0
        var pendingSource: UInt64 = 0
    }

    private let mailbox = Mutex(Mailbox())
    private let screen: Screen

    /// The paintable to give a Picture; it never changes.
    @MainActor public var paintable: FramePaintable { screen.paintable }

    /// Called on the main thread when a new texture is painted by the frame clock:
    /// `isFirst` is true for the first frame painted since the window last asked for a new source.
    @MainActor public var onPainted: ((_ isFirst: Bool, _ width: Int, _ height: Int) -> Void)? {
        get { screen.callback }
        set { screen.callback = newValue }
    }

    /// Called on the main thread each time a new frame becomes the picture, before it is
    /// painted: UI that moves with the video (the recorder's progress) updates here, so its
    /// redraw lands in the same paint instead of adding paints of its own.
    @MainActor public var onFrame: (() -> Void)? {
        get { screen.onFrame }
        set { screen.onFrame = newValue }
    }

    /// `output`: the GL frame path's contexts, for GL frames; nil where only memory frames come
    /// (the recorder's preview, the editor).
    @MainActor
    public init(output: VideoOutput? = nil) {
        screen = Screen(glFrames: output?.glFrames)
    }

    /// The last reference to a surface often goes on a player thread (the engine holding it is
    /// freed there), and the paintable's deinit is main-actor work: queued the Swift way it
    /// would never run under the GLib main loop, so the screen is handed to the main loop.
    deinit {
        let screen = screen
        MainLoop.invoke { _ = screen }
    }

    // Streaming thread.
    public func receive(_ frame: VideoFrame, isPreroll: Bool) {
        let pending: PendingFrame
        if frame.isGL {
            pending = .gl(frame)
        } else if let memory = Texture(videoFrame: frame) {
            pending = .memory(memory)
        } else {
            return
        }
        // The frame replaced is let go after the lock: unmapping a GL frame waits for GStreamer's
        // GL thread, which the main thread must not wait behind.
        let (scheduleIdle, replaced) = mailbox.withLock { box -> (Bool, PendingFrame?) in
            let replaced = box.pending
            box.pending = pending
            box.pendingSource = box.current
            if box.idlePending { return (false, replaced) }
            box.idlePending = true
            return (true, replaced)
        }
        _ = consume replaced
        if scheduleIdle {
            // Above redraw priority so a frame decoded before a paint is shown in that paint.
            MainLoop.invoke(priority: MainLoop.priorityHighIdle) { [weak self] in self?.deliver() }
        }
    }

    @MainActor public func expectSource(_ source: UInt64) {
        let dropped = mailbox.withLock { box -> PendingFrame? in
            let dropped = box.pending
            box.pending = nil
            box.wanted = source
            return dropped
        }
        _ = consume dropped
        screen.expectFirstFrame()
    }

    // Player thread.
    public func beginSource(_ source: UInt64) {
        mailbox.withLock { $0.current = source }
    }

    /// The picture on screen as it looks (a thumbnail's source), nil before the first frame. On
    /// the GL path it is read back from the GPU (a few milliseconds): ask once, not per frame.
    @MainActor public var currentTexture: Texture? { screen.paintable.texture }

    /// The frame on screen averaged down to a few pixels, to be drawn scaled up behind the video
    /// as its blurred copy; nil before the first frame.
    @MainActor public func makeBackdrop(width: Int = 9, height: Int = 16) -> Texture? {
        currentTexture?.reduced(width: width, height: height)
    }

    /// Removes the picture (an error card or an empty page shows instead).
    @MainActor public func clear() {
        screen.paintable.clear()
    }

    @MainActor private func deliver() {
        let (shown, stale): (PendingFrame?, PendingFrame?) = mailbox.withLock { box in
            box.idlePending = false
            let pending = box.pending
            box.pending = nil
            return box.pendingSource == box.wanted ? (pending, nil) : (nil, pending)
        }
        _ = consume stale
        guard let shown else { return }
        screen.show(shown)
    }
}

/// A frame ready to become the picture: a memory texture made on the streaming thread, or a GL
/// frame whose texture is made on the main thread.
private enum PendingFrame: Sendable {
    case memory(Texture)
    case gl(VideoFrame)
}

/// The main-thread half: the paintable, and "painted serial N" turned into "first frame since
/// reset" for the UI.
@MainActor
private final class Screen {
    let paintable = FramePaintable()
    var callback: ((Bool, Int, Int) -> Void)?
    var onFrame: (() -> Void)?
    private let glFrames: GLFrameContext?
    private var firstSerial: UInt64?
    private var awaitingFirst = true

    init(glFrames: GLFrameContext?) {
        self.glFrames = glFrames
        paintable.onPainted { [weak self] serial, width, height in
            self?.painted(serial: serial, width: width, height: height)
        }
    }

    func expectFirstFrame() {
        awaitingFirst = true
        firstSerial = nil
    }

    func show(_ picture: PendingFrame) {
        let serial: UInt64
        switch picture {
        case .memory(let texture):
            serial = paintable.show(texture)
        case .gl(let frame):
            // A GL frame reaches only a surface made for the GL path.
            guard let glFrames, let shown = paintable.show(glFrame: frame, in: glFrames) else { return }
            serial = shown
        }
        if awaitingFirst && firstSerial == nil { firstSerial = serial }
        onFrame?()
    }

    private func painted(serial: UInt64, width: Int, height: Int) {
        var isFirst = false
        if awaitingFirst, let first = firstSerial, serial >= first {
            isFirst = true
            awaitingFirst = false
        }
        callback?(isFirst, width, height)
    }
}
