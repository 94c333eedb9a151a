import CGStreamer
import CGStreamerShims

/// A bus message decoded into Swift.
public enum BusMessage: Sendable, Equatable {
    case endOfStream
    /// `source`: where the element that posted it sits (its parents, and whether it is still
    /// in the pipeline).
    case error(GStreamerError, fromElement: String, source: MessageSource)
    case warning(String)
    /// `isTopLevel` is true when the pipeline itself changed state (not one of its children).
    case stateChanged(from: ElementState, to: ElementState, isTopLevel: Bool)
    case asyncDone
    case segmentDone
    case streamStart
    case buffering(percent: Int)
    /// The element giving the pipeline its clock left it (or its clock stopped being usable):
    /// a new clock is chosen on the next PAUSED -> PLAYING.
    case clockLost
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
                let origin = MessageSource(message, pipeline: pipeline)
                self = .error(.stream(kind: kind, message: text, debug: debugText), fromElement: origin.names.first ?? "",
                              source: origin)
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
        case GST_MESSAGE_CLOCK_LOST:
            self = .clockLost
        default:
            self = .other
        }
    }
}

/// Where a message's source sits when the message is read.
public struct MessageSource: Sendable, Equatable {
    /// The source's name, then its parents' up to the top.
    public let names: [String]
    /// Its top parent is the pipeline whose bus carried it: false for an element taken out of
    /// the pipeline after it posted (an audio sink replaced because it failed).
    public let inPipeline: Bool

    public init(names: [String], inPipeline: Bool) {
        self.names = names
        self.inPipeline = inPipeline
    }

    init(_ message: UnsafeMutablePointer<GstMessage>, pipeline: UnsafeMutableRawPointer) {
        var attached: gboolean = 0
        var collected: [String] = []
        if let names = lf_message_source_names(message, pipeline, &attached) {
            var index = 0
            while let name = names[index] {
                collected.append(String(cString: name))
                index += 1
            }
            g_strfreev(names)
        }
        self.init(names: collected, inPipeline: attached != 0)
    }

    /// The source is `bin`'s child (at any depth) or `bin` itself.
    public func isInside(_ bin: String) -> Bool { names.contains(bin) }
}
