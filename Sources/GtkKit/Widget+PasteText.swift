import CGtk
import GLibKit

extension Widget {
    /// The clipboard's text, read asynchronously (another program may own it); nil when it
    /// holds no text. `completion` runs on the main loop.
    public func readClipboardText(_ completion: @escaping @MainActor (String?) -> Void) {
        let box = CallbackBox<@MainActor (String?) -> Void>(completion)
        let clipboard = gtk_widget_get_clipboard(widget)
        gdk_clipboard_read_text_async(clipboard, nil, { source, result, data in
            guard let data else { return }
            let completion = CallbackBox<@MainActor (String?) -> Void>.from(data)
            var text: String?
            if let read = gdk_clipboard_read_text_finish(OpaquePointer(source), result, nil) {
                text = String(cString: read)
                g_free(read)
            }
            AnyCallbackBox.release(data)
            MainActor.assumeIsolated { completion(text) }
        }, box.retainedPointer())
    }
}
