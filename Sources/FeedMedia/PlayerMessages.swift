import FeedCore

/// What the window asks of a player. Sent from the main thread, run on the player's thread
/// in the order sent.
enum PlayerCommand: Sendable {
    /// Where the engine's results go (set once, right after the engine is made).
    case attach(@Sendable (PlayerEvent) -> Void)
    case load(uri: String, source: UInt64)
    /// A remote video from its bytes as they download (the cache's), not from the network.
    case loadStream(any RemoteVideoBytes, source: UInt64)
    case play
    case pause
    case rewind
    /// To `targetNs` into the clip (a ready clip only; the latest of several wins).
    case seek(UInt64)
    case unload(source: UInt64)
    /// The window gave up on `source` (no first frame in time): stop decoding it.
    case abandon(source: UInt64)
    case setLoop(startNs: UInt64, stopNs: UInt64?, rate: Double)
    case setViewport(PixelSize)
    case setVolume(Double)
    case setMuted(Bool)
    /// Another player found the sound server gone (`detail`: its words): go silent too.
    case soundServerGone(String)
    /// The window dropped the player: release the stream and end the thread.
    case shutdown
}

/// What a player reports back, tagged with the load it belongs to so the window can ignore
/// results of a clip it has already replaced.
enum PlayerEvent: Sendable, Equatable {
    /// The player thread began loading `source` (the load timeout counts from here).
    case loading(source: UInt64)
    case ready(source: UInt64, displaySize: PixelSize?, durationNs: UInt64?, hasAudio: Bool)
    case failed(source: UInt64, MediaError)
    case loop(source: UInt64, LoopPass)
    /// The sound went (its sink failed: the video plays on silently) or came back, whatever the
    /// clip.
    case sound(available: Bool, detail: String)
}
