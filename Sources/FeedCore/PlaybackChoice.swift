public import Foundation

/// One way to play a remote video.
public enum PlaybackSource: Sendable, Equatable, Hashable {
    /// A progressive file: a PeerTube web video, Loops' `src_url`.
    case file(RemoteVideoFile)
    /// The HLS master playlist, with the video rendition that fits the window (nil when the
    /// document listed none) and, for split audio, the audio-only rendition the master joins to it.
    case hls(master: URL, video: RemoteVideoFile?, audio: RemoteVideoFile?)

    /// The address the source is known by: the file, or the HLS master playlist.
    public var url: URL {
        switch self {
        case .file(let file): file.url
        case .hls(let master, _, _): master
        }
    }

    /// The short side of its picture in pixels, when known.
    public var shortSide: Int? {
        switch self {
        case .file(let file): file.shortSide
        case .hls(_, let video, _): video?.shortSide
        }
    }

    /// What the post plays from and the cache keeps: a web video's file; an HLS stream's chosen
    /// rendition, whose fragmented MP4 holds the whole video (the playlists only address its byte
    /// ranges), joined to the audio-only file when the sound is split off (`JoinedTracks`); the
    /// master playlist only when the document listed no rendition.
    public var address: String {
        switch self {
        case .file(let file): file.url.absoluteString
        case .hls(_, let video?, let audio?): JoinedTracks(video: video.url, audio: audio.url).address
        case .hls(_, let video?, nil): video.url.absoluteString
        case .hls(let master, nil, _): master.absoluteString
        }
    }
}

/// What to play for a remote video in a window, and what to try when that fails: the smallest
/// file whose short side covers the window's short side in device pixels (never the 240p one
/// when a 720p one is there, never 1080p for a 450-pixel window), else the largest; then the
/// larger ones, then the smaller ones. Web videos with sound come first (those of no stated size
/// after an HLS stream whose renditions state theirs); HLS when there are none, or when only its
/// split audio gives the picture its sound.
public enum PlaybackChoice {
    /// Every way to play `sources` in a window of `window` device pixels, best first.
    public static func order(_ sources: RemoteVideoSources, window: PixelSize) -> [PlaybackSource] {
        let shortSide = max(1, min(window.width, window.height))
        let pictures = sources.webVideos.filter { !$0.isAudioOnly }
        let withSound = ranked(pictures.filter { $0.hasAudio != false }, shortSide: shortSide).map(PlaybackSource.file)
        let silent = ranked(pictures.filter { $0.hasAudio == false }, shortSide: shortSide).map(PlaybackSource.file)
        var streams: [PlaybackSource] = []
        var streamHasSound = false
        if let hls = sources.hls {
            let videos = ranked(hls.videoRenditions, shortSide: shortSide)
            let audio = hls.hasSplitAudio ? hls.audioRendition : nil
            streams = videos.isEmpty ? [.hls(master: hls.masterURL, video: nil, audio: audio)]
                : videos.map { .hls(master: hls.masterURL, video: $0, audio: audio) }
            // A document that lists no renditions says nothing against the master's sound.
            streamHasSound = hls.renditions.isEmpty || hls.renditions.contains { $0.hasAudio != false }
        }
        // A stream whose renditions say their size fits the window better than a file that says
        // none (PeerTube's feed enclosure, a download the server muxes on the fly).
        let sizedStreams = streamHasSound && (sources.hls?.videoRenditions.contains { $0.shortSide != nil } ?? false)
        let ordered: [PlaybackSource]
        if sizedStreams {
            let sized = withSound.filter { if case .file(let file) = $0 { file.shortSide != nil } else { false } }
            ordered = sized + streams + withSound.filter { !sized.contains($0) } + silent
        } else if !withSound.isEmpty {
            ordered = withSound + streams + silent
        } else if streamHasSound {
            ordered = streams + silent
        } else {
            ordered = silent + streams
        }
        var seen = Set<PlaybackSource>()
        return ordered.filter { seen.insert($0).inserted }
    }

    /// The source to try after the one at `failed` has failed (a missing file, a 404, a decode
    /// error): of those not tried yet, one of the same size first (the HLS rendition of a missing
    /// 720p web video is 720p too), else the best ranked; nil when none is left, or when `failed`
    /// is none of them (the post plays from elsewhere).
    public static func next(after failed: String, in sources: RemoteVideoSources, window: PixelSize,
                            tried: Set<String> = []) -> PlaybackSource? {
        let order = order(sources, window: window)
        guard let index = order.firstIndex(where: { $0.address == failed }) else { return nil }
        let rest = order.filter { $0.address != failed && !tried.contains($0.address) }
        let size = order[index].shortSide
        return rest.first { size != nil && $0.shortSide == size } ?? rest.first
    }

    /// `files` in the order to try them for a window whose short side is `shortSide` pixels:
    /// those that cover it, smallest first; then those that don't, largest first; then those
    /// of no known size.
    public static func ranked(_ files: [RemoteVideoFile], shortSide: Int) -> [RemoteVideoFile] {
        let sized = files.filter { $0.shortSide != nil }
        let covering = sized.filter { $0.shortSide! >= shortSide }.sorted { $0.shortSide! < $1.shortSide! }
        let smaller = sized.filter { $0.shortSide! < shortSide }.sorted { $0.shortSide! > $1.shortSide! }
        return covering + smaller + files.filter { $0.shortSide == nil }
    }
}
