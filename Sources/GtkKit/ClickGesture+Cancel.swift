import CGtk
import GLibKit

extension ClickGesture {
    /// GTK gave the sequence to another gesture (a button under the press claims it on release):
    /// the press was not this gesture's click. "cancel" passes the GdkEventSequence first.
    public func onCancel(_ handler: @escaping @MainActor () -> Void) {
        keep(Signals.connectIgnoringArgument(handle.raw, "cancel") { MainActor.assumeIsolated { handler() } })
    }
}
