import CGStreamer

/// What went wrong in a pipeline, sorted into kinds a person can be told about.
public enum GStreamerError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingElement(String)
    case invalidCaps(String)
    case invalidDescription(String)
    /// An error posted on the bus.
    case stream(kind: StreamErrorKind, message: String, debug: String)
    /// GStreamer could not make or share a GL context (the GL frame path): GL's own words.
    case glUnavailable(String)

    public var description: String {
        switch self {
        case .missingElement(let factory): "The GStreamer element “\(factory)” is not installed"
        case .invalidCaps(let caps): "Invalid caps: \(caps)"
        case .invalidDescription(let text): "Invalid pipeline description: \(text)"
        case .stream(_, let message, _): message
        case .glUnavailable(let detail): "GL is not available to GStreamer: \(detail)"
        }
    }
}

/// Kinds of bus errors, from their GError domain and code.
public enum StreamErrorKind: String, Sendable, Equatable {
    /// The file or URI doesn't exist or can't be opened.
    case notFound = "not_found"
    /// A decoder or demuxer for the format isn't installed.
    case missingPlugin = "missing_plugin"
    /// The data is not a known media format, or is damaged.
    case corrupt = "corrupt"
    /// The media has no stream of the kind needed (e.g. no video).
    case noStream = "no_stream"
    /// A device (camera, microphone, sound card) failed.
    case device = "device"
    case other = "other"

    init(domain: GQuark, code: Int32) {
        if domain == gst_resource_error_quark() {
            switch GstResourceError(rawValue: UInt32(code)) {
            case GST_RESOURCE_ERROR_NOT_FOUND, GST_RESOURCE_ERROR_OPEN_READ, GST_RESOURCE_ERROR_READ,
                 GST_RESOURCE_ERROR_NOT_AUTHORIZED:
                self = .notFound
            case GST_RESOURCE_ERROR_BUSY, GST_RESOURCE_ERROR_OPEN_WRITE, GST_RESOURCE_ERROR_OPEN_READ_WRITE,
                 GST_RESOURCE_ERROR_SETTINGS:
                self = .device
            default:
                self = .other
            }
        } else if domain == gst_core_error_quark() {
            self = GstCoreError(rawValue: UInt32(code)) == GST_CORE_ERROR_MISSING_PLUGIN ? .missingPlugin : .other
        } else if domain == gst_stream_error_quark() {
            switch GstStreamError(rawValue: UInt32(code)) {
            case GST_STREAM_ERROR_CODEC_NOT_FOUND, GST_STREAM_ERROR_NOT_IMPLEMENTED: self = .missingPlugin
            case GST_STREAM_ERROR_WRONG_TYPE, GST_STREAM_ERROR_TYPE_NOT_FOUND, GST_STREAM_ERROR_DEMUX,
                 GST_STREAM_ERROR_DECODE, GST_STREAM_ERROR_FORMAT, GST_STREAM_ERROR_FAILED:
                self = .corrupt
            default: self = .other
            }
        } else {
            self = .other
        }
    }
}
