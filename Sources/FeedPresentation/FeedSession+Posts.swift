public import FeedCore
import Localization

/// Posts that change while the feed plays: likes and shares (stored first; a like the library
/// refused is said in the window), videos that arrive (a library folder, a followed feed) and
/// come next, a post whose file is gone taken out, and a post or author changed elsewhere.
extension FeedSession {
    /// L: the current post's like toggled.
    public func likeCurrent() {
        guard let post = store.current else { return }
        setLiked(!post.liked, postID: post.id)
    }

    /// The rail's heart on the page in `slot`.
    public func toggleLike(slot: Int) {
        guard pages.indices.contains(slot), let post = pages[slot].post else { return }
        setLiked(!post.liked, postID: post.id)
    }

    /// A double-click only ever likes (the heart bursts either way; that is the view's).
    public func likeFromDoubleClick() {
        guard let post = store.current, !post.liked else { return }
        setLiked(true, postID: post.id)
    }

    public func setLiked(_ liked: Bool, postID: Int64) {
        do {
            let stored = try store.setLiked(liked, postID: postID)
            for page in pages { _ = page.update(stored) }
            deps.events?.emit(.like(postID: stored.id, liked: stored.liked, likeCount: stored.likeCount))
            if stored.id == store.current?.id { view?.currentChanged(stored) }
            if stored.remote != nil { deps.actions?.postLiked(stored) }
            if stored.liked { deps.interests?.record(.liked, post: stored) }
        } catch {
            let message = tr("Couldn’t save the like: {error}", ["error": error])
            view?.flash(message)
            deps.events?.emit(.error(kind: "storage", message: message, postID: postID))
        }
    }

    /// The "+" on the avatar of the page in `slot`: its creator is followed, and every page of
    /// theirs loses its "+".
    public func followAuthor(slot: Int) {
        guard pages.indices.contains(slot), let post = pages[slot].post, post.author.showsFollowBadge else { return }
        let author = post.author
        // A network's creator is followed as the channel page's Follow does: their feed here, and
        // the account's follow on their network.
        if let channels = channelFollower, let actor = RemoteAuthor.actor(of: post) {
            return followChannel(actor, of: post, through: channels)
        }
        do {
            let followed = try store.follow(author)
            if let post = pages[slot].post { deps.interests?.record(.followed, post: post) }
            authorUpdated(followed)
            deps.events?.emit(.follow(handle: followed.handle, following: true))
            // TRANSLATORS: said when the "+" on a creator's picture is pressed; {handle} is their @handle.
            view?.flash(tr("You follow {handle}", ["handle": followed.atHandle]))
        } catch {
            let message = tr("Couldn’t follow {handle}: {error}", ["handle": author.atHandle, "error": error])
            view?.flash(message)
            deps.events?.emit(.error(kind: "storage", message: message, postID: pages[slot].post?.id))
        }
    }

