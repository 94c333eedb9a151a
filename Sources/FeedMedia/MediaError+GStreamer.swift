public import FeedCore
public import GStreamerKit
import Localization

/// GStreamer's errors in words for the error card.
extension MediaError {
    public init(_ error: GStreamerError) {
        switch error {
        case .stream(let kind, let message, let debug):
            switch kind {
            case .notFound:
                self.init(kind: .notFound, message: tr("The video file can’t be found or opened."), detail: message + " " + debug)
            case .missingPlugin where Self.missingTypeIsNotMedia(debug):
                // A page or a text named .mp4: GStreamer has no "decoder" for HTML, and saying a
                // plugin is missing would send people looking for one.
                self.init(kind: .corrupt, message: tr("This video is damaged or isn’t a video file."), detail: message + " " + debug)
            case .missingPlugin:
                self.init(kind: .missingPlugin, message: tr("This video’s format isn’t supported: a GStreamer plugin is missing."), detail: message + " " + debug)
            case .corrupt:
                self.init(kind: .corrupt, message: tr("This video is damaged or isn’t a video file."), detail: message + " " + debug)
            case .noStream:
                self.init(kind: .noVideo, message: tr("This file has no video."), detail: message)
            case .device, .other:
                // GStreamer's own sentence ("Server does not support seeking") is for the log, not people.
                self.init(kind: .other, message: tr("This video can’t be played."), detail: message + " " + debug)
            }
        case .missingElement(let factory):
            self.init(kind: .missingPlugin, message: tr("A GStreamer plugin is missing ({plugin}).", ["plugin": factory]), detail: factory)
        case .invalidCaps, .invalidDescription, .glUnavailable:
            self.init(kind: .other, message: tr("This video can’t be played."), detail: error.description)
        }
    }

    /// Whether the type decodebin found no decoder for ("Missing decoder: text/html (text/html)")
    /// is text or a picture rather than a video or sound format.
    static func missingTypeIsNotMedia(_ debug: String) -> Bool {
        guard let range = debug.range(of: "Missing decoder: ") else { return false }
        let type = debug[range.upperBound...].prefix { $0 != " " && $0 != "(" && $0 != "," }
        return type.hasPrefix("text/") || type.hasPrefix("image/")
    }
}
