import CGtk
import CGtkShims

/// A label a window shows, with the size its text takes and why it cannot all be seen.
public struct ShownLabel: Sendable, Equatable {
    public var window: String
    public var text: String
    public var x, y, width, height: Int
    public var textWidth, textHeight: Int
    /// Why part of the text is not shown ("ellipsized", "text 40 px tall in 20", "reaches 12 px outside
    /// its GtkBox"); empty when all of it is.
    public var clipped: String
}

@MainActor
public enum ShownLabels {
    /// Every label with text that a mapped window shows now (large text must never cut one off).
    public static func inAllWindows() -> [ShownLabel] {
        var found: [ShownLabel] = []
        let windows = gtk_window_get_toplevels()
        for index in 0..<g_list_model_get_n_items(windows) {
            guard let item = g_list_model_get_item(windows, index) else { continue }
            defer { g_object_unref(item) }
            let window = item.assumingMemoryBound(to: GtkWindow.self)
            let widget = item.assumingMemoryBound(to: GtkWidget.self)
            guard gtk_widget_get_mapped(widget) != 0 else { continue }
            let collector = Collector(window: gtk_window_get_title(window).map { String(cString: $0) } ?? "")
            withExtendedLifetime(collector) {
                lf_window_labels(window, { text, box, textWidth, textHeight, clipped, data in
                    guard let data, let text, let box, let clipped else { return }
                    let collector = Unmanaged<Collector>.fromOpaque(data).takeUnretainedValue()
                    // The walk runs inside this call, on the main thread.
                    MainActor.assumeIsolated {
                        collector.labels.append(ShownLabel(
                            window: collector.window, text: String(cString: text),
                            x: Int(box.pointee.origin.x.rounded()), y: Int(box.pointee.origin.y.rounded()),
                            width: Int(box.pointee.size.width.rounded()), height: Int(box.pointee.size.height.rounded()),
                            textWidth: Int(textWidth), textHeight: Int(textHeight), clipped: String(cString: clipped)))
                    }
                }, Unmanaged.passUnretained(collector).toOpaque())
            }
            found += collector.labels
        }
        return found
    }
}

@MainActor
private final class Collector {
    let window: String
    var labels: [ShownLabel] = []
    init(window: String) { self.window = window }
}
