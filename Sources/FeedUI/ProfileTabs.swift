import FeedCore
import GtkKit
import Localization

/// "Videos / Liked" with an underline that slides to the selected tab.
@MainActor
final class ProfileTabs {
    let root = Overlay()
    private let buttons = Box(.horizontal)
    // TRANSLATORS: a profile's tab with the videos it posted.
    private let videos = Button(label: tr("Videos"))
    // TRANSLATORS: a profile's tab with the videos you liked.
    private let liked = Button(label: tr("Liked"))
    private let track = Fixed()
    private let underline = Box(.horizontal)
    private let probe = SizeProbe()
    private var width: Double = 0
    private var likedVisible = true
    private var selected: ProfilePage.Tab = .videos
    private var x: Double = 0
    private var slide: SnapAnimation?
    private var tick: UInt32?
    private let clock = SystemMonotonicClock()
    var onSelect: ((ProfilePage.Tab) -> Void)?

    init() {
        root.addCSSClass("profile-tabs")
        buttons.homogeneous = true
        for (button, tab) in [(videos, ProfilePage.Tab.videos), (liked, .liked)] {
            button.setHasFrame(false)
            button.addCSSClass("profile-tab")
            button.onClicked { [weak self] in self?.onSelect?(tab) }
            buttons.append(button)
        }
        videos.setAccessibleLabel(tr("Videos"))
        liked.setAccessibleLabel(tr("Liked videos"))
        root.setChild(buttons)
        underline.addCSSClass("profile-underline")
        underline.canTarget = false
        track.canTarget = false
        track.put(underline, x: 0, y: 0)
        track.setAlign(horizontal: .fill, vertical: .end)
        root.addOverlay(track)
        root.addOverlay(probe)
        probe.onResize { [weak self] width, _ in
            guard let self else { return }
            self.width = Double(width)
            place(animated: false)
        }
    }

    func select(_ tab: ProfilePage.Tab) {
        videos.setCSSClass("selected", tab == .videos)
        liked.setCSSClass("selected", tab == .liked)
        guard tab != selected else { return }
        selected = tab
        place(animated: true)
    }

    func setLikedVisible(_ visible: Bool) {
        likedVisible = visible
        liked.isVisible = visible
        if !visible { selected = .videos }
        place(animated: false)
    }

    private var tabWidth: Double { likedVisible ? width / 2 : width }
    private var targetX: Double { selected == .liked && likedVisible ? width / 2 : 0 }

    /// The underline slides to the selected tab over 0.25 s, easing out.
    private func place(animated: Bool) {
        underline.setSizeRequest(width: Int32(max(0, tabWidth.rounded())), height: 2)
        guard animated, width > 0, Style.animationsEnabled else {
            slide = nil
            x = targetX
            track.move(underline, x: x, y: 0)
            return
        }
        slide = SnapAnimation(from: x, to: targetX, startUs: clock.nowMicroseconds(), durationUs: 250_000)
        guard tick == nil else { return }
        tick = root.addTickCallback { [weak self] _ in
            guard let self, let slide else {
                self?.tick = nil
                return false
            }
            let seen = FrameTiming.seenUs(drawnBy: root, clock: clock)
            x = slide.value(atUs: seen)
            track.move(underline, x: x, y: 0)
            if slide.isFinished(atUs: seen) {
                self.slide = nil
                tick = nil
                return false
            }
            return true
        }
    }
}
