import FeedCore
import FeedPresentation
import Foundation
import GLibKit
import GtkKit
import Localization

/// A channel's or account's page on a network, in the profile's layout: its banner behind a
/// shade, avatar, display name, name@host, followers and videos, its description with the web
/// addresses in it as links, Follow, and the grid of its videos that loads more as it scrolls.
/// ChannelStore decides; this only shows.
@MainActor
final class ChannelPage {
    let root = Overlay()
    let store: ChannelStore
    private let scroller = ScrolledWindow()
    private let banner = Picture()
    private let avatar = Image(file: nil, pixelSize: 96)
    private let name = Label()
    private let handle = Label()
    private let counts = Label()
    private let about = Label()
    private let followButton = Button(label: tr("Follow"))
    /// Where the follow stands with the account's network: sending, sent, refused (issue 23).
    private let followMark = DeliveryMark()
    private let deliveries: ActionDeliveryMarks?
    private let status = Label()
    private let grid: RemoteVideoGrid
    private let images: (any WebImageFetching)?
    private let back = Button(iconName: "go-previous-symbolic")
    var onOpen: ((_ list: RemoteVideoList, _ index: Int) -> Void)?
    var onBack: (() -> Void)?

    init(store: ChannelStore, images: (any WebImageFetching)?, deliveries: ActionDeliveryMarks? = nil) {
        self.store = store
        self.images = images
        self.deliveries = deliveries
        grid = RemoteVideoGrid(images: images)
        root.addCSSClass("profile-page")
        root.setExpand(horizontal: true, vertical: true)

        let header = Overlay()
        header.setOverflowHidden()
        let shade = Box(.vertical)
        shade.addCSSClass("profile-shade")
        shade.setSizeRequest(width: -1, height: 340)
        header.setChild(shade)
        banner.setFit(.cover)
        banner.canTarget = false
        banner.addCSSClass("channel-banner")
        header.addOverlay(banner)
        let shadeOver = Box(.vertical)
        shadeOver.addCSSClass("profile-shade")
        shadeOver.canTarget = false
        header.addOverlay(shadeOver)
        header.addOverlay(buildInfo())

        let content = Box(.vertical)
        content.append(header)
        status.addCSSClass("discover-status")
        status.setWrap(true)
        status.isVisible = false
        content.append(status)
        content.append(grid.root)
        let clamp = Clamp(maximum: 960)
        clamp.setChild(content)
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.setExpand(horizontal: true, vertical: true)
        scroller.setChild(clamp)
        grid.follow(scroller)
        scroller.onBottomReached { [weak self] in self?.store.videos?.loadMore() }
        root.setChild(scroller)

        back.addCSSClass("results-back")
        back.setAlign(horizontal: .start, vertical: .start)
        back.setMargins(top: 10, start: 10)
        back.setAccessibleLabel(tr("Back"))
        back.tooltip = tr("Back (Esc)")
        back.onClicked { [weak self] in self?.onBack?() }
        root.addOverlay(back)

        grid.onOpen = { [weak self] index in
            guard let self, let list = store.videos else { return }
            onOpen?(list, index)
        }
        store.onChange = { [weak self] in self?.bind() }
    }

    private func buildInfo() -> Widget {
        let info = Box(.vertical, spacing: 6)
        info.addCSSClass("profile-info")
        info.setAlign(horizontal: .fill, vertical: .end)
        avatar.setAlign(horizontal: .center)
        avatar.addCSSClass("profile-avatar")
        avatar.setOverflowHidden()
        name.addCSSClass("profile-name")
        name.setWrap(true, maxLines: 2)
        name.setEllipsizeEnd()
        handle.addCSSClass("profile-handle")
        handle.setWrap(true)
        counts.addCSSClass("profile-count-caption")
        counts.setWrap(true)
        about.addCSSClass("profile-bio")
        about.setWrap(true, maxLines: 6)
        about.setEllipsizeEnd()
        about.onActivateLink { uri in
            guard uri.isWebAddress else { return true }
            AppLauncher.openDefault(uri: uri) { _ in }
            return true
        }
        followButton.addCSSClass("follow-button")
        followButton.setAlign(horizontal: .center)
        followButton.onClicked { [weak self] in self?.store.toggleFollow() }
        followMark.onRetry = { [weak self] in
            guard let self, let handle = followedHandle else { return }
            deliveries?.retry(.channel(handle))
        }
        followMark.onUndo = { [weak self] in
            guard let self, let handle = followedHandle, let following = deliveries?.undoing(.channel(handle)),
                  following != store.isFollowed else { return }
            store.toggleFollow()
        }
        deliveries?.observe(by: self) { [weak self] subject in
            guard let self, subject == followedHandle.map(ActedOn.channel) else { return }
            showFollowDelivery()
        }
        // The mark sits right of Follow, over the row's room: Follow does not move as it comes and goes.
        let followRow = Overlay()
        followRow.setChild(followButton)
        followRow.addOverlay(followMark.root)
        followMark.root.setAlign(horizontal: .start, vertical: .center)
        followRow.placeOverlays { [weak self] child, width, height in
            guard let self, child === followMark.root else { return nil }
            // The button at its natural width, centred (its allocated width leaves out its padding).
            let right = (width + min(followButton.naturalWidth, width)) / 2 + 6
            return WidgetRect(x: right, y: 0, width: max(0, width - right), height: height)
        }
        for widget: Widget in [avatar, name, handle, counts, about, followRow] { info.append(widget) }
        return info
    }

