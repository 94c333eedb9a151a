import FeedCore
import FeedPresentation

/// The rail's marks of where the like and the "+"'s follow stand with the network (issue 23):
/// bound to the outbox through `ActionDeliveryMarks`; Retry sends again, Undo turns the refused
/// action back here through the session.
extension FeedController {
    func bindDeliveryMarks() {
        guard let deliveries = env.deliveries else { return }
        for (index, slot) in slots.enumerated() {
            slot.rail.deliveries = deliveries
            slot.rail.likeMark.onRetry = { [weak slot] in
                guard let post = slot?.post else { return }
                deliveries.retry(.post(post.id))
            }
            slot.rail.likeMark.onUndo = { [weak self, weak slot] in
                guard let self, let post = slot?.post, let liked = deliveries.undoing(.post(post.id)) else { return }
                session.setLiked(liked, postID: post.id)
            }
            slot.rail.followMark.onRetry = { [weak slot] in
                guard let subject = slot?.rail.followSubject else { return }
                deliveries.retry(subject)
            }
            slot.rail.followMark.onUndo = { [weak self, weak slot] in
                guard let self, case .channel(let handle)? = slot?.rail.followSubject,
                      let following = deliveries.undoing(.channel(handle)) else { return }
                // A refused unfollow (made in Following) is undone as the "+" follows.
                if following { session.followAuthor(slot: index) } else { session.unfollowChannel(handle) }
            }
        }
        deliveries.observe(by: self) { [weak self] subject in
            guard let self else { return }
            switch subject {
            case .post(let id):
                for slot in slots where slot.post?.id == id { slot.rail.showDelivery() }
            case .channel:
                for slot in slots where slot.rail.followSubject == subject { slot.rail.showFollowDelivery() }
            }
        }
    }
}
