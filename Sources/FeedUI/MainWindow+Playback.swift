public import FeedCore
import Foundation
import GLibKit

/// Media keys and desktop media controls act on the feed on screen (Home when none is).
extension MainWindow {
    private var mediaFeed: FeedController { activeFeed ?? feed }

    public var playbackState: PlaybackState {
        let feed = mediaFeed
        guard let post = feed.current else { return .nothing }
        return PlaybackState(post: post, playing: feed.session.isPlaying, stopped: feed.session.isStopped, volume: feed.volume,
                             canGoNext: feed.session.canGoNext, canGoPrevious: feed.session.canGoPrevious, lengthUs: feed.durationUs,
                             url: feed.playableURI(for: post), artURL: feed.thumbnailURI(for: post))
    }

    public var positionUs: Int64 { mediaFeed.positionUs }

    public func next() { mediaFeed.session.move(by: 1) }
    public func previous() { mediaFeed.session.move(by: -1) }
    public func play() { mediaFeed.session.play() }
    public func pause() { mediaFeed.session.pause() }
    public func playPause() { mediaFeed.session.togglePause() }
    public func stop() { mediaFeed.session.stop() }
    public func raise() { window.present() }
    public func quit() { window.close() }

    public func setVolume(_ volume: Double) {
        feed.setVolume(volume)
        publishPlaybackState()
    }

    func publishPlaybackState() { onPlaybackStateChanged?(playbackState) }
}
