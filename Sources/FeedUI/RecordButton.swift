import FeedCore
import GtkKit
import Localization

/// The recorder's hold-to-record button: a half-transparent red ring around a red disc. While
/// recording the ring grows and turns solid and the disc becomes a small rounded square, with
/// a white progress arc along the ring; while held the button follows the pointer.
///
/// `root` is a fixed 140x140 slot for the layout. The drawing area inside it sits in a `Fixed`
/// that is an overlay of that slot: a GtkOverlay never measures its overlays, so moving the
/// button (which grows the Fixed's size to the right and down) never moves anything else.
/// The slot is only as big as the grown ring, so the rest of the page keeps its clicks.
@MainActor
final class RecordButton {
    /// Side of the drawing area: the ring at 1.5x (outer radius 66) fits with room to spare.
    static let side = 140

    let root = Overlay()
    var onPress: (() -> Void)?
    var onRelease: (() -> Void)?

    private let canvas = Fixed()
    /// A button to screen readers, with its pressed state while recording.
    private let area = DrawingArea(actingAsButton: ())
    /// On the unmoving slot, not on the drawing area: offsets measured on a widget that moves
    /// with them would feed back into themselves.
    private let drag = DragGesture()
    private let clock: MonotonicClock
    private var animation = RecordButtonAnimation()
    private var shown = RecordButtonAnimation.idleLook
    private var progress = 0.0
    private var tick: UInt32?
    /// A press inside the slot but outside the drawn button: its drag is not a hold.
    private var holding = false
    /// Space is down on the focused button.
    private var spaceHeld = false

    init(clock: MonotonicClock = SystemMonotonicClock()) {
        self.clock = clock
        let side = Self.side
        root.setSizeRequest(width: Int32(side), height: Int32(side))
        root.setAlign(horizontal: .center, vertical: .center)
        area.contentWidth = side
        area.contentHeight = side
        area.setAccessibleLabel(tr("Record: hold to record, release to stop"))
        area.tooltip = tr("Hold to record (or hold R, or Space when focused)")
        // Tab reaches it like any button; holding Space records as holding R does.
        area.focusable = true
        let focus = FocusController()
        focus.onEnter { [weak self] in self?.area.queueDraw() }
        focus.onLeave { [weak self] in
            guard let self else { return }
            area.queueDraw()
            // A Space released elsewhere never comes here: the hold ends with the focus.
            if spaceHeld {
                spaceHeld = false
                onRelease?()
            }
        }
        area.addController(focus)
        let keys = KeyController()
        keys.onKeyPressed { [weak self] key in self?.keyPressed(key) ?? false }
        keys.onKeyReleased { [weak self] key in self?.keyReleased(key) }
        area.addController(keys)
        area.setDrawHandler { [weak self] context, width, height in
            self?.draw(context, width: Double(width), height: Double(height))
        }
        // GtkFixed clips its children; the held button must show wherever the pointer takes it.
        canvas.setOverflowVisible()
        canvas.put(area, x: 0, y: 0)
        root.addOverlay(canvas)

        drag.onBegin { [weak self] x, y in self?.pressed(atX: x, y: y) }
        drag.onUpdate { [weak self] dx, dy in self?.moved(dx: dx, dy: dy) }
        drag.onEnd { [weak self] _, _ in self?.released() }
        drag.onCancel { [weak self] in self?.released() }
        root.addController(drag)
    }

    /// Starts the 0.7 s recording look or the 0.35 s way back. Also for R, with no pointer.
    func setRecording(_ recording: Bool) {
        area.setAccessiblePressed(recording)
        area.setAccessibleLabel(recording ? tr("Recording: release to stop") : tr("Record: hold to record, release to stop"))
        animation.setPhase(recording ? .recording : .idle, atUs: clock.nowMicroseconds())
        render()
    }

    /// Elapsed time against the maximum, 0...1, drawn clockwise from 12 o'clock.
    func setProgress(_ fraction: Double) {
        let clamped = min(1, max(0, fraction.isFinite ? fraction : 0))
        guard clamped != progress else { return }
        progress = clamped
        area.queueDraw()
    }

