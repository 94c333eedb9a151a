import GLibKit
import CGtk
import CGtkShims

/// The Ctrl+? window listing keyboard shortcuts, built from GtkBuilder XML.
@MainActor
public final class ShortcutsWindow {
    public struct Shortcut: Sendable {
        public let accelerator: String
        public let title: String
        /// Said under the title (the keys in words, where a keycap's glyph is hard to read).
        public let subtitle: String?
        public init(_ accelerator: String, _ title: String, subtitle: String? = nil) {
            self.accelerator = accelerator
            self.title = title
            self.subtitle = subtitle
        }
    }

    private let window: Widget

    public init?(sections: [(title: String, shortcuts: [Shortcut])], transientFor parent: Window) {
        let groups = sections.map { section in
            let items = section.shortcuts.map { shortcut in
                """
                <child><object class="GtkShortcutsShortcut">
                  <property name="accelerator">\(Markup.escape(shortcut.accelerator))</property>
                  <property name="title">\(Markup.escape(shortcut.title))</property>\(shortcut.subtitle.map {
                    "<property name=\"subtitle\">\(Markup.escape($0))</property>" } ?? "")
                </object></child>
                """
            }.joined()
            return """
            <child><object class="GtkShortcutsGroup">
              <property name="title">\(Markup.escape(section.title))</property>\(items)
            </object></child>
            """
        }.joined()
        let xml = """
        <interface>
          <object class="GtkShortcutsWindow" id="shortcuts">
            <property name="modal">1</property>
            <child><object class="GtkShortcutsSection">
              <property name="section-name">main</property>
              <property name="max-height">18</property>\(groups)
            </object></child>
          </object>
        </interface>
        """
        let builder = gtk_builder_new_from_string(xml, -1)
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return nil }
        // The builder holds the window's only reference: take one of our own.
        window = Widget(retaining: UnsafeMutableRawPointer(object))
        gtk_window_set_transient_for(window.handle.typed(GtkWindow.self), parent.handle.typed(GtkWindow.self))
        gtk_window_set_title(window.handle.typed(GtkWindow.self), "Shortcuts")
    }

    public func present() { gtk_window_present(window.handle.typed(GtkWindow.self)) }
    public func close() { gtk_window_destroy(window.handle.typed(GtkWindow.self)) }
}
