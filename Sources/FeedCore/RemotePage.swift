/// Where the next page of a list is.
public enum RemotePageCursor: Sendable, Equatable, Hashable {
    /// PeerTube: ask again with `start` (and the same `count`).
    case offset(start: Int, count: Int)
    /// Loops: ask again with `cursor`, sent back as given.
    case cursor(String)
}

/// One page of a list a network answered, and how to ask for the next.
public struct RemotePage<Item: Sendable & Equatable>: Sendable, Equatable {
    public var items: [Item]
    /// nil on the last page.
    public var next: RemotePageCursor?
    /// PeerTube's total, when given.
    public var total: Int?
    /// Items the page listed that could not be read (a wrong type, an address that is no
    /// address): left out, the rest of the page kept.
    public var dropped: Int

    public init(items: [Item], next: RemotePageCursor? = nil, total: Int? = nil, dropped: Int = 0) {
        self.items = items
        self.next = next
        self.total = total
        self.dropped = dropped
    }

    /// The next offset page after asking for `count` from `start` and being given `listed`
    /// items (read or not): none when fewer came than asked, or the total is reached.
    public static func nextOffset(start: Int, count: Int, listed: Int, total: Int?) -> RemotePageCursor? {
        guard count > 0, listed > 0 else { return nil }
        let (after, overflow) = start.addingReportingOverflow(listed)
        guard !overflow else { return nil }
        if let total { return after < total ? .offset(start: after, count: count) : nil }
        return listed >= count ? .offset(start: after, count: count) : nil
    }
}