    /// The channel as its follow goes to the network (`AccountActions.channelFollowed`).
    private var followedHandle: String? { store.channel?.actor.handle }

    private func showFollowDelivery() {
        guard let deliveries, let handle = followedHandle else { return followMark.show(.none, of: .follow) }
        followMark.show(deliveries.delivery(of: .channel(handle)), of: store.isFollowed ? .follow : .unfollow)
    }

    func show(_ actor: RemoteActor) {
        let changed = store.actor?.handle != actor.handle
        store.show(actor)
        if changed { scroller.verticalOffset = 0 }
        bind()
    }

    private func bind() {
        let actor = store.channel?.actor ?? store.actor
        name.text = ShownText.visible(actor?.shownName ?? "")
        handle.text = actor.map { "@" + $0.handle } ?? ""
        avatar.setFile(nil)
        avatar.setIconName("avatar-default-symbolic")
        avatar.setAccessibleLabel(tr("{name}’s avatar", ["name": actor?.shownName ?? ""]))
        if let address = actor?.avatarURL?.absoluteString {
            images?.image(at: address) { [weak self] file in
                if let file { self?.avatar.setFile(file.path) }
            }
        }
        banner.setFile(path: nil)
        if let address = store.channel?.bannerURL?.absoluteString {
            images?.image(at: address) { [weak self] file in self?.banner.setFile(path: file?.path) }
        }
        counts.text = countsLine()
        counts.isVisible = !counts.text.isEmpty
        let description = store.channel?.description ?? ""
        about.setMarkup(Self.markup(description))
        about.isVisible = !description.isEmpty
        followButton.isVisible = store.canFollow
        followButton.sensitive = !store.isChangingFollow
        followButton.label = store.isFollowed ? tr("Following") : tr("Follow")
        followButton.setCSSClass("followed", store.isFollowed)
        followButton.setAccessibleLabel(store.isFollowed ? tr("Unfollow {author}", ["author": handle.text])
                                                         : tr("Follow {author}", ["author": handle.text]))
        showFollowDelivery()
        grid.show(store.videos?.videos ?? [])
        let message: String? = switch store.state {
        case .loading: tr("Looking for {handle}…", ["handle": handle.text])
        case .failed(let why): why
        case .shown: store.videos?.message
        }
        status.text = message ?? ""
        status.isVisible = message != nil
    }

    private func countsLine() -> String {
        guard let channel = store.channel else { return "" }
        var parts: [String] = []
        if let followers = channel.followers { parts.append(trn("{number} follower", "{number} followers", followers, ["number": CountFormatter.short(followers)])) }
        if let videos = channel.videoCount { parts.append(trn("{count} video", "{count} videos", videos)) }
        if let likes = channel.likes { parts.append(trn("{count} like", "{count} likes", likes)) }
        return parts.joined(separator: " · ")
    }

    /// The description as markup: its web addresses links, everything else escaped text.
    static func markup(_ text: String) -> String {
        WebLinks.runs(ShownText.visible(text)).map { run in
            switch run {
            case .text(let text): Markup.escape(text)
            case .link(let url, let shown): "<a href=\"" + Markup.escape(url.absoluteString) + "\">" + Markup.escape(shown) + "</a>"
            }
        }.joined()
    }
}
