import Localization
import Foundation

/// A network's video that nothing here can play (a live stream, a video with no file, a format
/// the players don't take), kept as a post all the same: its page says why in a card instead of
/// leaving a gap in the feed or a spinner that never ends. Its address, stored as the post's
/// `videoURI` (`unplayable:REASON?of=WHICH[&format=TYPE]`), says the reason and keeps the video
/// its own (the library knows each address once); no player is ever given it.
public struct UnplayableVideo: Sendable, Equatable {
    public enum Reason: String, Sendable, Equatable {
        /// Streamed live (or offered only as a stream's playlist).
        case live
        /// Listed as a video, with no file to play.
        case noFile = "no-file"
        /// Its files are of a type the players don't take.
        case unknownFormat = "format"
    }

    public static let scheme = "unplayable"

    public var reason: Reason
    /// What makes the address this video's own: its page, its id on the network, its entry's id.
    public var identity: String
    /// The type its files came in, for an unknown format.
    public var format: String?

    public init(reason: Reason, identity: String, format: String? = nil) {
        self.reason = reason
        self.identity = identity
        self.format = format
    }

    /// The reason kept in a post's address; nil for any other address.
    public init?(address: String) {
        guard address.hasPrefix("\(Self.scheme):"), let parts = URLComponents(string: address),
              let reason = Reason(rawValue: parts.path) else { return nil }
        let items = parts.queryItems ?? []
        self.init(reason: reason, identity: items.first { $0.name == "of" }?.value ?? "",
                  format: items.first { $0.name == "format" }?.value)
    }

    /// What a feed's entry that names `renditions` but none the players take is: a stream's
    /// playlist is a live stream (or a stream only); a video file of another type an unknown
    /// format; nothing at all no file.
    public init(feedRenditions renditions: [VideoRendition], identity: String) {
        if renditions.contains(where: \.isStreamPlaylist) {
            self.init(reason: .live, identity: identity)
        } else if let other = renditions.first(where: { !$0.isAudioFile }) {
            self.init(reason: .unknownFormat, identity: identity, format: other.mimeType ?? other.url.pathExtension)
        } else {
            self.init(reason: .noFile, identity: identity)
        }
    }

    /// The post's address.
    public var address: String {
        var parts = URLComponents()
        parts.scheme = Self.scheme
        parts.path = reason.rawValue
        parts.queryItems = [URLQueryItem(name: "of", value: identity)]
            + (format.map { [URLQueryItem(name: "format", value: $0)] } ?? [])
        return parts.string ?? "\(Self.scheme):\(reason.rawValue)"
    }

    /// What the page's card says.
    public var error: MediaError {
        let message = switch reason {
        case .live:
            tr("This is a live stream. Loopfeed plays recorded videos only, so watch it on its own page.")
        case .noFile:
            tr("This video has no file Loopfeed can play. Its own page may still show it.")
        case .unknownFormat:
            if let format, !format.isEmpty {
                tr("This video comes in a format Loopfeed can’t play ({format}).", ["format": format])
            } else {
                tr("This video comes in a format Loopfeed can’t play.")
            }
        }
        return MediaError(kind: .unplayable, message: message, detail: address)
    }
}

extension Post {
    /// Why the post can't play, when it is a network's video that nothing here plays.
    public var unplayable: UnplayableVideo? { UnplayableVideo(address: videoURI) }
}
