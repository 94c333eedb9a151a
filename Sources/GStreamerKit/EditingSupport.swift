import CGStreamer
import CGStreamerShims

/// Seeks and timing adjustments an editing pipeline needs beyond playback's.
public extension Element {
    /// A seek (as `seek(to:flags:stop:rate:)`), pushed upstream from this element's sink pads named `padNames` (a
    /// muxer's inputs). A seek sent to the pipeline reaches a muxer from its sink and makes
    /// it update its own byte-format output segment with a time seek (a GStreamer-CRITICAL);
    /// from its inputs it reaches every source behind them all the same. One event, one
    /// seqnum, so a demuxer reached twice seeks once. False if no pad took it.
    func seekUpstream(fromPads padNames: [String], rate: Double, from start: UInt64, to stop: UInt64?,
                      flags: SeekFlags) -> Bool {
        guard let event = gst_event_new_seek(rate, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags.rawValue),
                                             GST_SEEK_TYPE_SET, gint64(start),
                                             stop == nil ? GST_SEEK_TYPE_NONE : GST_SEEK_TYPE_SET, gint64(stop ?? 0)) else {
            return false
        }
        let miniObject = UnsafeMutableRawPointer(event).assumingMemoryBound(to: GstMiniObject.self)
        defer { gst_mini_object_unref(miniObject) }
        var accepted = false
        for name in padNames {
            guard let pad = gst_element_get_static_pad(element, name) else { continue }
            // gst_pad_push_event takes a reference of its own.
            gst_mini_object_ref(miniObject)
            if gst_pad_push_event(pad, event) != 0 { accepted = true }
            gst_object_unref(UnsafeMutableRawPointer(pad))
        }
        return accepted
    }

    /// Sets a string property literally: no escape sequences or quotes are interpreted, unlike
    /// the string form `set(_:_:)` takes.
    func set(_ property: String, literal value: String) {
        handle.set(property, value)
    }
}

public extension Pad {
    /// Shifts the running time of everything passing this pad; a negative value skips that much
    /// of the stream's start (a mixer then drops what falls before zero).
    func setRunningTimeOffset(nanoseconds: Int64) {
        gst_pad_set_offset(handle.typed(GstPad.self), gint64(nanoseconds))
    }
}

public extension Pad {
    /// Asks upstream of this sink pad where the stream is, in stream time (nanoseconds): for
    /// progress through a file whose sink only sees data at the end (a faststart muxer).
    var upstreamPosition: UInt64? {
        var value: gint64 = 0
        return gst_pad_peer_query_position(handle.typed(GstPad.self), GST_FORMAT_TIME, &value) != 0 && value >= 0
            ? UInt64(value) : nil
    }
}

public extension Pipeline {
    /// Blocks until the pipeline has prerolled (ASYNC_DONE), or an error, or the timeout (nil).
    /// Seeks that trim must wait for this. Worker threads only.
    func waitForPrerollOrError(timeoutSeconds: Double) -> BusMessage? {
        waitFor(GST_MESSAGE_ASYNC_DONE.rawValue | GST_MESSAGE_ERROR.rawValue, timeoutSeconds: timeoutSeconds)
    }
}
