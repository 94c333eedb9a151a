/// Which posts the player pool holds around the current one: the current plays, the
/// neighbours sit prerolled (paused on their first frame) so a page change shows at once.
public struct PreloadPlan: Sendable, Equatable {
    /// How many posts on each side are kept prerolled.
    public let radius: Int

    public init(radius: Int = 1) { self.radius = radius }

    /// Slot count: always the same, whatever the feed length.
    public var poolSize: Int { 2 * radius + 1 }

    /// Post indices to keep loaded, current first, then nearest neighbours (next before previous).
    public func indices(current: Int, count: Int) -> [Int] {
        guard count > 0, (0..<count).contains(current) else { return [] }
        var result = [current]
        for distance in 1...max(1, radius) where radius > 0 {
            if current + distance < count { result.append(current + distance) }
            if current - distance >= 0 { result.append(current - distance) }
        }
        return result
    }

    /// Assigns wanted posts to slots, keeping posts already loaded where they are so a page
    /// change reuses the prerolled pipeline. `loaded[i]` is the post index slot i holds.
    /// Returns, per slot, the post index it should hold (nil: leave empty).
    public func assign(loaded: [Int?], current: Int, count: Int) -> [Int?] {
        let wanted = indices(current: current, count: count)
        var result: [Int?] = loaded.map { $0.flatMap { wanted.contains($0) ? $0 : nil } }
        var free = result.indices.filter { result[$0] == nil }
        for index in wanted where !result.contains(index) {
            guard !free.isEmpty else { break }
            result[free.removeFirst()] = index
        }
        return result
    }
}
