import FeedPresentation
import FeedCore
import Foundation
import GtkKit
import Localization

/// Discover on the networks: the shelves (Trending, Hot, Newest) and the filters (Any shape,
/// Any length, Only their own), Loops' tags, the sentence saying where typed words go, channels
/// and the grid of videos that loads more as it scrolls; NetworkDiscoverStore decides.
extension DiscoverPage {
    private static let shelfChoices: [ExploreQuery.Shelf] = [.trending, .hot, .newest]

    func installNetworks() {
        guard let network else { return }
        shelves.show([ChipGroup.Chip(text: tr("Trending"), accessibleLabel: tr("Trending videos")),
                      ChipGroup.Chip(text: tr("Hot"), accessibleLabel: tr("Hot videos")),
                      ChipGroup.Chip(text: tr("Newest"), accessibleLabel: tr("Newest videos"))], selected: [0])
        shelves.onPress = { [weak self] index in
            self?.networkTags.select([])
            self?.network?.select(.shelf(Self.shelfChoices[index]))
        }
        filters.show([ChipGroup.Chip(text: tr("Any shape"), accessibleLabel: tr("Show videos of any shape, not only upright ones")),
                      ChipGroup.Chip(text: tr("Any length"), accessibleLabel: tr("Show videos of any length, not only short ones")),
                      ChipGroup.Chip(text: tr("Only their own"), accessibleLabel: tr("Only the videos each instance hosts itself"))])
        filters.onPress = { [weak self] _ in
            guard let self, let network = self.network else { return }
            let on = filters.selected
            network.setAnyShape(on.contains(0))
            network.setAnyLength(on.contains(1))
            network.setLocalOnly(on.contains(2))
        }
        networkTags.onPress = { [weak self] index in
            guard let self, let network = self.network, network.tags.indices.contains(index) else { return }
            shelves.select([])
            network.select(.tag(network.tags[index].name))
        }
        remoteGrid.onOpen = { [weak self] index in
            guard let self, let list = self.network?.videos else { return }
            onOpenRemote?(list, index)
        }
        channels.onOpen = { [weak self] index in
            guard let self, let network = self.network, network.channels.indices.contains(index) else { return }
            onOpenChannel?(network.channels[index])
        }
        network.onChange = { [weak self] in
            guard let self, scope == .networks else { return }
            bindNetworks()
        }
        networks.onServersChanged = { [weak self] in
            guard let self else { return }
            network.serversChanged()
            if networks.hasOwnServers, scope == .thisComputer, search.text.isEmpty { setScope(.networks) }
        }
    }

    func bindNetworks() {
        guard let network else { return }
        let searching = network.showsSearchResults
        localTags.root.isVisible = false
        people.show([])
        localGrid.root.isVisible = false
        remoteGrid.root.isVisible = true
        shelves.root.isVisible = !searching && network.hasOwnServers
        filters.root.isVisible = network.hasServers
        networkTags.show(network.tags.map { ChipGroup.Chip(text: "#" + $0.name, accessibleLabel: tr("Videos tagged #{tag}", ["tag": $0.name])) },
                         selected: selectedTag(network))
        networkTags.root.isVisible = !searching && !network.tags.isEmpty
        if let host = network.searchIndexHost {
            // TRANSLATORS: under Discover's search field; {host} is the search index ("sepiasearch.org").
            indexNote.text = tr("Words you search for here also go to {host}.", ["host": host])
            indexNote.isVisible = true
        } else {
            indexNote.isVisible = false
        }
        channels.show(searching ? network.channels.map(Self.person) : [])
        videosHeading.isVisible = searching && !network.channels.isEmpty && !(network.videos?.videos.isEmpty ?? true)
        remoteGrid.show(network.videos?.videos ?? [])
        setUpNetworks.isVisible = !network.hasOwnServers && !searching
        if !network.hasServers {
            say(tr("Discover can show the videos of PeerTube instances and Loops servers: add them in Preferences (Ctrl+comma)."))
        } else if !network.hasOwnServers, !searching {
            say(tr("Type words to search the networks, or add PeerTube instances and Loops servers in Preferences (Ctrl+comma) to see what they offer here."))
        } else if network.videos?.state == .loading, network.videos?.videos.isEmpty == true {
            say(tr("Looking on the networks…"))
        } else {
            say(network.message)
        }
    }

    private func selectedTag(_ network: NetworkDiscoverStore) -> Set<Int> {
        guard case .tag(let tag) = network.browse, let index = network.tags.firstIndex(where: { $0.name == tag }) else { return [] }
        return [index]
    }

    private static func person(_ channel: RemoteChannel) -> PersonList.Person {
        let kind = switch channel.actor.kind {
        case .peertubeChannel: tr("PeerTube channel")
        case .peertubeAccount: tr("PeerTube account")
        case .loopsProfile: tr("Loops")
        }
        let detail = channel.followers.map { trn("{number} follower", "{number} followers", $0, ["number": CountFormatter.short($0)]) + " · " + kind } ?? kind
        return PersonList.Person(name: channel.actor.shownName, handle: "@" + channel.actor.handle, detail: detail,
                                 avatarAddress: channel.actor.avatarURL?.absoluteString)
    }
}
