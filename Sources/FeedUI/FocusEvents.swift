import FeedCore
import GtkKit

/// Where the keyboard focus goes in a window: scrolled into view, and told as a `focus` event (the
/// end-to-end tests walk the app with the keyboard alone by them): a new focused control, and a move
/// from one link of a label to the next, which GTK makes inside the label without moving the
/// window's focus.
@MainActor
enum FocusEvents {
    /// Follows `window`'s focus for as long as it exists.
    static func report(in window: Widget, title: String, events: EventSink?) {
        window.keepFocusRingWhileTyping()
        let last = LastFocus()
        window.onNotify("focus-widget") { [weak window] in
            guard let window else { return }
            // Tab along a row of chips or down a grid must never leave the focus off screen.
            window.scrollFocusIntoView()
            tellAfterPaint(window, title, events, last)
        }
        // GTK moves between a label's links on the key press; by the release the link has moved.
        let keys = KeyController()
        keys.setPhase(.capture)
        keys.onKeyReleased { [weak window] _ in
            guard events != nil, let window, let report = window.focusInWindow, let before = last.report,
                  report.widget == before.widget, report.name == before.name, report.link != before.link else { return }
            tellAfterPaint(window, title, events, last)
        }
        window.addController(keys)
    }

    /// Told once the window has painted: a control just shown (a page, a sheet) or scrolled to is
    /// laid out where it shows by then, and moves made before that paint are told once, as where the
    /// focus ended.
    private static func tellAfterPaint(_ window: Widget, _ title: String, _ events: EventSink?, _ last: LastFocus) {
        guard events != nil, !last.pending else { return }
        guard window.isMapped else { return tell(window, title, events, last) }
        last.pending = true
        window.onNextPaint { [weak window] in
            last.pending = false
            tell(window, title, events, last)
        }
    }

    private static func tell(_ window: Widget?, _ title: String, _ events: EventSink?, _ last: LastFocus) {
        guard let events, let report = window?.focusInWindow else { return }
        last.report = report
        events.emit(event(report, title))
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
    /// A report waits for the next paint.
    var pending = false
}
