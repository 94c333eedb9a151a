import FeedCore
import Foundation

/// PeerTube's actors (AccountSummary, VideoChannelSummary, Account, VideoChannel; *models*
/// actors/*.model.ts, channel/video-channel.model.ts) as RemoteActor and RemoteChannel.
enum PeerTubeActors {
    /// nil when its name or host could not be put into an address (a hostile or broken server).
    static func actor(_ object: JSONObject, kind: RemoteActor.Kind, server: RemoteServer) -> RemoteActor? {
        guard let name = object.string("name"), RemoteActor.isValidName(name),
              let host = object.string("host")?.lowercased(), RemoteHost.isValid(host) else { return nil }
        let page = NetworkText.absoluteURL(object.string("url"))
        let imageBase = imageServer(of: page, host: host, server: server)
        // `avatars` since 4.x; `avatar` alone before.
        let avatars = object.objects("avatars") ?? object.object("avatar").map { [$0] } ?? []
        return RemoteActor(kind: kind, name: name, displayName: NetworkText.name(object.string("displayName")), host: host,
                           id: object.count("id").map(String.init),
                           avatarURL: image(avatars, smallestWidth: 96, base: imageBase), pageURL: page)
    }

    /// A VideoChannel document (a channel's page).
    static func channel(_ object: JSONObject, server: RemoteServer) -> RemoteChannel? {
        guard let actor = actor(object, kind: .peertubeChannel, server: server),
              let api = apiServer(of: actor, server: server),
              let videos = URL(string: "\(api.absoluteString)/api/v1/video-channels/\(handle(actor, on: api))/videos") else { return nil }
        let banners = object.objects("banners") ?? object.object("banner").map { [$0] } ?? []
        return RemoteChannel(
            actor: actor, bannerURL: image(banners, smallestWidth: .max, base: imageServer(of: actor.pageURL, host: actor.host, server: server)),
            followers: object.count("followersCount"), following: object.count("followingCount"),
            description: NetworkText.description(object.string("description")), videosURL: videos,
            feedURL: feed(for: actor, server: server),
            owner: object.object("ownerAccount").flatMap { Self.actor($0, kind: .peertubeAccount, server: server) },
            created: NetworkText.date(object.string("createdAt")))
    }

    /// An Account document (an account's page: its videos over all its channels).
    static func account(_ object: JSONObject, server: RemoteServer) -> RemoteChannel? {
        guard let actor = actor(object, kind: .peertubeAccount, server: server),
              let api = apiServer(of: actor, server: server),
              let videos = URL(string: "\(api.absoluteString)/api/v1/accounts/\(handle(actor, on: api))/videos") else { return nil }
        return RemoteChannel(
            actor: actor, followers: object.count("followersCount"), following: object.count("followingCount"),
            description: NetworkText.description(object.string("description")), videosURL: videos,
            feedURL: feed(for: actor, server: server), created: NetworkText.date(object.string("createdAt")))
    }

    /// The actor's own instance, from its canonical `url` when that names its host.
    static func origin(of page: URL?, host: String) -> URL? {
        guard let page, RemoteHost.host(of: page) == host else { return nil }
        return RemoteHost.base(of: page)
    }

    /// Where to ask for an actor's videos: the instance that answered (it knows remote actors by
    /// their handle), or for the search index (which lists, but has no channel pages), the origin.
    static func apiServer(of actor: RemoteActor, server: RemoteServer) -> URL? {
        server.isSearchIndex ? origin(of: actor.pageURL, host: actor.host) : server.baseURL
    }

    /// An actor on `api`: its bare name on its own instance, name@host elsewhere.
    private static func handle(_ actor: RemoteActor, on api: URL) -> String {
        RemoteHost.host(of: api) == actor.host ? actor.name : actor.handle
    }

    /// The feed Follow subscribes to. A channel's numeric id is good on the instance that gave
    /// it (the origin, or the search index's origin ids); elsewhere the origin is asked by name.
    static func feed(for actor: RemoteActor, server: RemoteServer) -> URL? {
        let base: URL?
        let idIsGood: Bool
        if server.isSearchIndex {
            (base, idIsGood) = (origin(of: actor.pageURL, host: actor.host), true)
        } else if actor.host == server.host {
            (base, idIsGood) = (server.baseURL, true)
        } else {
            (base, idIsGood) = (origin(of: actor.pageURL, host: actor.host), false)
        }
        guard let base, var parts = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        parts.path = "/feeds/videos.xml"
        switch actor.kind {
        case .peertubeChannel:
            if idIsGood, let id = actor.id {
                parts.queryItems = [URLQueryItem(name: "videoChannelId", value: id)]
            } else {
                parts.queryItems = [URLQueryItem(name: "videoChannelName", value: actor.name)]
            }
        case .peertubeAccount:
            parts.queryItems = [URLQueryItem(name: "accountName", value: actor.name)]
        case .loopsProfile:
            return nil
        }
        return parts.url
    }

    /// Where an actor's image paths are: the instance that answered serves the images of the
    /// actors it knows; the search index serves none, so its paths are the origin's.
    private static func imageServer(of page: URL?, host: String, server: RemoteServer) -> URL? {
        server.isSearchIndex ? origin(of: page, host: host) : server.baseURL
    }

    /// The smallest image at least `smallestWidth` wide (`.max`: none), else the widest; its `fileUrl`, else its
    /// `path` on `base`.
    static func image(_ images: [JSONObject], smallestWidth: Int, base: URL?) -> URL? {
        let sized = images.compactMap { image -> (Int, URL)? in
            guard let url = NetworkText.absoluteURL(image.string("fileUrl")) ?? base.flatMap({ NetworkText.pathURL(image.string("path"), on: $0) })
            else { return nil }
            return (image.integer("width", in: 1...100_000) ?? 0, url)
        }
        let wide = sized.filter { $0.0 >= smallestWidth }.min { $0.0 < $1.0 }
        return (wide ?? sized.max { $0.0 < $1.0 })?.1
    }
}
