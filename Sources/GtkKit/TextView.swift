import CGtk
import CGtkShims
import GLibKit

/// A multi-line text field (GtkTextView) whose text is plain, never markup.
@MainActor
public final class TextView: Widget {
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_text_view_new()))
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(view, 0)
    }

    private var view: UnsafeMutablePointer<GtkTextView> { handle.typed(GtkTextView.self) }
    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(view)! }

    public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let chars = gtk_text_buffer_get_text(buffer, &start, &end, 1) else { return "" }
            defer { g_free(chars) }
            return String(cString: chars)
        }
        set { gtk_text_buffer_set_text(buffer, newValue, -1) }
    }

    /// Moves the cursor to the end of the text.
    public func moveCursorToEnd() {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_place_cursor(buffer, &end)
    }

    /// Inserts a line break where the cursor is.
    public func insertNewline() { gtk_text_buffer_insert_at_cursor(buffer, "\n", -1) }

    /// Holds at most `maximum` characters: what would go over is cut off as it arrives (typed or
    /// pasted), before GTK lays it out, and `onCut` hears how many characters were left out.
    public func limitCharacters(to maximum: Int, onCut: @escaping @MainActor (_ dropped: Int) -> Void) {
        let box = Unmanaged.passRetained(TextCutBox(onCut)).toOpaque()
        lf_text_buffer_limit_chars(buffer, Int32(maximum), { dropped, data in
            guard let data else { return }
            let box = Unmanaged<TextCutBox>.fromOpaque(data).takeUnretainedValue()
            // Buffers emit insert-text on the main thread, where GTK runs.
            MainActor.assumeIsolated { box.handler(Int(dropped)) }
        }, box, { data in
            guard let data else { return }
            Unmanaged<TextCutBox>.fromOpaque(data).release()
        })
    }

    /// Called after every edit.
    public func onChanged(_ handler: @escaping @MainActor () -> Void) {
        keep(Signals.connect(UnsafeMutableRawPointer(buffer), "changed") { MainActor.assumeIsolated { handler() } })
    }
}

private final class TextCutBox {
    let handler: @MainActor (Int) -> Void
    init(_ handler: @escaping @MainActor (Int) -> Void) { self.handler = handler }
}