    private func pressed(atX x: Double, y: Double) {
        let centre = Double(Self.side) / 2
        let dx = x - (centre + shown.offset.x), dy = y - (centre + shown.offset.y)
        guard dx * dx + dy * dy <= shown.outerRadius * shown.outerRadius else { return }
        holding = true
        animation.beginHold(atUs: clock.nowMicroseconds())
        render()
        onPress?()
    }

    private func moved(dx: Double, dy: Double) {
        guard holding else { return }
        animation.moveHold(dx: dx, dy: dy)
        render()
    }

    /// Space held on the focused button: a hold, as with the pointer (its autorepeats ignored).
    private func keyPressed(_ key: KeyPress) -> Bool {
        guard key.name == "space", key.modifiers.isEmpty else { return false }
        guard !spaceHeld else { return true }
        spaceHeld = true
        onPress?()
        return true
    }

    private func keyReleased(_ key: KeyPress) {
        guard key.name == "space", spaceHeld else { return }
        spaceHeld = false
        onRelease?()
    }

    /// End and cancel both land here; whichever comes second finds nothing held.
    private func released() {
        guard holding else { return }
        holding = false
        animation.endHold(atUs: clock.nowMicroseconds())
        render()
        onRelease?()
    }

    /// Shows the current frame and keeps a tick callback only while something animates, so an
    /// idle button costs no frames.
    private func render() {
        let now = clock.nowMicroseconds()
        show(animation.frame(atUs: now))
        if animation.isAnimating(atUs: now), tick == nil {
            tick = area.addTickCallback { [weak self] _ in self?.step() ?? false }
        }
    }

    private func step() -> Bool {
        let now = clock.nowMicroseconds()
        show(animation.frame(atUs: now))
        let animating = animation.isAnimating(atUs: now)
        if !animating { tick = nil }
        return animating
    }

    private func show(_ frame: RecordButtonAnimation.Frame) {
        if frame.offset != shown.offset { canvas.move(area, x: frame.offset.x, y: frame.offset.y) }
        if frame != shown { area.queueDraw() }
        shown = frame
    }

    // #fe2c55, the app's accent (Theme's likes, badges and follow button).
    private static let accent = (red: 254.0 / 255, green: 44.0 / 255, blue: 85.0 / 255)

    private func draw(_ context: CairoContext, width: Double, height: Double) {
        let frame = shown
        let cx = width / 2, cy = height / 2
        let accent = Self.accent
        context.setLineWidth(RecordButtonAnimation.ringWidth)

        context.newPath()
        context.arc(centerX: cx, centerY: cy, radius: frame.ringCentreRadius, from: 0, to: 2 * .pi)
        context.setSource(red: accent.red, green: accent.green, blue: accent.blue, alpha: frame.ringAlpha)
        context.stroke()

        if progress > 0 {
            let top = -Double.pi / 2
            context.newPath()
            context.arc(centerX: cx, centerY: cy, radius: frame.ringCentreRadius, from: top, to: top + 2 * .pi * progress)
            context.setLineCap(.butt)
            context.setSource(red: 1, green: 1, blue: 1)
            context.stroke()
        }

        // A rounded square; with the corner at the half side it is the idle circle.
        let half = frame.discHalfSide
        let corner = min(max(0, frame.discCornerRadius), half)
        let left = cx - half, right = cx + half, top = cy - half, bottom = cy + half
        context.newPath()
        context.arc(centerX: right - corner, centerY: top + corner, radius: corner, from: -.pi / 2, to: 0)
        context.arc(centerX: right - corner, centerY: bottom - corner, radius: corner, from: 0, to: .pi / 2)
        context.arc(centerX: left + corner, centerY: bottom - corner, radius: corner, from: .pi / 2, to: .pi)
        context.arc(centerX: left + corner, centerY: top + corner, radius: corner, from: .pi, to: 3 * .pi / 2)
        context.closePath()
        context.setSource(red: accent.red, green: accent.green, blue: accent.blue)
        context.fill()

        // The white focus ring other controls get from the theme, drawn here by hand.
        if area.hasVisibleFocus {
            context.newPath()
            context.arc(centerX: cx, centerY: cy, radius: min(frame.outerRadius + 4, min(width, height) / 2 - 2),
                        from: 0, to: 2 * .pi)
            context.setLineWidth(2)
            context.setSource(red: 1, green: 1, blue: 1)
            context.stroke()
        }
    }
}
