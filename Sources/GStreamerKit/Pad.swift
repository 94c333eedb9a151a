import CGStreamer
import CShims
public import GLibKit

/// A pad of an element.
public final class Pad: @unchecked Sendable {
    public let handle: GObjectHandle
    init(handle: GObjectHandle) { self.handle = handle }

    /// Calls `handler` on the streaming thread with the display size of each caps event
    /// (square pixels). The closure is released when the probe is removed or the pad dies.
    @discardableResult
    public func onCaps(_ handler: @escaping @Sendable (_ width: Int, _ height: Int) -> Void) -> UInt {
        let box = CallbackBox(handler)
        return lf_pad_add_caps_probe(handle.typed(GstPad.self), { width, height, data in
            guard let data else { return }
            CallbackBox<@Sendable (Int, Int) -> Void>.from(data)(Int(width), Int(height))
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
    }

    public func removeProbe(_ id: UInt) {
        gst_pad_remove_probe(handle.typed(GstPad.self), id)
    }
}
