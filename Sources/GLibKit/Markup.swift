import CGLib

/// Pango/GMarkup text escaping: user text shown in a markup label, or given to GStreamer's
/// textoverlay (which reads even its `text` property as markup), is never interpreted.
public enum Markup {
    public static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
