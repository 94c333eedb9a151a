import FeedCore
import GtkKit

/// A sheet over the bottom 75 % of the window, above a dim that closes it when clicked. It
/// slides in and out in 0.25 s, follows a downward drag and closes on a fast release or past a
/// third of its height (`CommentSheetDrag`), else springs back. The dim is the layer's main
/// child and the sheet an overlay placed by code, so sliding it out of the window never makes
/// the layer (and so the window) taller, as a GtkFixed child would. In a wide window it is a
/// centred column at most 640 px wide. What goes in the sheet is its owner's.
@MainActor
final class BottomSheet {
    /// Full-window layer; hidden while the sheet is closed.
    let layer = Overlay()
    /// The sheet itself: its owner appends the content.
    let sheet = Box(.vertical)
    private let probe = SizeProbe()
    private let dim = Box(.vertical)
    private let drag = CommentSheetDrag()
    private let clock: MonotonicClock
    private var velocity = VelocityTracker()
    private var dragging = false
    private var height: Double = 0
    private var sheetHeight: Double { (height * 0.75).rounded() }
    /// 0 = fully open; sheetHeight = fully closed.
    private var offset: Double = 0
    private var animation: SnapAnimation?
    private var closingAfterAnimation = false
    private var tick: UInt32?

    private(set) var isOpen = false
    /// Called once it has closed (the slide is over).
    var onClosed: (() -> Void)?
    /// Whether a drag down moves the sheet now (a list inside at its top), rather than the list.
    var sheetTakesDrag: () -> Bool = { true }

    static let maximumWidth = 640

    init(clock: MonotonicClock) {
        self.clock = clock
        layer.isVisible = false
        layer.setExpand(horizontal: true, vertical: true)
        dim.addCSSClass("sheet-dim")
        dim.setExpand(horizontal: true, vertical: true)
        let dimClick = ClickGesture()
        dimClick.onPressed { [weak self] _, _, _ in self?.close() }
        dim.addController(dimClick)
        layer.setChild(dim)
        layer.addOverlay(probe)
        probe.onResize { [weak self] _, height in self?.resize(Double(height)) }
        sheet.addCSSClass("comments-sheet")
        layer.addOverlay(sheet)
        layer.placeOverlays { [weak self] child, width, height in
            guard let self, child === sheet else { return nil }
            return sheetRect(width: width, height: height)
        }
        let sheetDrag = DragGesture()
        sheetDrag.onBegin { [weak self] _, _ in self?.dragBegan() }
        sheetDrag.onUpdate { [weak self] _, dy in self?.dragMoved(dy) }
        sheetDrag.onEnd { [weak self] _, _ in self?.dragEnded() }
        sheet.addController(sheetDrag)
    }

    func open() {
        guard !isOpen || closingAfterAnimation else { return }
        isOpen = true
        closingAfterAnimation = false
        layer.isVisible = true
        if height > 0 { animate(from: animation == nil ? sheetHeight : offset, to: 0, durationUs: 250_000) }
    }

    func close() {
        guard isOpen, !closingAfterAnimation else { return }
        closingAfterAnimation = true
        animate(from: offset, to: sheetHeight, durationUs: 250_000)
    }

    private func finishClosing() {
        isOpen = false
        closingAfterAnimation = false
        layer.releaseFocusIfInside()
        layer.isVisible = false
        onClosed?()
    }

    // MARK: - Layout and motion

    private func resize(_ height: Double) {
        self.height = height
        if animation == nil && !dragging { place(offset: isOpen ? offset : sheetHeight) }
    }

    private func sheetRect(width: Int, height: Int) -> WidgetRect {
        let sheetHeight = Int((Double(height) * 0.75).rounded())
        let sheetWidth = min(width, Self.maximumWidth)
        return WidgetRect(x: (width - sheetWidth) / 2, y: height - sheetHeight + Int(offset.rounded()),
                          width: sheetWidth, height: sheetHeight)
    }

    private func place(offset: Double) {
        self.offset = offset
        layer.queueAllocate()
        dim.opacity = sheetHeight > 0 ? max(0, 1 - offset / sheetHeight) : 1
    }

    private func animate(from: Double, to: Double, durationUs: Int64) {
        // Without animations (reduced motion) the sheet is up or gone at the next frame.
        animation = SnapAnimation(from: from, to: to, startUs: clock.nowMicroseconds(),
                                  durationUs: Style.animationsEnabled ? durationUs : 0)
        place(offset: from)
        guard tick == nil else { return }
        tick = layer.addTickCallback { [weak self] _ in self?.step() ?? false }
    }

    private func step() -> Bool {
        guard let animation else {
            tick = nil
            return false
        }
        let seen = FrameTiming.seenUs(drawnBy: layer, clock: clock)
        place(offset: animation.value(atUs: seen))
        guard animation.isFinished(atUs: seen) else { return true }
        self.animation = nil
        tick = nil
        if closingAfterAnimation { finishClosing() }
        return false
    }

    private func dragBegan() {
        dragging = false
        velocity.reset()
    }

    private func dragMoved(_ dy: Double) {
        if !dragging {
            guard abs(dy) > 6, dy > 0, sheetTakesDrag(), animation == nil else { return }
            dragging = true
        }
        velocity.add(y: dy, atUs: clock.nowMicroseconds())
        place(offset: drag.offset(dragY: dy, sheetHeight: sheetHeight))
    }

    private func dragEnded() {
        guard dragging else { return }
        dragging = false
        switch drag.release(offset: offset, velocityY: velocity.velocity, sheetHeight: sheetHeight) {
        case .close:
            closingAfterAnimation = true
            animate(from: offset, to: sheetHeight, durationUs: 200_000)
        case .snapBack:
            animate(from: offset, to: 0, durationUs: 200_000)
        }
    }
}
