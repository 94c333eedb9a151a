import FeedCore
import Localization

/// Posts that come, go and change while the feed plays: videos that arrived (a library folder,
/// a followed feed) come next, a post whose file is gone can be taken out, and a post or author
/// changed elsewhere shows its new counts and names at once.
extension FeedController {
    /// Videos that arrived in a library folder come next, after the one on screen (which goes on
    /// playing): the next swipe shows them.
    func showNext(_ posts: [Post]) {
        guard !posts.isEmpty else { return }
        let wasEmpty = store.current == nil
        store.insertNext(posts)
        if wasEmpty { return start(inputUs: env.clock.nowMicroseconds()) }
        if !animator.isRunning, !gestures.dragging { assignSlots() }
    }

    /// Takes the current post out of the library and the feed (Remove from feed on the error
    /// card of a file that is gone); the next post takes its place.
    func remove(_ post: Post?) {
        guard let post, post.id == store.current?.id else { return }
        do {
            try store.remove(post)
        } catch {
            env.events?.emit(.error(kind: "storage", message: "\(error)", postID: post.id))
            return view.flash(tr("Couldn’t remove the post: {error}", ["error": error]))
        }
        for slot in slots { slot.clear() }
        view.flash(tr("Removed from your feed"))
        start(inputUs: env.clock.nowMicroseconds())
    }

    /// An author changed (the user edited their profile): their posts show the new handle, name
    /// and avatar at once, here as everywhere else.
    func authorUpdated(_ author: Author) {
        for post in store.update(author: author) {
            for slot in slots where slot.post?.id == post.id {
                slot.show(post, avatarPath: env.filePath(for: post.author.avatarURI))
            }
            if post.id == store.current?.id { onCurrentChanged?(post) }
        }
    }

    /// A post changed elsewhere (comments added or deleted): show the new counts at once.
    func postUpdated(_ post: Post) {
        store.update(post)
        for slot in slots { slot.update(post) }
        if post.id == store.current?.id { onCurrentChanged?(post) }
    }
}
