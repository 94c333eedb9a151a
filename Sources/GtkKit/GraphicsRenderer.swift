import Glibc

/// GTK's renderer, chosen before the first window is realized (GTK reads `GSK_RENDERER` when it
/// makes the first window's renderer). The display's GL renderer is asked with `DisplayGL`.
@MainActor
public enum GraphicsRenderer {
    /// What `GSK_RENDERER` says now, if anything.
    public static var requested: String? {
        getenv("GSK_RENDERER").map { String(cString: $0) }
    }

    /// Asks GTK for `renderer` ("cairo", "gl") for the windows not yet realized.
    public static func use(_ renderer: String) {
        setenv("GSK_RENDERER", renderer, 1)
    }
}
