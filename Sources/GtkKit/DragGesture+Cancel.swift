import CGtk
import GLibKit

extension DragGesture {
    /// GTK took the sequence away (a grab, the widget unmapped): treat it like the end of the
    /// drag, or a held action would never stop. "cancel" passes the GdkEventSequence first.
    public func onCancel(_ handler: @escaping @MainActor () -> Void) {
        keep(Signals.connectIgnoringArgument(handle.raw, "cancel") { MainActor.assumeIsolated { handler() } })
    }
}
