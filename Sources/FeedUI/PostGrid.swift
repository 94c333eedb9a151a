import FeedCore
import FeedMedia
import Foundation
import GLibKit
import GtkKit
import Localization

/// A grid of video tiles (profiles, search results): a thumbnail made in the background and the
/// like count; clicking a tile opens the feed at that video. The tiles are overlays placed by
/// `GridLayout` from the width the grid is given, so they follow the window both ways: a grid
/// of size requests computed from its own width could only ever grow.
@MainActor
final class PostGrid {
    let root = Overlay()
    /// Asks for the grid's height (so the page scrolls) and no width at all.
    private let spacer = Box(.vertical)
    private(set) var posts: [Post] = []
    private var tiles: [PostTile] = []
    private var tickets: [WorkTicket] = []
    private let thumbnails: ThumbnailProviding
    private let playableURI: (String) -> String
    private lazy var places = TilePlaces(placing: root)
    private var layout: GridLayout { places.layout }
    private lazy var viewport = GridViewport(grid: root)
    var onOpen: ((_ posts: [Post], _ index: Int) -> Void)?

    init(thumbnails: ThumbnailProviding, playableURI: @escaping (String) -> String) {
        self.thumbnails = thumbnails
        self.playableURI = playableURI
        root.addCSSClass("post-grid")
        root.setExpand(horizontal: true)
        root.setChild(spacer)
        places.onLayoutChange = { [weak self] in
            self?.updateHeight()
            self?.showThumbnailsNearScreen()
        }
    }

    /// Only the tiles near what `scroller` shows draw their thumbnails (GridViewport says why).
    func follow(_ scroller: ScrolledWindow) {
        viewport.onChange = { [weak self] in self?.showThumbnailsNearScreen() }
        viewport.follow(scroller)
    }

    private func showThumbnailsNearScreen() {
        viewport.markNearScreen(tiles, layout)
    }

    func show(_ posts: [Post]) {
        for tile in tiles { root.removeOverlay(tile.button) }
        tiles.removeAll()
        places.removeAll()
        // The old tiles are gone: their thumbnails still waiting need not be made.
        for ticket in tickets { ticket.cancel() }
        tickets.removeAll()
        self.posts = posts
        for (index, post) in posts.enumerated() {
            let tile = PostTile(post: post)
            tile.button.onClicked { [weak self] in
                guard let self else { return }
                onOpen?(self.posts, index)
            }
            tiles.append(tile)
            places.add(tile.button, at: index)
            root.addOverlay(tile.button)
            // A cover chosen when posting, or a followed post's still from its feed, wins over
            // the first frame.
            let cover = post.coverURI.flatMap(URL.init(string:)).flatMap { $0.isFileURL || $0.absoluteString.isWebAddress ? $0 : nil }
            tickets.append(thumbnails.thumbnail(postID: post.id, uri: playableURI(post.videoURI), cover: cover,
                                                ticket: WorkTicket()) { [weak self, weak tile] url in
                tile?.setThumbnail(url?.path, covering: self.map { $0.viewport.stillSize($0.layout) } ?? GridViewport.largestStill)
            })
        }
        updateHeight()
        showThumbnailsNearScreen()
    }

    private func updateHeight() {
        spacer.setSizeRequest(width: -1, height: Int32(layout.height(of: tiles.count)))
    }
}

/// One tile: the thumbnail filling it and a heart with the like count.
@MainActor
final class PostTile: NearScreenTile {
    let button: Button
    private let picture = Picture()
    private let overlay = Overlay()
    private let placeholder: TilePlaceholder
    /// Off screen, the thumbnail is not drawn (it stays loaded).
    var nearScreen = true {
        didSet { if nearScreen != oldValue { picture.isVisible = nearScreen } }
    }

    init(post: Post) {
        // Until the picture comes, and instead of it when it can't be made.
        placeholder = TilePlaceholder(ShownText.visible(post.caption.isEmpty ? post.author.atHandle : post.caption))
        overlay.setChild(placeholder.root)
        picture.setFit(.cover)
        picture.setExpand(horizontal: true, vertical: true)
        picture.addCSSClass("tile-picture")
        overlay.addOverlay(picture)
        let likes = Box(.horizontal, spacing: 3)
        likes.addCSSClass("tile-likes")
        likes.setAlign(horizontal: .start, vertical: .end)
        likes.canTarget = false
        let heart = Image(iconName: "loopfeed-heart-symbolic", pixelSize: 12)
        // Red when you liked it, as on the rail.
        heart.setCSSClass("liked", post.liked)
        likes.append(heart)
        likes.append(Label(CountFormatter.short(post.likeCount)))
        overlay.addOverlay(likes)
        overlay.setOverflowHidden()
        button = Button(child: overlay)
        button.setHasFrame(false)
        button.addCSSClass("post-tile")
        // TRANSLATORS: a video tile for screen readers; {author} is the @handle.
        button.setAccessibleLabel(trn("{author}: {caption}, {count} like", "{author}: {caption}, {count} likes", post.likeCount,
                                      ["author": post.author.atHandle, "caption": ShownText.isolated(post.caption)]))
        button.tooltip = ShownText.visible(post.caption)
    }

    func setThumbnail(_ path: String?, covering size: PixelSize) {
        guard let path else {
            button.addCSSClass("tile-broken")
            return
        }
        // Gone once covered: a title under the still is no text anyone sees (or reads).
        picture.showStill(at: path, covering: size) { [weak self] in self?.placeholder.covered() }
    }
}
