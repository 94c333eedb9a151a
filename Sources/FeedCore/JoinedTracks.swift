public import Foundation

/// A video whose picture and sound are two files (PeerTube's split audio: a video-only
/// rendition beside one audio-only file), named by one address so that the library, the cache
/// and the events keep a single string per post: the picture's address with the sound's after
/// a fragment no server sees (`…/v-720-fragmented.mp4#loopfeed-audio=<escaped address>`).
public struct JoinedTracks: Sendable, Equatable, Hashable {
    public var video: URL
    public var audio: URL

    static let marker = "#loopfeed-audio="

    public init(video: URL, audio: URL) {
        self.video = video
        self.audio = audio
    }

    /// The two files an address names; nil for any other address.
    public init?(address: String) {
        guard let marker = address.range(of: Self.marker),
              let video = URL(string: String(address[..<marker.lowerBound])),
              let audioText = String(address[marker.upperBound...]).removingPercentEncoding,
              let audio = URL(string: audioText),
              [video, audio].allSatisfy({ ["http", "https"].contains($0.scheme?.lowercased() ?? "") }) else { return nil }
        self.init(video: video, audio: audio)
    }

    /// The one address of both.
    public var address: String {
        let escaped = audio.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? audio.absoluteString
        return video.absoluteString + Self.marker + escaped
    }
}
