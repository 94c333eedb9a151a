import CGtk
import GLibKit

/// GtkSwitch: an on/off setting (GTK's own keyboard and accessibility behaviour).
@MainActor
public final class Switch: Widget {
    public init(active: Bool = false) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_switch_new()))
        isActive = active
    }

    public var isActive: Bool {
        get { gtk_switch_get_active(OpaquePointer(handle.raw)) != 0 }
        set { gtk_switch_set_active(OpaquePointer(handle.raw), newValue ? 1 : 0) }
    }

    /// Runs after every change, by the user or by code.
    public func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) {
        let raw = handle.raw
        keep(Signals.connectNotify(raw, property: "active") {
            MainActor.assumeIsolated { handler(gtk_switch_get_active(OpaquePointer(raw)) != 0) }
        })
    }
}
