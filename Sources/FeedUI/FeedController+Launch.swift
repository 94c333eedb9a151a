import GLibKit

/// At launch (and when the feed starts again) the current post prerolls alone: on two cores,
/// three pipelines prerolling at once made the first frame wait for its neighbours'.
extension FeedController {
    /// The current post is in, or failed: its neighbours load now, after the paint that showed it.
    func loadNeighboursIfWaiting() {
        guard neighboursWait else { return }
        neighboursWait = false
        MainLoop.invoke { [weak self] in self?.assignSlots() }
    }
}
