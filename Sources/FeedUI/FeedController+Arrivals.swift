import FeedCore
import Localization

/// Posts that come and go while the feed plays: videos that arrived (a library folder, a
/// followed feed) come next, and a post whose file is gone can be taken out.
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
}
