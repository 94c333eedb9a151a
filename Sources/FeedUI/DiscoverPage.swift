import FeedPresentation
import FeedCore
import FeedMedia
import GLibKit
import GtkKit
import Localization

/// Discover: search over captions, authors, music and hashtags as you type, trending hashtags
/// as chips, results as a grid. Clicking a result opens a feed over the results.
@MainActor
final class DiscoverPage {
    let root = Box(.vertical)
    let search = SearchEntry(placeholder: tr("Search videos, people, sounds, #hashtags"))
    private let chips = Box(.horizontal, spacing: 6)
    private let status = Label()
    private let grid: PostGrid
    private let scroller = ScrolledWindow()
    private let store: DiscoverStore
    var onOpen: ((_ posts: [Post], _ index: Int) -> Void)? {
        get { grid.onOpen }
        set { grid.onOpen = newValue }
    }

    init(_ deps: DiscoverDependencies) {
        store = DiscoverStore(repository: deps.repository, events: deps.events, clock: deps.clock)
        grid = PostGrid(thumbnails: deps.thumbnails, playableURI: deps.playableURI)
        root.addCSSClass("discover-page")
        search.setMargins(top: 10, bottom: 6, start: 10, end: 10)
        // TRANSLATORS: the search field (a noun, or the verb as on a button).
        search.setAccessibleLabel(tr("Search"))
        search.onSearchChanged { [weak self] in self?.refresh() }
        root.append(search)

        let chipScroller = ScrolledWindow()
        chipScroller.setExternalHorizontalScrolling()
        chipScroller.setChild(chips)
        chips.setMargins(bottom: 8, start: 10, end: 10)
        root.append(chipScroller)

        status.addCSSClass("discover-status")
        status.setWrap(true)
        status.isVisible = false
        root.append(status)

        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.setExpand(horizontal: true, vertical: true)
        scroller.setChild(grid.root)
        root.append(scroller)
    }

    /// Shows trending tags and, with an empty query, the most liked recent videos.
    func prepare() {
        store.prepare()
        chips.removeAll()
        for tag in store.trending {
            let chip = Button(label: "#" + tag)
            chip.addCSSClass("hashtag-chip")
            // TRANSLATORS: a trending hashtag's button; {tag} is the hashtag without “#”.
            chip.setAccessibleLabel(tr("Search #{tag}", ["tag": tag]))
            chip.onClicked { [weak self] in self?.show(query: "#" + tag) }
            chips.append(chip)
        }
        if search.text.isEmpty { refresh() }
    }

    func show(query: String) {
        search.text = query
        refresh()
    }

    func focusSearch() { search.grabFocus() }

    private func refresh() {
        store.search(search.text)
        grid.show(store.posts)
        status.text = store.message ?? ""
        status.isVisible = store.message != nil
    }
}

import Foundation
