public import FeedMedia
public import GLibKit
public import GStreamerKit
public import GtkKit
import Synchronization

/// Where one player's frames become pixels: a single stable paintable whose texture is swapped
/// in place. Frames arrive on the streaming thread, are wrapped zero-copy in a texture there,
/// wait in a one-slot mailbox (a newer frame replaces an unshown one), and reach GTK through at
/// most one pending idle.
public final class VideoSurface: VideoFrameReceiver, Sendable {
    private struct Mailbox {
        var texture: Texture?
        var idlePending = false
        /// The source the window wants shown, the one the player last began, and the one the
        /// waiting texture belongs to: only a texture of the wanted source is shown.
        var wanted: UInt64 = 0
        var current: UInt64 = 0
        var textureSource: UInt64 = 0
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

    @MainActor
    public init() {
        screen = Screen()
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
        guard let texture = Texture(videoFrame: frame) else { return }
        let scheduleIdle = mailbox.withLock { box -> Bool in
            box.texture = texture
            box.textureSource = box.current
            if box.idlePending { return false }
            box.idlePending = true
            return true
        }
        if scheduleIdle {
            // Above redraw priority so a frame decoded before a paint is shown in that paint.
            MainLoop.invoke(priority: MainLoop.priorityHighIdle) { [weak self] in self?.deliver() }
        }
    }

    @MainActor public func expectSource(_ source: UInt64) {
        mailbox.withLock { box in
            box.texture = nil
            box.wanted = source
        }
        screen.expectFirstFrame()
    }

    // Player thread.
    public func beginSource(_ source: UInt64) {
        mailbox.withLock { $0.current = source }
    }

    /// The picture on screen (a thumbnail's source), nil before the first frame.
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
        let texture: Texture? = mailbox.withLock { box in
            box.idlePending = false
            let texture = box.texture
            box.texture = nil
            return box.textureSource == box.wanted ? texture : nil
        }
        guard let texture else { return }
        screen.show(texture)
    }
}

/// The main-thread half: the paintable, and "painted serial N" turned into "first frame since
/// reset" for the UI.
@MainActor
private final class Screen {
    let paintable = FramePaintable()
    var callback: ((Bool, Int, Int) -> Void)?
    var onFrame: (() -> Void)?
    private var firstSerial: UInt64?
    private var awaitingFirst = true

    init() {
        paintable.onPainted { [weak self] serial, width, height in
            self?.painted(serial: serial, width: width, height: height)
        }
    }

    func expectFirstFrame() {
        awaitingFirst = true
        firstSerial = nil
    }

    func show(_ texture: Texture) {
        let serial = paintable.show(texture)
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
