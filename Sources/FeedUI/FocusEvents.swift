import FeedCore
import GtkKit

/// Every keyboard focus move in a window, as a `focus` event (the end-to-end tests walk the app
/// with the keyboard alone by them): a new focused control, and a move from one link of a label to
/// the next, which GTK makes inside the label without moving the window's focus.
@MainActor
enum FocusEvents {
    /// Reports `window`'s focus moves for as long as it exists.
    static func report(in window: Widget, title: String, events: EventSink?) {
        guard let events else { return }
        let last = LastFocus()
        window.onNotify("focus-widget") { [weak window] in
            guard let report = window?.focusInWindow else { return }
            last.report = report
            events.emit(event(report, title))
        }
        // GTK moves between a label's links on the key press; by the release the link has moved.
        let keys = KeyController()
        keys.setPhase(.capture)
        keys.onKeyReleased { [weak window] _ in
            guard let report = window?.focusInWindow, let before = last.report, report.widget == before.widget,
                  report.x == before.x, report.y == before.y, report.link != before.link else { return }
            last.report = report
            events.emit(event(report, title))
        }
        window.addController(keys)
    }

    private static func event(_ report: FocusReport, _ title: String) -> AppEvent {
        .focus(widget: report.widget, name: report.name, x: report.x, y: report.y, width: report.width,
               height: report.height, link: report.link, visible: report.visible, window: title)
    }
}

/// The focus last reported in one window.
@MainActor
private final class LastFocus {
    var report: FocusReport?
}
