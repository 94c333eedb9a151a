public import Foundation
import Localization

/// A sound to record over: it plays while recording and is mixed into the clip. A bundled
/// track (the melody of one of the sample posts) or a file the user picked.
public struct RecordingSound: Sendable, Equatable, Hashable {
    public var title: String
    public var artist: String
    public var file: URL
    /// Seconds; 0 when unknown (a picked file before it is probed).
    public var duration: Double

    public init(title: String, artist: String, file: URL, duration: Double = 0) {
        self.title = title
        self.artist = artist
        self.file = file
        self.duration = duration
    }

    /// A picked file is named after the file, without its extension.
    public static func picked(_ file: URL) -> RecordingSound {
        RecordingSound(title: file.deletingPathExtension().lastPathComponent, artist: "", file: file)
    }

    /// The post's music line, as the feed's marquee shows it.
    public var musicLine: String { artist.isEmpty ? title : tr("{title} — {artist}", ["title": title, "artist": artist]) }
}
