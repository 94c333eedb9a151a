public import FeedCore
import Foundation
import GLibKit

/// Media keys and desktop media controls act on the feed on screen (Home when none is).
extension MainWindow {
    private var mediaFeed: FeedController { activeFeed ?? feed }

    public var playbackState: PlaybackState {
        let feed = mediaFeed
        guard let post = feed.current else { return .nothing }
        return PlaybackState(post: post, playing: feed.isPlaying, stopped: feed.stopped, volume: feed.volume,
                             canGoNext: feed.canGoNext, canGoPrevious: feed.canGoPrevious, lengthUs: feed.durationUs,
                             url: feed.playableURI(for: post), artURL: feed.thumbnailURI(for: post))
    }

    public var positionUs: Int64 { mediaFeed.positionUs }

    public func next() { mediaFeed.move(by: 1) }
    public func previous() { mediaFeed.move(by: -1) }
    public func play() { mediaFeed.play() }
    public func pause() { mediaFeed.pause() }
    public func playPause() { mediaFeed.togglePause() }
    public func stop() { mediaFeed.stop() }
    public func raise() { window.present() }
    public func quit() { window.close() }

    public func setVolume(_ volume: Double) {
        feed.setVolume(volume)
        publishPlaybackState()
    }

    func publishPlaybackState() { onPlaybackStateChanged?(playbackState) }
}
