import FeedCore
import FeedPresentation
import FeedMedia
import Foundation
import GLibKit
import GtkKit
import Localization

/// A profile: a 420 px header over a parallax background (avatar, name, handle, bio, counts,
/// follow), a Videos / Liked tab bar that sticks to the top, and the 3-column grid.
@MainActor
final class ProfilePage {
    typealias Dependencies = ProfileDependencies

    typealias Tab = ProfileStore.Tab

    let root = Overlay()
    private let deps: Dependencies
    private let store: ProfileStore
    private let scroller = ScrolledWindow()
    private let content = Box(.vertical)
    private let header = Overlay()
    private let backgroundLayer = Fixed()
    private let background = Picture()
    private let avatar = Image(file: nil, pixelSize: 96)
    private let name = Label()
    private let handle = Label()
    private let bio = Label()
    private let following = Label()
    private let followers = Label()
    private let likes = Label()
    // TRANSLATORS: the button that follows a person (the verb).
    private let followButton = Button(label: tr("Follow"))
    private let clearCacheButton = Button(label: tr("Clear cache"))
    private let editButton = Button(label: tr("Edit profile"))
    var onEdit: ((Author) -> Void)?
    private let tabs: ProfileTabs
    private let stickyTabs: ProfileTabs
    private let grid: PostGrid
    private let emptyLabel = Label()
    private let probe = SizeProbe()
    var author: Author? { store.author }
    private var width: Double = 450
    private var headerHeight = ProfileHeader.height
    /// The page's content keeps a readable width in a wide window (the grid gets 4 columns).
    private let clamp = Clamp(maximum: 960)
    private let stickyClamp = Clamp(maximum: 960)
    private var pull: Double = 0
    private var pullAnimation: SnapAnimation?
    private var pullTick: UInt32?
    private var dragging = false
    var onOpen: ((_ posts: [Post], _ index: Int) -> Void)? {
        get { grid.onOpen }
        set { grid.onOpen = newValue }
    }
    var onFlash: ((String) -> Void)?

    init(_ deps: Dependencies) {
        self.deps = deps
        store = ProfileStore(repository: deps.repository, cache: deps.cache)
        grid = PostGrid(thumbnails: deps.thumbnails, playableURI: deps.playableURI)
        tabs = ProfileTabs()
        stickyTabs = ProfileTabs()
        root.addCSSClass("profile-page")
        root.setExpand(horizontal: true, vertical: true)

        background.setFit(.cover)
        background.canTarget = false
        backgroundLayer.put(background, x: 0, y: 0)
        backgroundLayer.canTarget = false
        // The shade is the header's main child and sets its size; the scaled background is an
        // overlay, which an overlay never measures, so stretching it can't widen the window.
        let shade = Box(.vertical)
        shade.addCSSClass("profile-shade")
        shade.canTarget = false
        header.setChild(shade)
        header.setOverflowHidden()
        header.addOverlay(backgroundLayer)
        let shadeOverBackground = Box(.vertical)
        shadeOverBackground.addCSSClass("profile-shade")
        shadeOverBackground.canTarget = false
        header.addOverlay(shadeOverBackground)
        header.addOverlay(buildInfo())
        header.setSizeRequest(width: -1, height: Int32(ProfileHeader.height))

        content.append(header)
        content.append(tabs.root)
        emptyLabel.addCSSClass("discover-status")
        emptyLabel.isVisible = false
        content.append(emptyLabel)
        content.append(grid.root)
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.setExpand(horizontal: true, vertical: true)
        clamp.setChild(content)
        scroller.setChild(clamp)
        grid.follow(scroller)
        scroller.onVerticalOffsetChanged { [weak self] in self?.scrolled() }
        root.setChild(scroller)
        root.addOverlay(probe)
        probe.onResize { [weak self] width, height in self?.resize(Double(width), Double(height)) }
        stickyClamp.setChild(stickyTabs.root)
        stickyClamp.setAlign(horizontal: .fill, vertical: .start)
        stickyTabs.root.isVisible = false
        root.addOverlay(stickyClamp)

        for bar in [tabs, stickyTabs] {
            bar.onSelect = { [weak self] tab in self?.select(tab) }
        }
        let pullDrag = DragGesture()
        pullDrag.onBegin { [weak self] _, _ in self?.dragging = false }
        pullDrag.onUpdate { [weak self] _, dy in self?.pulled(dy) }
        pullDrag.onEnd { [weak self] _, _ in self?.released() }
        scroller.addController(pullDrag)
    }

