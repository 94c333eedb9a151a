import CGStreamer
import CGStreamerShims
public import GLibKit

/// A pad of an element. `@unchecked Sendable`: GstPad locks itself (probes, links and events
/// are made for streaming threads, where idle probes unlink and release them), and the field
/// never changes.
public final class Pad: @unchecked Sendable, Equatable {
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

    /// Calls `handler` on the streaming thread when end-of-stream reaches this pad.
    @discardableResult
    public func onEndOfStream(_ handler: @escaping @Sendable () -> Void) -> UInt {
        let box = CallbackBox(handler)
        return lf_pad_add_event_probe(handle.typed(GstPad.self), GST_EVENT_EOS, { data in
            guard let data else { return }
            CallbackBox<@Sendable () -> Void>.from(data)()
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
    }

    /// Calls `handler` once when no data flows through this pad: at once on the calling thread
    /// if none does, else on the streaming thread between two buffers. Where a live branch is
    /// unlinked, so no buffer is cut in half and EOS follows the last one.
    public func whenIdle(_ handler: @escaping @Sendable () -> Void) {
        let box = CallbackBox(handler)
        lf_pad_when_idle(handle.typed(GstPad.self), { data in
            guard let data else { return }
            CallbackBox<@Sendable () -> Void>.from(data)()
        }, box.retainedPointer(), { data in
            guard let data else { return }
            AnyCallbackBox.release(data)
        })
    }

    /// Links this source pad to `sink`; false when they don't fit.
    public func link(to sink: Pad) -> Bool {
        gst_pad_link(handle.typed(GstPad.self), sink.handle.typed(GstPad.self)) == GST_PAD_LINK_OK
    }

    public func unlink(from sink: Pad) {
        _ = gst_pad_unlink(handle.typed(GstPad.self), sink.handle.typed(GstPad.self))
    }

    /// The same pad object.
    public static func == (lhs: Pad, rhs: Pad) -> Bool { lhs.handle == rhs.handle }

    /// Sends end-of-stream into this (sink) pad.
    public func sendEndOfStream() {
        _ = gst_pad_send_event(handle.typed(GstPad.self), gst_event_new_eos())
    }

    public func removeProbe(_ id: UInt) {
        gst_pad_remove_probe(handle.typed(GstPad.self), id)
    }
}
