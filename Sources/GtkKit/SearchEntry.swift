import CGtk
import CGtkShims
import CGLibShims
import GLibKit

/// GtkSearchEntry: "search-changed" comes after a short pause in typing.
@MainActor
public final class SearchEntry: Widget {
    public init(placeholder: String) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_search_entry_new()))
        lf_object_set_string(handle.raw, "placeholder-text", placeholder)
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(OpaquePointer(handle.raw))) }
        set { gtk_editable_set_text(OpaquePointer(handle.raw), newValue) }
    }

    /// Milliseconds of typing pause before "search-changed" (GTK's default: 150; GTK 4.8).
    public var searchDelay: UInt32 {
        get { gtk_search_entry_get_search_delay(OpaquePointer(handle.raw)) }
        set { gtk_search_entry_set_search_delay(OpaquePointer(handle.raw), newValue) }
    }

    public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) { on("search-changed", handler) }
    public func onActivate(_ handler: @escaping @MainActor () -> Void) { on("activate", handler) }
}

/// GtkGrid: children at explicit columns and rows. Its minimum size is the sum of the
/// children's minimum sizes, so tiles with size requests keep the window at its size (a
/// GtkFlowBox's minimum follows its children's natural sizes, e.g. a thumbnail's pixels).
@MainActor
public final class Grid: Widget {
    private var children: [Widget] = []

    public init(spacing: Int32) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_grid_new()))
        gtk_grid_set_row_spacing(handle.typed(GtkGrid.self), UInt32(spacing))
        gtk_grid_set_column_spacing(handle.typed(GtkGrid.self), UInt32(spacing))
    }

    public func attach(_ child: Widget, column: Int, row: Int) {
        children.append(child)
        gtk_grid_attach(handle.typed(GtkGrid.self), child.widget, Int32(column), Int32(row), 1, 1)
    }

    public func removeAll() {
        for child in children { gtk_grid_remove(handle.typed(GtkGrid.self), child.widget) }
        children.removeAll()
    }

    public var count: Int { children.count }
}
