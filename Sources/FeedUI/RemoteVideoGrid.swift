import FeedCore
import Foundation
import GLibKit
import GtkKit
import Localization

/// A grid of videos from the networks (Discover's shelves and searches, a channel's videos):
/// each tile the network's still (fetched once into the cache), a neutral placeholder with the
/// title until it comes or when there is none, and the like count. Tiles are placed by
/// `GridLayout` from the width the grid is given, as PostGrid's are; new pages are added to the
/// end without making the tiles already there again.
@MainActor
final class RemoteVideoGrid {
    let root = Overlay()
    private let spacer = Box(.vertical)
    private var tiles: [RemoteVideoTile] = []
    private var shown: [String] = []
    private let images: (any WebImageFetching)?
    private lazy var places = TilePlaces(placing: root)
    private var layout: GridLayout { places.layout }
    private lazy var viewport = GridViewport(grid: root)
    /// A tile was pressed: its index in what was shown.
    var onOpen: ((Int) -> Void)?

    init(images: (any WebImageFetching)?) {
        self.images = images
        root.addCSSClass("post-grid")
        root.setExpand(horizontal: true)
        root.setChild(spacer)
        places.onLayoutChange = { [weak self] in
            self?.updateHeight()
            self?.showStillsNearScreen()
        }
    }

    var count: Int { tiles.count }

    /// Only the tiles near what `scroller` shows draw their stills (GridViewport says why).
    func follow(_ scroller: ScrolledWindow) {
        viewport.onChange = { [weak self] in self?.showStillsNearScreen() }
        viewport.follow(scroller)
    }

    private func showStillsNearScreen() {
        viewport.markNearScreen(tiles, layout)
    }

    /// Shows `videos`: when they begin with what is shown (a next page), only the new ones are added.
    func show(_ videos: [RemoteVideo]) {
        let ids = videos.map(\.id)
        if !(ids.count >= shown.count && Array(ids.prefix(shown.count)) == shown) {
            for tile in tiles { root.removeOverlay(tile.button) }
            tiles.removeAll()
            places.removeAll()
            shown.removeAll()
        }
        for (index, video) in videos.enumerated().dropFirst(shown.count) {
            let tile = RemoteVideoTile(video: video)
            tile.button.onClicked { [weak self] in self?.onOpen?(index) }
            tiles.append(tile)
            places.add(tile.button, at: index)
            root.addOverlay(tile.button)
            if let still = video.thumbnailURL ?? video.previewURL {
                images?.image(at: still.absoluteString) { [weak self, weak tile] file in
                    tile?.setStill(file?.path, covering: self.map { $0.viewport.stillSize($0.layout) } ?? GridViewport.largestStill)
                }
            }
        }
        shown = ids
        updateHeight()
        showStillsNearScreen()
    }

    /// The tile of `index`, to give it the focus when Back returns to the grid.
    func focus(_ index: Int) {
        guard tiles.indices.contains(index) else { return }
        let button = tiles[index].button
        button.grabFocus()
        button.scrollFocusIntoView()
        // Tiles just made (a page loaded while the feed was open) have no place until the next
        // layout: scroll again on the frames after it.
        var frames = 0
        button.addTickCallback { _ in
            button.scrollFocusIntoView()
            frames += 1
            return frames < 3
        }
    }

    /// Where tile `index` is, from the grid's top (to scroll the page to it).
    func top(of index: Int) -> Int { layout.frame(of: index).y }

    private func updateHeight() {
        spacer.setSizeRequest(width: -1, height: Int32(layout.height(of: tiles.count)))
    }
}

/// One remote video's tile: its still over a placeholder with the title, and the like count.
@MainActor
final class RemoteVideoTile: NearScreenTile {
    let button: Button
    private let picture = Picture()
    private let placeholder: TilePlaceholder
    private var hasStill = false
    /// Off screen, the still is not drawn (it stays loaded).
    var nearScreen = true {
        didSet { if nearScreen != oldValue { picture.isVisible = hasStill && nearScreen } }
    }

    init(video: RemoteVideo) {
        placeholder = TilePlaceholder(ShownText.visible(video.title))
        let overlay = Overlay()
        overlay.setChild(placeholder.root)
        picture.setFit(.cover)
        picture.setExpand(horizontal: true, vertical: true)
        picture.addCSSClass("tile-picture")
        picture.isVisible = false
        overlay.addOverlay(picture)
        let likes = Box(.horizontal, spacing: 3)
        likes.addCSSClass("tile-likes")
        likes.setAlign(horizontal: .start, vertical: .end)
        likes.canTarget = false
        likes.append(Image(iconName: "loopfeed-heart-symbolic", pixelSize: 12))
        likes.append(Label(CountFormatter.short(video.counts.likes ?? 0)))
        likes.isVisible = video.counts.likes != nil
        overlay.addOverlay(likes)
        overlay.setOverflowHidden()
        button = Button(child: overlay)
        button.setHasFrame(false)
        button.addCSSClass("post-tile")
        // TRANSLATORS: a video tile from a network, for screen readers; {author} is name@host.
        button.setAccessibleLabel(trn("{author}: {title}, {count} like", "{author}: {title}, {count} likes", video.counts.likes ?? 0,
                                      ["author": "@" + video.author.handle, "title": ShownText.isolated(video.title)]))
        button.tooltip = ShownText.visible(video.title)
    }

    func setStill(_ path: String?, covering size: PixelSize) {
        guard let path else { return }
        picture.showStill(at: path, covering: size) { [weak self] in
            guard let self else { return }
            hasStill = true
            picture.isVisible = nearScreen
            placeholder.covered()
        }
    }
}