    private func buildInfo() -> Widget {
        let info = Box(.vertical, spacing: 6)
        info.addCSSClass("profile-info")
        info.setAlign(horizontal: .fill, vertical: .end)
        avatar.setAlign(horizontal: .center)
        avatar.addCSSClass("profile-avatar")
        avatar.setOverflowHidden()
        name.addCSSClass("profile-name")
        handle.addCSSClass("profile-handle")
        bio.addCSSClass("profile-bio")
        bio.setWrap(true, maxLines: 3)
        bio.setSelectable(false)
        let counts = Box(.horizontal, spacing: 28)
        counts.setAlign(horizontal: .center)
        // TRANSLATORS: under a profile's count of the people it follows.
        let followingCaption = tr("Following")
        // TRANSLATORS: under a profile's count of the people who follow it.
        let followersCaption = tr("Followers")
        // TRANSLATORS: under a profile's count of the likes its videos got.
        let likesCaption = tr("Likes")
        for (label, caption) in [(following, followingCaption), (followers, followersCaption), (likes, likesCaption)] {
            let column = Box(.vertical)
            label.addCSSClass("profile-count")
            let captionLabel = Label(caption)
            captionLabel.addCSSClass("profile-count-caption")
            column.append(label)
            column.append(captionLabel)
            counts.append(column)
        }
        let actions = Box(.horizontal, spacing: 8)
        actions.setAlign(horizontal: .center)
        followButton.addCSSClass("follow-button")
        followButton.onClicked { [weak self] in self?.toggleFollow() }
        clearCacheButton.addCSSClass("profile-secondary")
        clearCacheButton.setAccessibleLabel(tr("Clear the cache of thumbnails and downloads"))
        clearCacheButton.tooltip = tr("Thumbnails and downloaded videos are made again when needed")
        clearCacheButton.onClicked { [weak self] in self?.clearCache() }
        editButton.addCSSClass("profile-secondary")
        editButton.onClicked { [weak self] in
            guard let self, let author else { return }
            onEdit?(author)
        }
        actions.append(editButton)
        actions.append(followButton)
        actions.append(clearCacheButton)
        for widget: Widget in [avatar, name, handle, counts, bio, actions] { info.append(widget) }
        return info
    }

    // MARK: - Content

    func show(_ author: Author) {
        bind(changed: store.show(author))
    }

    private func bind(changed: Bool) {
        guard let author = store.author else { return }
        name.text = ShownText.visible(author.name)
        handle.text = author.atHandle
        bio.text = ShownText.visible(author.bio)
        bio.isVisible = !author.bio.isEmpty
        following.text = CountFormatter.short(author.following)
        followers.text = CountFormatter.short(author.followers)
        likes.text = CountFormatter.short(author.likes)
        avatar.setFile(deps.filePath(author.avatarURI))
        avatar.setAccessibleLabel(tr("{name}’s avatar", ["name": author.name]))
        background.setFile(path: deps.filePath(author.coverURI ?? author.avatarURI))
        followButton.isVisible = !author.isSelf
        if author.isFollowed {
            // TRANSLATORS: the follow button once you follow the person.
            followButton.label = tr("Following")
            followButton.setAccessibleLabel(tr("Unfollow {author}", ["author": author.atHandle]))
        } else {
            // TRANSLATORS: the button that follows a person (the verb).
            followButton.label = tr("Follow")
            followButton.setAccessibleLabel(tr("Follow {author}", ["author": author.atHandle]))
        }
        followButton.setCSSClass("followed", author.isFollowed)
        // Someone a followed feed brings is unfollowed with the feed, in Following.
        followButton.sensitive = !author.isFollowedThroughFeed
        followButton.tooltip = author.isFollowedThroughFeed ? tr("Followed through a feed: unfollow it in Following") : nil
        clearCacheButton.isVisible = author.isSelf
        editButton.isVisible = author.isSelf
        updateCacheSize()
        tabs.setLikedVisible(store.showsLikedTab)
        stickyTabs.setLikedVisible(store.showsLikedTab)
        if changed { scroller.verticalOffset = 0 }
        bindGrid()
    }