    private func followChannel(_ actor: RemoteActor, of post: Post, through channels: ChannelFollower) {
        channels.follow(actor) { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case .followed(let channel, let added):
                deps.interests?.record(.followed, post: post)
                onChannelFollowed?(added)
                view?.flash(tr("You follow {name}: their new videos come in Home.", ["name": channel.shownName]))
            case .alreadyFollowed:
                view?.flash(tr("You follow {name} already.", ["name": actor.shownName]))
            case .failed(let reason):
                let message = tr("Couldn’t follow {name}: {reason}", ["name": actor.shownName, "reason": reason])
                view?.flash(message)
                deps.events?.emit(.error(kind: "network", message: message, postID: post.id))
                return
            }
            // Every page of theirs loses its "+": they are followed through their feed now.
            if let stored = store.author(handle: post.author.handle) { authorUpdated(stored) }
            deps.events?.emit(.follow(handle: post.author.handle, following: true))
        }
    }

    /// Undoes a follow of a network's channel its server refused (Undo by the "+"'s mark):
    /// unfollowed here and on the account, and its posts show the "+" again.
    public func unfollowChannel(_ handle: String) {
        guard let channels = channelFollower else { return }
        let channel: RemoteActor
        switch channels.unfollow(handle) {
        case .unfollowed(let actor): channel = actor
        case .notFollowed: return
        case .failed(let reason):
            view?.flash(reason)
            return
        }
        var authors: [Author] = []
        for page in pages {
            guard let post = page.post, RemoteAuthor.actor(of: post)?.handle == handle,
                  !authors.contains(where: { $0.handle == post.author.handle }) else { continue }
            authors.append(post.author)
        }
        for author in authors {
            if let stored = store.author(handle: author.handle) { authorUpdated(stored) }
            deps.events?.emit(.follow(handle: author.handle, following: false))
        }
        view?.flash(tr("You no longer follow {name}.", ["name": channel.shownName]))
    }

    /// Counts one share of the post (the share menu did it) and returns it as stored.
    public func recordShare(postID: Int64) throws -> Post {
        let stored = try store.recordShare(postID: postID)
        for page in pages { _ = page.update(stored) }
        deps.interests?.record(.shared, post: stored)
        return stored
    }

    /// Videos the user added come next, after the one on screen (which goes on playing): the
    /// next swipe shows them. An empty feed starts with them.
    public func showNext(_ posts: [Post]) {
        guard !posts.isEmpty else { return }
        let wasEmpty = store.current == nil
        store.insertNext(posts)
        if wasEmpty { return start(inputUs: deps.clock.nowMicroseconds()) }
        if !isSliding, view?.isDragging != true { assignSlots() }
    }

    /// Videos that arrived by themselves (the followed feeds' refresh, a library folder's new
    /// files) come after the one waiting below the post on screen: a swipe while a thousand feeds
    /// refresh finds the video it was showing ready, not one put there a moment before and not
    /// yet downloaded. An empty feed starts with them.
    public func showArrived(_ posts: [Post]) {
        guard !posts.isEmpty else { return }
        guard store.current != nil else { return showNext(posts) }
        store.insertAfterPreloaded(posts)
        if !isSliding, view?.isDragging != true { assignSlots() }
    }

    /// Videos the user just asked for (a channel followed, a video's address): next after the one
    /// on screen and gone to at once. An empty feed starts at the first of them (moving on from
    /// there skipped it: the newest video of a channel followed on an empty feed never showed).
    public func showAtOnce(_ posts: [Post]) {
        guard !posts.isEmpty else { return }
        let wasEmpty = store.current == nil
        showNext(posts)
        if !wasEmpty { move(by: 1) }
    }

    /// Takes the current post out of the library and the feed (Remove from feed on the error
    /// card of a file that is gone); the next post takes its place.
    public func remove(_ post: Post?) {
        guard let post, post.id == store.current?.id else { return }
        do {
            try store.remove(post)
        } catch {
            deps.events?.emit(.error(kind: "storage", message: "\(error)", postID: post.id))
            view?.flash(tr("Couldn’t remove the post: {error}", ["error": error]))
            return
        }
        finishWatching()
        for page in pages { page.clear() }
        view?.flash(tr("Removed from your feed"))
        start(inputUs: deps.clock.nowMicroseconds())
    }

    /// An author changed (the user edited their profile): their posts show the new handle, name
    /// and avatar at once.
    public func authorUpdated(_ author: Author) {
        for post in store.update(author: author) {
            for page in pages where page.post?.id == post.id { _ = page.update(post) }
            if post.id == store.current?.id { view?.currentChanged(post) }
        }
    }

    /// A post changed elsewhere (comments added or deleted): the new counts at once.
    public func postUpdated(_ post: Post) {
        store.update(post)
        for page in pages { _ = page.update(post) }
        if post.id == store.current?.id { view?.currentChanged(post) }
    }
}
