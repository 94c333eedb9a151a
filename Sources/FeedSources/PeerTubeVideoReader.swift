import FeedCore
import Foundation

/// PeerTube's Video and VideoDetails (*oas* `#/components/schemas/Video`, VideoDetails; *models*
/// videos/video.model.ts, file/video-file.model.ts, video-streaming-playlist.model.ts) as
/// RemoteVideo. A video whose uuid, name, sensitivity or channel cannot be read is no video.
enum PeerTubeVideoReader {
    static func video(_ object: JSONObject, server: RemoteServer, isDetails: Bool) -> RemoteVideo? {
        guard let uuid = object.string("uuid"), (32...36).contains(uuid.utf8.count), RemoteVideoID.isValidID(uuid),
              let name = object.string("name"), let sensitive = object.bool("nsfw") else { return nil }
        let channel = object.object("channel").flatMap { PeerTubeActors.actor($0, kind: .peertubeChannel, server: server) }
        let account = object.object("account").flatMap { PeerTubeActors.actor($0, kind: .peertubeAccount, server: server) }
        guard let author = channel ?? account, let identity = identity(object, uuid: uuid, author: author, server: server) else { return nil }
        let sources = isDetails ? self.sources(object) : RemoteVideoSources()
        let picture = sources.largestPicture
        let description = isDetails ? object.string("description") : object.string("truncatedDescription") ?? object.string("description")
        let imageBase = server.isSearchIndex ? identity.apiBase : server.baseURL
        return RemoteVideo(
            identity: identity, title: NetworkText.title(name), description: NetworkText.description(description),
            author: author, account: channel == nil ? nil : account,
            duration: object.double("duration", in: 0...Self.longestDuration),
            aspectRatio: object.double("aspectRatio", in: 0.01...100),
            width: picture?.width, height: picture?.height,
            isLive: object.bool("isLive") ?? false, isSensitive: sensitive,
            counts: RemoteCounts(likes: object.count("likes"), dislikes: object.count("dislikes"),
                                 comments: object.count("comments"), views: object.count("views")),
            published: NetworkText.date(object.string("publishedAt")) ?? NetworkText.date(object.string("createdAt")),
            tags: tags(object.strings("tags")),
            thumbnailURL: NetworkText.absoluteURL(object.string("thumbnailUrl"))
                ?? NetworkText.pathURL(object.string("thumbnailPath"), on: imageBase),
            previewURL: NetworkText.absoluteURL(object.string("previewUrl"))
                ?? NetworkText.pathURL(object.string("previewPath"), on: imageBase),
            language: object.object("language")?.string("id").flatMap { CaptionTrack.isValidLanguage($0) ? $0 : nil },
            sources: sources, commentsEnabled: commentsEnabled(object), needsDetails: !isDetails)
    }

    /// A week: longer is no video length (huge numbers).
    static let longestDuration = 7.0 * 24 * 3600

    /// The origin from the canonical `url`; without one an instance is asked (any instance that
    /// lists a video answers for it by uuid), never the search index (it has no video pages).
    private static func identity(_ object: JSONObject, uuid: String, author: RemoteActor, server: RemoteServer) -> RemoteVideoID? {
        let page = NetworkText.absoluteURL(object.string("url"))
        let origin = page.flatMap { url in RemoteHost.base(of: url).flatMap { base in RemoteHost.host(of: url).map { (base, $0) } } }
        let (apiBase, host): (URL, String)
        if let origin {
            (apiBase, host) = origin
        } else if !server.isSearchIndex {
            (apiBase, host) = (server.baseURL, author.host)
        } else {
            return nil
        }
        let shortUUID = object.string("shortUUID").flatMap { RemoteVideoID.isValidID($0) ? $0 : nil }
        return RemoteVideoID(network: .peertube, host: host, apiBase: apiBase, id: uuid, shortUUID: shortUUID,
                             answeringID: object.count("id"), answeringServer: server.baseURL, pageURL: page)
    }

    /// Web videos and the first HLS playlist (`type` 1).
    static func sources(_ object: JSONObject) -> RemoteVideoSources {
        let web = (object.objects("files") ?? []).compactMap(file)
        let playlist = (object.objects("streamingPlaylists") ?? []).first { ($0.integer("type", in: 0...100) ?? 1) == 1 }
        let hls = playlist.flatMap { playlist in
            NetworkText.absoluteURL(playlist.string("playlistUrl")).map {
                HLSPlaylist(masterURL: $0, renditions: (playlist.objects("files") ?? []).compactMap(file))
            }
        }
        return RemoteVideoSources(webVideos: web, hls: hls)
    }

    /// A VideoFile with an address; sizes that make no sense are left out.
    static func file(_ object: JSONObject) -> RemoteVideoFile? {
        guard let url = NetworkText.absoluteURL(object.string("fileUrl")) else { return nil }
        return RemoteVideoFile(
            url: url, resolution: object.object("resolution")?.integer("id", in: 0...16_384),
            width: object.integer("width", in: 1...16_384), height: object.integer("height", in: 1...16_384),
            byteSize: object.count("size").map(Int64.init), framesPerSecond: object.double("fps", in: 0...1_000),
            hasAudio: object.bool("hasAudio"), hasVideo: object.bool("hasVideo"))
    }

    /// At most 20 tags, each one line of at most a name's length.
    static func tags(_ names: [String]) -> [String] {
        Array(names.lazy.map { NetworkText.name($0) }.filter { !$0.isEmpty }.prefix(20))
    }

    /// `commentsPolicy` (7.x: 1 enabled, 2 disabled, 3 held for approval) or the older
    /// `commentsEnabled`; nil when the document says neither (lists).
    private static func commentsEnabled(_ object: JSONObject) -> Bool? {
        if let policy = object.object("commentsPolicy")?.integer("id", in: 0...100) { return policy != 2 }
        return object.bool("commentsEnabled")
    }
}
