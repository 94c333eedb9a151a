import FeedPresentation
import FeedCore
import GtkKit
import Localization

/// A feed over a list of posts (search results, a profile's grid, an Inbox item) with a Back
/// button. One at a time: showing another list replaces the feed, and its players with it.
@MainActor
final class ResultsPage {
    let root = Overlay()
    private let back = Button(iconName: "go-previous-symbolic")
    private(set) var feed: FeedController?
    /// What the feed shows, to tell whether a route is this page's.
    private(set) var route: Route?
    var onBack: (() -> Void)?

    init() {
        root.setExpand(horizontal: true, vertical: true)
        back.addCSSClass("results-back")
        back.setAlign(horizontal: .start, vertical: .start)
        back.setMargins(top: 10, start: 10)
        back.setAccessibleLabel(tr("Back"))
        back.tooltip = tr("Back (Esc)")
        back.onClicked { [weak self] in self?.onBack?() }
    }

    /// A new feed over `content` (posts from a grid, or results from the networks); `wire`
    /// connects it before it starts.
    func show(_ route: Route, content: FeedContent, feed deps: FeedDependencies,
              wire: (FeedController) -> Void) throws {
        clear()
        let controller = try FeedController(deps, launchTimeUs: deps.clock.nowMicroseconds(), content: content)
        wire(controller)
        root.setChild(controller.view.root)
        root.addOverlay(back)
        feed = controller
        self.route = route
        controller.session.start()
    }

    /// Drops the feed (and its players).
    func clear() {
        guard let feed else { return }
        feed.session.setVisible(false)
        feed.teardown()
        root.removeOverlay(back)
        root.clearChild()
        self.feed = nil
        route = nil
    }
}
