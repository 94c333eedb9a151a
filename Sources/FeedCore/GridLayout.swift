/// The video grid of profiles and search results: at least 3 columns, more as the width grows
/// so tiles stay about a phone's third wide (up to `maximumTile` px); tile width
/// (W - W mod n)/n - 1, height 1.3 × width, 1 px gaps.
public struct GridLayout: Sendable, Equatable {
    public static let minimumColumns = 3
    /// Tiles grow to this width before another column is added.
    public static let maximumTile = 240

    public let columns: Int
    public let tile: PixelSize

    public init(width: Int) {
        let width = max(0, width)
        columns = max(Self.minimumColumns, (width + Self.maximumTile - 1) / Self.maximumTile)
        guard width >= columns * 2 else {
            tile = PixelSize(width: 1, height: 1)
            return
        }
        let side = (width - width % columns) / columns - 1
        tile = PixelSize(width: side, height: Int((Double(side) * 1.3).rounded()))
    }

    /// Where tile `index` goes: row by row, 1 px between tiles.
    public func frame(of index: Int) -> PageRect {
        let column = index % columns
        let row = index / columns
        return PageRect(x: column * (tile.width + 1), y: row * (tile.height + 1), width: tile.width, height: tile.height)
    }

    /// The height of `count` tiles laid out this way.
    public func height(of count: Int) -> Int {
        guard count > 0 else { return 0 }
        let rows = (count + columns - 1) / columns
        return rows * tile.height + (rows - 1)
    }

    public static func tileSize(forWidth width: Int) -> PixelSize { GridLayout(width: width).tile }

    /// The tiles of `count` whose rows reach into the band from `top` to `bottom` (in the grid's
    /// own coordinates; the band may start above the grid or end below it).
    public func indices(between top: Int, and bottom: Int, count: Int) -> Range<Int> {
        guard count > 0, bottom >= top, bottom >= 0 else { return 0..<0 }
        let rowHeight = tile.height + 1
        let firstRow = max(0, top) / rowHeight
        let lastRow = bottom / rowHeight
        let first = min(count, firstRow * columns)
        let end = min(count, (lastRow + 1) * columns)
        return first..<max(first, end)
    }
}

/// The most used hashtags in a set of posts, most used first (ties: most liked, then name).
public enum TrendingHashtags {
    public static func top(_ posts: [Post], limit: Int) -> [String] {
        var uses: [String: (count: Int, likes: Int, shown: String)] = [:]
        for post in posts {
            for tag in post.hashtags {
                let key = tag.lowercased()
                let entry = uses[key] ?? (0, 0, tag)
                uses[key] = (entry.count + 1, entry.likes + post.likeCount, entry.shown)
            }
        }
        return uses.sorted { a, b in
            if a.value.count != b.value.count { return a.value.count > b.value.count }
            if a.value.likes != b.value.likes { return a.value.likes > b.value.likes }
            return a.key < b.key
        }.prefix(max(0, limit)).map(\.value.shown)
    }
}
