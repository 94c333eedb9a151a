public import FeedCore
import Foundation

/// Who posted a post from a network, as the network knows them: the PeerTube channel or the
/// Loops profile whose page its @author opens. Nil for anything else (a local file, a feed of
/// no known network, a handle that could not name someone there).
public enum RemoteAuthor {
    public static func actor(of post: Post) -> RemoteActor? {
        guard let remote = post.remote else { return nil }
        let parts = post.author.handle.split(separator: "@", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        let host = parts.count == 2 ? parts[1].lowercased() : remote.host
        guard RemoteActor.isValidName(name), RemoteHost.isValid(host) else { return nil }
        let avatar = post.author.avatarURI.flatMap { $0.isWebAddress ? URL(string: $0) : nil }
        return RemoteActor(kind: remote.network == .loops ? .loopsProfile : .peertubeChannel, name: name,
                           displayName: post.author.name, host: host, avatarURL: avatar)
    }
}
