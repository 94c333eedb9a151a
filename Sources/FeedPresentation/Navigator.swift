public import FeedCore

/// Where the window is: one of the five tabs, or a page over one (a feed over search results,
/// a grid or an Inbox item; somebody's profile). Each route carries what its page shows, so a
/// page can be made again when Back returns to it.
public enum Route: Equatable {
    case tab(AppTab)
    /// A feed over `posts`, opened at `start`.
    case results(posts: [Post], start: Int)
    case author(Author)
    /// A feed over results from the networks, from the one chosen on.
    case remoteResults(RemoteResultsFeed)
    /// A channel's or account's page on a network.
    case channel(RemoteActor)

    public static func == (lhs: Route, rhs: Route) -> Bool {
        switch (lhs, rhs) {
        case (.tab(let a), .tab(let b)): a == b
        case (.results(let a, let i), .results(let b, let j)): a == b && i == j
        case (.author(let a), .author(let b)): a == b
        case (.remoteResults(let a), .remoteResults(let b)): a === b
        case (.channel(let a), .channel(let b)): a.kind == b.kind && a.handle == b.handle
        default: false
        }
    }
}

/// The window's back stack: a tab at the bottom, the pages opened over it above. Selecting a tab
/// starts again from that tab; Back (Esc) goes one page down. It only decides; the window shows
/// what `onChange` reports.
@MainActor
public final class Navigator {
    public init() {}

    public private(set) var stack: [Route] = [.tab(.home)]
    /// Called with the route left and the route shown, after each change.
    public var onChange: ((_ from: Route, _ to: Route) -> Void)?

    public var current: Route { stack[stack.count - 1] }

    /// The tab the current page belongs to (what the tab bar marks).
    public var tab: AppTab {
        for route in stack.reversed() { if case .tab(let tab) = route { return tab } }
        return .home
    }

    public var canGoBack: Bool { stack.count > 1 }

    /// Whether `route` is still somewhere in the stack (a page worth keeping for Back).
    public func contains(_ route: Route) -> Bool { stack.contains(route) }

    /// Shows a tab, leaving every page opened over the previous one.
    public func select(_ tab: AppTab) {
        change { $0 = [.tab(tab)] }
    }

    /// Opens a page over the current one. Your own profile opened from a feed is a page too
    /// (Esc returns to the video), as anyone's is. Opening the page already on top changes nothing.
    public func open(_ route: Route) {
        guard route != current else { return }
        if case .tab(let tab) = route { return select(tab) }
        change { $0.append(route) }
    }

    /// Goes one page back; false on a tab, where there is nothing to go back to.
    @discardableResult
    public func back() -> Bool {
        guard canGoBack else { return false }
        change { $0.removeLast() }
        return true
    }

    private func change(_ body: (inout [Route]) -> Void) {
        let from = current
        body(&stack)
        onChange?(from, current)
    }
}
