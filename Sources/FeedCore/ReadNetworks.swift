public import Foundation

/// The servers Discover reads: the user's PeerTube instances and Loops servers (Preferences),
/// those named for one run (`--instance`, checked for what they are), and the search index
/// while it is on (or the one `--search-index` names for the run, or none).
public struct ReadNetworks: Sendable, Equatable {
    /// What `--search-index` said for this run.
    public enum IndexChoice: Sendable, Equatable {
        /// As the preferences say.
        case preferences
        case none
        case address(URL)
    }

    /// Servers named for this run only (`--instance`), once they said what they are.
    public var runServers: [RemoteServer]
    public var runIndex: IndexChoice

    public init(runServers: [RemoteServer] = [], runIndex: IndexChoice = .preferences) {
        self.runServers = runServers
        self.runIndex = runIndex
    }

    /// Every server to ask, each once: instances, the index, Loops servers.
    public func servers(_ preferences: Preferences) -> [RemoteServer] {
        let instances = preferences.peertubeInstances.compactMap { NetworkAddress.base($0) }
            .compactMap { RemoteServer(kind: .peertube, address: $0) }
        let loops = preferences.loopsServers.compactMap { NetworkAddress.base($0) }.compactMap { RemoteServer(kind: .loops, address: $0) }
        var index: RemoteServer?
        switch runIndex {
        case .preferences:
            if preferences.searchIndexEnabled {
                index = NetworkAddress.base(preferences.searchIndex).flatMap { RemoteServer(kind: .peertubeSearchIndex, address: $0) }
            }
        case .none:
            index = nil
        case .address(let url):
            index = RemoteServer(kind: .peertubeSearchIndex, address: url)
        }
        var seen = Set<URL>()
        let all = instances + runServers.filter { $0.kind == .peertube } + (index.map { [$0] } ?? [])
            + loops + runServers.filter { $0.kind == .loops }
        return all.filter { seen.insert($0.baseURL).inserted }
    }

    /// Whether anything but the search index is read: Discover starts on the networks then.
    public func hasOwnServers(_ preferences: Preferences) -> Bool {
        servers(preferences).contains { !$0.isSearchIndex }
    }
}
