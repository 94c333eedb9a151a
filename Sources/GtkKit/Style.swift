import CGtk
import CGtkShims
import CGLibShims

/// Application-wide CSS and theme preferences.
@MainActor
public enum Style {
    /// Loads CSS for the whole display, above the theme.
    public static func apply(css: String) {
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider),
                                                   UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    /// Asks the theme for its dark variant.
    public static func preferDark() {
        guard let settings = gtk_settings_get_default() else { return }
        lf_object_set_bool(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme", 1)
    }

    /// Adds a folder to the icon theme's search path (for the app's own icons).
    public static func addIconSearchPath(_ path: String) {
        guard let display = gdk_display_get_default() else { return }
        gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), path)
    }

    /// Whether the desktop wants animations (`gtk-enable-animations`; off for reduced motion).
    /// Read each time: the setting can change while the app runs.
    public static var animationsEnabled: Bool {
        guard let settings = gtk_settings_get_default() else { return true }
        return lf_object_get_bool(UnsafeMutableRawPointer(settings), "gtk-enable-animations") != 0
    }

    /// The desktop's double-click time in milliseconds.
    public static var doubleClickTime: Int {
        guard let settings = gtk_settings_get_default() else { return 400 }
        return Int(lf_object_get_int(UnsafeMutableRawPointer(settings), "gtk-double-click-time"))
    }
}
