/// The 3-column video grid of profiles and search results: tile width (W - W mod 3)/3 - 1,
/// height 1.3 × width, 1 px gaps.
public enum GridLayout {
    public static let columns = 3

    public static func tileSize(forWidth width: Int) -> PixelSize {
        guard width >= columns * 2 else { return PixelSize(width: 1, height: 1) }
        let tile = (width - width % columns) / columns - 1
        return PixelSize(width: tile, height: Int((Double(tile) * 1.3).rounded()))
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
