public import FeedCore

/// The feed's players: one per pooled page (the current one and its neighbours), each on its own
/// thread, made once and reused for every post. The sound settings belong to the pool, so a
/// page that comes into view already has them.
@MainActor
public final class PlayerPool {
    public let players: [LoopingPlayer]

    /// One player per receiver (the pages' surfaces), in order, on `runtime`.
    /// `remoteVideos`: the cache remote posts play from; `video`: the frame path, the same for all.
    public init(receivers: [VideoFrameReceiver], runtime: MediaRuntime,
                remoteVideos: (any RemoteVideoCache)? = nil, video: PlayerVideoPath = .memory) throws {
        players = try receivers.map {
            try LoopingPlayer(receiver: $0, runtime: runtime, video: video)
        }
        for player in players { player.remoteVideos = remoteVideos }
    }

    /// 0...1, for every player.
    public var volume: Double = 1 {
        didSet {
            volume = min(1, max(0, volume))
            for player in players { player.volume = volume }
        }
    }

    /// A player's sound went or came back (each player says so for itself).
    public var onSoundChanged: (@MainActor (_ available: Bool, _ detail: String) -> Void)? {
        didSet { for player in players { player.onSoundChanged = onSoundChanged } }
    }

    public var muted = false {
        didSet { for player in players { player.muted = muted } }
    }
}