    /// Reloads counts and the grid (after likes, follows or new posts).
    func refresh() {
        if store.refresh() { bind(changed: false) }
    }

    private func select(_ tab: Tab) {
        // The tab already shown: its grid stays as it is (no reload, no flicker).
        if store.select(tab) { bindGrid() }
    }

    private func bindGrid() {
        tabs.select(store.tab)
        stickyTabs.select(store.tab)
        grid.show(store.posts)
        emptyLabel.text = store.emptyMessage ?? ""
        emptyLabel.isVisible = store.emptyMessage != nil
    }

    private func toggleFollow() {
        if let problem = store.toggleFollow() {
            onFlash?(problem)
        } else {
            bind(changed: false)
        }
    }

    /// Measured off the main thread: a large cache must not hold up opening the profile.
    private func updateCacheSize() {
        store.measureCache { [weak self] in
            guard let self, let size = store.cacheBytes else { return }
            clearCacheButton.label = tr("Clear cache ({size})", ["size": Self.megabytes(size)])
        }
    }

    static func megabytes(_ bytes: Int64) -> String {
        // TRANSLATORS: a size in megabytes; {size} is like “1.5”.
        tr("{size} MB", ["size": DecimalText.fixed(Double(bytes) / 1_000_000)])
    }

    private func clearCache() {
        clearCacheButton.sensitive = false
        store.clearCache { [weak self] freed in
            guard let self else { return }
            clearCacheButton.sensitive = true
            updateCacheSize()
            onFlash?(tr("Cleared {size} from the cache", ["size": Self.megabytes(freed)]))
            bindGrid()
        }
    }

    // MARK: - Layout and parallax

    private func resize(_ width: Double, _ height: Double) {
        self.width = min(width, 960)
        headerHeight = ProfileHeader.height(forPageHeight: height)
        placeBackground()
    }

    private func scrolled() {
        stickyTabs.root.isVisible = scroller.verticalOffset >= headerHeight
    }

    private func pulled(_ dy: Double) {
        // Reduced motion (gtk-enable-animations off): the header does not stretch.
        guard Style.animationsEnabled, scroller.verticalOffset <= 0, dy > 0 || dragging else { return }
        if !dragging {
            guard dy > 6 else { return }
            dragging = true
            pullAnimation = nil
        }
        pull = ProfileHeader.pull(forDrag: dy)
        placeBackground()
    }

    private func released() {
        guard dragging else { return }
        dragging = false
        pullAnimation = SnapAnimation(from: pull, to: 0, startUs: deps.clock.nowMicroseconds(), durationUs: 300_000)
        guard pullTick == nil else { return }
        pullTick = root.addTickCallback { [weak self] now in
            guard let self, let animation = pullAnimation else {
                self?.pullTick = nil
                return false
            }
            let t = deps.clock.nowMicroseconds()
            pull = animation.value(atUs: t)
            placeBackground()
            if animation.isFinished(atUs: t) {
                pullAnimation = nil
                pullTick = nil
                return false
            }
            _ = now
            return true
        }
    }

    /// The header grows by the pull; the background scales by 1 + pull/500 and moves down.
    private func placeBackground() {
        let placement = ProfileHeader.background(pull: pull)
        let height = headerHeight + pull
        header.setSizeRequest(width: -1, height: Int32(height))
        background.setSizeRequest(width: Int32(width), height: Int32(headerHeight))
        backgroundLayer.setTransform(background, x: 0, y: placement.offsetY, width: width,
                                     height: headerHeight, degrees: 0, scale: placement.scale)
    }
}
