public import Foundation

/// One file a network serves for a video: a web video (progressive MP4) or one rendition of
/// its HLS stream (a fragmented MP4 that the playlists address by byte ranges).
public struct RemoteVideoFile: Sendable, Equatable, Hashable, Codable {
    public var url: URL
    /// PeerTube's resolution: the short side in pixels (720 for a 720x1280 video); 0 is audio
    /// only. nil when not given.
    public var resolution: Int?
    public var width: Int?
    public var height: Int?
    public var byteSize: Int64?
    public var framesPerSecond: Double?
    /// nil when the server does not say (PeerTube before 6.2, Loops).
    public var hasAudio: Bool?
    public var hasVideo: Bool?

    public init(url: URL, resolution: Int? = nil, width: Int? = nil, height: Int? = nil, byteSize: Int64? = nil,
                framesPerSecond: Double? = nil, hasAudio: Bool? = nil, hasVideo: Bool? = nil) {
        self.url = url
        self.resolution = resolution
        self.width = width
        self.height = height
        self.byteSize = byteSize
        self.framesPerSecond = framesPerSecond
        self.hasAudio = hasAudio
        self.hasVideo = hasVideo
    }

    /// Sound and no picture (PeerTube's split audio, resolution 0).
    public var isAudioOnly: Bool { hasVideo == false || (hasVideo == nil && resolution == 0) }

    /// Its short side in pixels: the smaller of width and height, else the resolution.
    public var shortSide: Int? {
        if let width, let height, width > 0, height > 0 { return min(width, height) }
        guard let resolution, resolution > 0 else { return nil }
        return resolution
    }
}

/// A video's HLS stream: the master playlist and the renditions' files.
public struct HLSPlaylist: Sendable, Equatable, Hashable, Codable {
    public var masterURL: URL
    public var renditions: [RemoteVideoFile]

    public init(masterURL: URL, renditions: [RemoteVideoFile]) {
        self.masterURL = masterURL
        self.renditions = renditions
    }

    /// The audio-only rendition of split audio.
    public var audioRendition: RemoteVideoFile? { renditions.first(where: \.isAudioOnly) }

    /// The renditions with a picture.
    public var videoRenditions: [RemoteVideoFile] { renditions.filter { !$0.isAudioOnly } }

    /// Video renditions without sound beside an audio-only one: only the master playlist (its
    /// `EXT-X-MEDIA` audio) plays them with their sound.
    public var hasSplitAudio: Bool {
        audioRendition != nil && videoRenditions.contains { $0.hasAudio == false }
    }
}

/// What a network serves to play a video. Empty for a live stream, for a list's entry (PeerTube
/// lists carry no files; Loops' tag feeds no `src_url`: fetch the video first) and for a video
/// with nothing playable.
public struct RemoteVideoSources: Sendable, Equatable, Hashable, Codable {
    /// Progressive files, whatever order the server gave.
    public var webVideos: [RemoteVideoFile]
    public var hls: HLSPlaylist?

    public init(webVideos: [RemoteVideoFile] = [], hls: HLSPlaylist? = nil) {
        self.webVideos = webVideos
        self.hls = hls
    }

    public var isEmpty: Bool { webVideos.isEmpty && hls == nil }

    /// The largest picture any file says it has (width x height), for a video whose aspect
    /// ratio the network left out.
    public var largestPicture: PixelSize? {
        let sizes = (webVideos + (hls?.renditions ?? [])).compactMap { file -> PixelSize? in
            guard !file.isAudioOnly, let width = file.width, let height = file.height, width > 0, height > 0 else { return nil }
            return PixelSize(width: width, height: height)
        }
        return sizes.max { $0.width * $0.height < $1.width * $1.height }
    }
}
