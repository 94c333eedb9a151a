import FeedCore
import GtkKit

/// Hearts bursting where a double-click liked a post; lets every click through.
@MainActor
final class HeartLayer {
    let root = Fixed()
    private var bursts: [(image: Image, burst: HeartBurst, x: Double, y: Double)] = []
    private var tick: UInt32?

    init() {
        root.canTarget = false
        root.setExpand(horizontal: true, vertical: true)
    }

    func burst(atX x: Double, y: Double, nowUs: Int64) {
        // Reduced motion (gtk-enable-animations off): no burst; the rail's heart turns red.
        guard Style.animationsEnabled else { return }
        let size = HeartBurst.size
        let image = Image(iconName: "loopfeed-heart-symbolic", pixelSize: Int32(size))
        image.addCSSClass("heart-burst")
        let burst = HeartBurst(startUs: nowUs, randomUnit: Double.random(in: 0...1))
        root.put(image, x: x - size / 2, y: y - size / 2)
        bursts.append((image, burst, x - size / 2, y - size / 2))
        apply(nowUs)
        if tick == nil {
            tick = root.addTickCallback { [weak self] now in self?.apply(now) ?? false }
        }
    }

    @discardableResult
    private func apply(_ now: Int64) -> Bool {
        for entry in bursts {
            let frame = entry.burst.frame(atUs: now)
            entry.image.opacity = frame.opacity
            root.setTransform(entry.image, x: entry.x, y: entry.y, width: HeartBurst.size, height: HeartBurst.size,
                              degrees: entry.burst.tiltDegrees, scale: frame.scale)
        }
        let finished = bursts.filter { $0.burst.isFinished(atUs: now) }
        for entry in finished { root.remove(entry.image) }
        bursts.removeAll { $0.burst.isFinished(atUs: now) }
        if bursts.isEmpty { tick = nil }
        return !bursts.isEmpty
    }
}
