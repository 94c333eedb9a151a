import FeedCore
import Localization

/// Likes: L or the rail's heart toggle, a double-click only ever likes (with a heart burst
/// where it was clicked). Stored first; a like the library refused is said in the window.
extension FeedController {
    func likeCurrent() {
        guard let post = store.current else { return }
        setLiked(!post.liked, postID: post.id)
    }

    func likeFromDoubleClick(x: Double, y: Double) {
        view.hearts.burst(atX: x, y: y, nowUs: env.clock.nowMicroseconds())
        // A double-click only ever likes.
        guard let post = store.current, !post.liked else { return }
        setLiked(true, postID: post.id)
    }

    func setLiked(_ liked: Bool, postID: Int64) {
        do {
            let stored = try store.setLiked(liked, postID: postID)
            for slot in slots { slot.update(stored) }
            env.events?.emit(.like(postID: stored.id, liked: stored.liked, likeCount: stored.likeCount))
            if stored.id == store.current?.id { onCurrentChanged?(stored) }
        } catch {
            let message = tr("Couldn’t save the like: {error}", ["error": error])
            view.flash(message)
            env.events?.emit(.error(kind: "storage", message: message, postID: postID))
        }
    }
}
