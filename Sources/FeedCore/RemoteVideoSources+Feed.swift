import Foundation

extension VideoRendition {
    /// Sound only (`audio/…`): PeerTube's split audio, listed beside its video-only files.
    public var isAudioFile: Bool {
        (mimeType?.lowercased() ?? "").hasPrefix("audio/") && !url.path.lowercased().hasSuffix(".m3u8")
    }
}

extension RemoteVideoSources {
    /// What a feed's entry offers, as the sources PlaybackChoice ranks for the window:
    /// - a Media RSS `height` given alone is PeerTube's resolution, the short side ("720" for a
    ///   720x1280 portrait video); with a width, the two are the picture's size;
    /// - PeerTube's HLS renditions, fragmented MP4s in `/static/streaming-playlists/hls/ID/`,
    ///   belong to the stream whose master playlist sits beside them;
    /// - an entry listing an audio-only file beside them splits its sound (PeerTube 6.2): those
    ///   renditions have none, and play joined to it.
    /// MP4 files come before other types of the same size.
    public init(feedRenditions renditions: [VideoRendition]) {
        let splitSound = renditions.contains(where: \.isAudioFile)
        var web: [RemoteVideoFile] = []
        var streams: [RemoteVideoFile] = []
        var master: URL?
        for rendition in renditions where rendition.isPlayableFile || rendition.isAudioFile {
            let isAudio = rendition.isAudioFile
            let streamMaster = Self.hlsMaster(of: rendition.url)
            let sized = rendition.width != nil && rendition.height != nil
            let file = RemoteVideoFile(url: rendition.url, resolution: isAudio ? 0 : (sized ? nil : rendition.height),
                                       width: sized ? rendition.width : nil, height: sized ? rendition.height : nil,
                                       byteSize: rendition.byteSize,
                                       hasAudio: isAudio ? true : (splitSound && streamMaster != nil ? false : nil),
                                       hasVideo: isAudio ? false : nil)
            if let streamMaster {
                master = master ?? streamMaster
                streams.append(file)
            } else if !isAudio {
                web.append(file)
            }
        }
        let mp4First = web.filter { $0.url.path.lowercased().hasSuffix(".mp4") } + web.filter { !$0.url.path.lowercased().hasSuffix(".mp4") }
        self.init(webVideos: mp4First, hls: master.map { HLSPlaylist(masterURL: $0, renditions: streams) })
    }

    /// `…/streaming-playlists/hls/ID/UUID-720-fragmented.mp4` -> `…/hls/ID/UUID-master.m3u8`;
    /// nil for any other address.
    static func hlsMaster(of url: URL) -> URL? {
        let parts = url.pathComponents
        let suffix = "-fragmented.mp4"
        guard parts.count >= 4, parts[parts.count - 4] == "streaming-playlists", parts[parts.count - 3] == "hls",
              let name = parts.last, name.hasSuffix(suffix) else { return nil }
        let stem = name.dropLast(suffix.count)
        guard let dash = stem.lastIndex(of: "-"), Int(stem[stem.index(after: dash)...]) != nil else { return nil }
        return url.deletingLastPathComponent().appendingPathComponent("\(stem[..<dash])-master.m3u8")
    }
}
