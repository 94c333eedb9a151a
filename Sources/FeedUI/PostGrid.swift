import FeedCore
import FeedMedia
import Foundation
import GtkKit

/// A 3-column grid of video tiles (profiles, search results): a thumbnail made in the
/// background and the like count. Clicking a tile opens the feed at that video.
@MainActor
final class PostGrid {
    let root = Grid(spacing: 1)
    private(set) var posts: [Post] = []
    private var tiles: [PostTile] = []
    private var tickets: [ThumbnailTicket] = []
    private let thumbnails: ThumbnailGenerator
    private let playableURI: (String) -> String
    private var tileSize = GridLayout.tileSize(forWidth: 450)
    var onOpen: ((_ posts: [Post], _ index: Int) -> Void)?

    init(thumbnails: ThumbnailGenerator, playableURI: @escaping (String) -> String) {
        self.thumbnails = thumbnails
        self.playableURI = playableURI
        root.addCSSClass("post-grid")
        root.setAlign(horizontal: .start, vertical: .start)
    }

    func show(_ posts: [Post]) {
        root.removeAll()
        tiles.removeAll()
        // The old tiles are gone: their thumbnails still waiting need not be made.
        for ticket in tickets { ticket.cancel() }
        tickets.removeAll()
        self.posts = posts
        for (index, post) in posts.enumerated() {
            let tile = PostTile(post: post, size: tileSize)
            tile.button.onClicked { [weak self] in
                guard let self else { return }
                onOpen?(self.posts, index)
            }
            tiles.append(tile)
            root.attach(tile.button, column: index % GridLayout.columns, row: index / GridLayout.columns)
            // A cover chosen when posting wins over the first frame.
            if let cover = post.coverURI.flatMap(URL.init(string:)), cover.isFileURL,
               FileManager.default.fileExists(atPath: cover.path) {
                tile.setThumbnail(cover.path)
            } else {
                tickets.append(thumbnails.thumbnail(postID: post.id, uri: playableURI(post.videoURI)) { [weak tile] url in
                    tile?.setThumbnail(url?.path)
                })
            }
        }
    }

    /// The grid's width in logical pixels: tiles follow the grid formula.
    func setWidth(_ width: Int) {
        let size = GridLayout.tileSize(forWidth: width)
        guard size != tileSize else { return }
        tileSize = size
        for tile in tiles { tile.resize(size) }
    }
}

/// One tile: the thumbnail filling it and a heart with the like count.
@MainActor
final class PostTile {
    let button: Button
    private let picture = Picture()
    private let overlay = Overlay()

    init(post: Post, size: PixelSize) {
        picture.setFit(.cover)
        picture.addCSSClass("tile-picture")
        overlay.setChild(picture)
        let likes = Box(.horizontal, spacing: 3)
        likes.addCSSClass("tile-likes")
        likes.setAlign(horizontal: .start, vertical: .end)
        likes.canTarget = false
        likes.append(Image(iconName: "loopfeed-heart-symbolic", pixelSize: 12))
        likes.append(Label(CountFormatter.short(post.likeCount)))
        overlay.addOverlay(likes)
        overlay.setOverflowHidden()
        button = Button(child: overlay)
        button.setHasFrame(false)
        button.addCSSClass("post-tile")
        button.setAccessibleLabel("\(post.author.atHandle): \(post.caption), \(post.likeCount) likes")
        button.tooltip = post.caption
        resize(size)
    }

    /// The button itself gets the size (its CSS adds no padding): anything added around the
    /// tile would widen the grid past the width the tile was computed from, and the window
    /// would grow without end.
    func resize(_ size: PixelSize) {
        button.setSizeRequest(width: Int32(size.width), height: Int32(size.height))
    }

    func setThumbnail(_ path: String?) {
        guard let path else {
            button.addCSSClass("tile-broken")
            return
        }
        picture.setFile(path: path)
    }
}
