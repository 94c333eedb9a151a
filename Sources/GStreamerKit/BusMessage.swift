import CGStreamer
import CGStreamerShims

/// A bus message decoded into Swift.
public enum BusMessage: Sendable, Equatable {
    case endOfStream
    case error(GStreamerError, fromElement: String)
    case warning(String)
    /// `isTopLevel` is true when the pipeline itself changed state (not one of its children).
    case stateChanged(from: ElementState, to: ElementState, isTopLevel: Bool)
    case asyncDone
    case segmentDone
    case streamStart
    case buffering(percent: Int)
    case other

    init(_ message: UnsafeMutablePointer<GstMessage>, pipeline: UnsafeMutableRawPointer) {
        let type = lf_message_type(message)
        switch type {
        case GST_MESSAGE_EOS:
            self = .endOfStream
        case GST_MESSAGE_ERROR, GST_MESSAGE_WARNING:
            var error: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<gchar>?
            if type == GST_MESSAGE_ERROR {
                gst_message_parse_error(message, &error, &debug)
            } else {
                gst_message_parse_warning(message, &error, &debug)
            }
            let text = error?.pointee.message.map { String(cString: $0) } ?? "Unknown error"
            let kind = error.map { StreamErrorKind(domain: $0.pointee.domain, code: $0.pointee.code) } ?? .other
            let debugText = debug.map { String(cString: $0) } ?? ""
            if let error { g_error_free(error) }
            g_free(debug)
            if type == GST_MESSAGE_ERROR {
                let source = lf_message_source(message).flatMap { gst_object_get_name($0) }
                let sourceName = source.map { String(cString: $0) } ?? ""
                g_free(source)
                self = .error(.stream(kind: kind, message: text, debug: debugText), fromElement: sourceName)
            } else {
                self = .warning(text)
            }
        case GST_MESSAGE_STATE_CHANGED:
            var old = GST_STATE_NULL, new = GST_STATE_NULL, pending = GST_STATE_NULL
            gst_message_parse_state_changed(message, &old, &new, &pending)
            self = .stateChanged(from: ElementState(old), to: ElementState(new),
                                 isTopLevel: lf_message_is_from(message, pipeline) != 0)
        case GST_MESSAGE_ASYNC_DONE:
            self = .asyncDone
        case GST_MESSAGE_SEGMENT_DONE:
            self = .segmentDone
        case GST_MESSAGE_STREAM_START:
            self = .streamStart
        case GST_MESSAGE_BUFFERING:
            var percent: gint = 0
            gst_message_parse_buffering(message, &percent)
            self = .buffering(percent: Int(percent))
        default:
            self = .other
        }
    }
}
